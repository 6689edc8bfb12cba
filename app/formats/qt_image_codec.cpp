#include "qt_image_codec.h"

#include "file_format.h"

#include "bonework/exporters/earlier_export.h"

#include <QBuffer>
#include <QImageReader>
#include <QImageWriter>

#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace bonework::formats {
namespace {

constexpr int kDotsPerMeter = 3780; // 96 dpi

// Standard error sent to /dev/null while it lives (single-threaded callers: the CLI's checks).
class QuietStderr {
public:
    QuietStderr()
    {
        std::fflush(stderr);
        m_saved = ::dup(STDERR_FILENO);
        const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (m_saved >= 0 && null >= 0)
            ::dup2(null, STDERR_FILENO);
        if (null >= 0)
            ::close(null);
    }
    ~QuietStderr()
    {
        std::fflush(stderr);
        if (m_saved >= 0) {
            ::dup2(m_saved, STDERR_FILENO);
            ::close(m_saved);
        }
    }
    QuietStderr(const QuietStderr&) = delete;
    QuietStderr& operator=(const QuietStderr&) = delete;

private:
    int m_saved = -1;
};

// The largest image read, in pixels: that of the largest atlas page (export's --max-page-size).
constexpr qint64 kLargestImagePixels = qint64(kLargestAtlasPage) * kLargestAtlasPage;

// Whether the JPEG on `device` was cut short: no end-of-image marker (FF D9) after its last
// start of scan (FF DA). libjpeg fills what is missing with grey and Qt reports no error, so a
// half-copied file passed every check and shipped half grey. (Scan data never holds FF D9:
// the format escapes its FF bytes. A JPEG appended after the end, as cameras add a preview,
// ends with its own marker.)
bool jpegEndsTooSoon(QIODevice* device)
{
    if (!device || !device->seek(0))
        return false;
    const QByteArray bytes = device->readAll();
    const qsizetype scan = bytes.lastIndexOf(QByteArrayView("\xFF\xDA", 2));
    return scan >= 0 && bytes.indexOf(QByteArrayView("\xFF\xD9", 2), scan + 2) < 0;
}

} // namespace

QImage readImage(QImageReader& reader, QString& why)
{
    // Qt's limit is for the whole process, in MB of decoded pixels (4 bytes each); set once
    // before any read (the editor's export reads on another thread).
    static const bool limitSet = [] {
        QImageReader::setAllocationLimit(static_cast<int>(kLargestImagePixels * 4 / (1024 * 1024)));
        return true;
    }();
    (void)limitSet;
    reader.setAutoTransform(true);
    const QSize size = reader.size(); // from the header, before decoding
    if (size.isValid() && qint64(size.width()) * size.height() > kLargestImagePixels) {
        why = QStringLiteral("too large: %1 x %2 pixels, more than a %3 x %3 atlas page holds")
                  .arg(size.width())
                  .arg(size.height())
                  .arg(kLargestAtlasPage);
        return {};
    }
    const QByteArray format = reader.format(); // before read(), which forgets it
    QImage image = reader.read();
    if (format == "jpeg" && jpegEndsTooSoon(reader.device())) {
        why = QStringLiteral("the JPEG file ends too soon: its image data is cut short (a copy that did not finish?)");
        image = {};
    } else if (image.isNull()) {
        why = reader.errorString();
    }
    return image;
}

bool QtImageCodec::read(const std::string& path, exporters::RasterImage& image, std::string& why) const
{
    QImageReader reader(QString::fromStdString(path));
    // A JPEG from a camera is often stored sideways with an EXIF orientation: the atlas holds
    // it as the editor and render show it (drawing::SlotImages reads it so too).
    QString problem;
    QImage read = readImage(reader, problem);
    if (read.isNull()) {
        why = problem.toStdString();
        return false;
    }
    image = rasterImageOf(read);
    return true;
}

std::string imageDecodeProblem(const std::string& path)
{
    exporters::RasterImage image;
    std::string why;
    // libpng prints its own "libpng error: ..." on stderr (Qt gives it no error handler): the
    // caller reports the problem with the rig's name and JSON path, so that line stays out.
    const QuietStderr quiet;
    if (!qtImageCodec().read(path, image, why))
        return why.empty() ? std::string("unreadable") : why;
    if (image.isNull())
        return "it holds no pixels";
    return {};
}

bool QtImageCodec::encodePng(const exporters::RasterImage& image, std::string& png, std::string& why) const
{
    if (image.isNull()) {
        why = "the image is empty";
        return false;
    }
    // A view of the pixels, not a copy: QImage only reads them here.
    QImage view(reinterpret_cast<const uchar*>(image.pixels.data()), image.width, image.height,
                qsizetype(image.width) * qsizetype(sizeof(std::uint32_t)), QImage::Format_ARGB32);
    // The PNG's resolution chunk at 96 dpi, whatever the screen: left to Qt it is the screen's
    // (96 dpi in the editor on most screens, 100 in the CLI, which has none), so the same export
    // made in the editor and by the CLI differed in that chunk.
    view.setDotsPerMeterX(kDotsPerMeter);
    view.setDotsPerMeterY(kDotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    // Marked as Bonework's, so a later export knows the page as its own (earlier_export.h).
    QImageWriter writer(&buffer, "png");
    writer.setText(QString::fromLatin1(exporters::kPageMarkerKey), QString::fromLatin1(exporters::kPageMarker));
    if (!writer.write(view)) {
        why = "the PNG encoder failed";
        return false;
    }
    png.assign(bytes.constData(), std::size_t(bytes.size()));
    return true;
}

exporters::RasterImage rasterImageOf(const QImage& image)
{
    if (image.isNull())
        return {};
    // Format_ARGB32 is RasterImage's layout (straight alpha, 0xAARRGGBB): rows copy as they are.
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    exporters::RasterImage out(argb.width(), argb.height());
    for (int y = 0; y < argb.height(); ++y)
        std::memcpy(out.row(y), argb.constScanLine(y), std::size_t(argb.width()) * sizeof(std::uint32_t));
    return out;
}

QImage qImageOf(const exporters::RasterImage& image)
{
    if (image.isNull())
        return {};
    QImage out(image.width, image.height, QImage::Format_ARGB32);
    for (int y = 0; y < image.height; ++y)
        std::memcpy(out.scanLine(y), image.row(y), std::size_t(image.width) * sizeof(std::uint32_t));
    return out;
}

const QtImageCodec& qtImageCodec()
{
    static const QtImageCodec codec;
    return codec;
}

} // namespace bonework::formats
