// bonework-cli render RIG.json -o OUT.png [--size WxH] [--background COLOR] [--bones] [--animation NAME --time T]
// Draws the rig with its art as the editor's canvas does, with the same code (app/drawing:
// SlotImages, RigPainter::paintSlots and paintRig on a PainterSurface), on a QImage: no window,
// the offscreen platform unless one is set. Without --size the image is the rig's bounding box
// (joints and images) at 100% zoom with the canvas's 60-unit framing margin; with --size the
// box is framed as the editor's fit to view does. The background is transparent by default.
// A missing image refuses the render, naming it, as export does: a picture with a placeholder
// in it would pass for the real thing. The picture never replaces the rig, another .rig.json or
// an image the rig shows. Exit 0 written, 1 invalid rig, missing image or refused output,
// 2 usage error, unreadable rig or unwritable output.

#include "clip_choice.h"
#include "command_line.h"
#include "commands.h"
#include "shown_images.h"

#include "canvas_view.h"
#include "file_format.h"
#include "painter_surface.h"
#include "rig_painter.h"
#include "slot_images.h"
#include "slot_transform.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/exporters/slot_art.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/atomic_file.h"
#include "bonework/io/rig_file.h"
#include "qt_image_codec.h"
#include "bonework/io/slot_images.h"
#include "bonework/slot_placement.h"

#include <QBuffer>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace bonework::cli {
namespace {

constexpr int kMaxSide = 16384;     // pixels: QImage's practical limit, and a sane one
constexpr double kMargin = 60.0;    // rig units around the box, as CanvasView::frame adds

const char* const kHelp =
    "Usage: bonework-cli render RIG.json -o OUT.png [--size WxH] [--background COLOR] [--bones]\n"
    "                           [--animation NAME --time T]\n"
    "\n"
    "Draws the rig with its art (the slots' images) as the editor does, into a PNG,\n"
    "without a window.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE    the PNG to write (replaced atomically; never the rig, another\n"
    "                       .rig.json or an image the rig shows)\n"
    "  --size WxH           the image's size in pixels; the rig is framed in it as the\n"
    "                       editor's fit to view does (default: the rig's joints and images\n"
    "                       at 100% zoom with a 60 pixel margin)\n"
    "  --background COLOR   any Qt colour name: #rrggbb, #aarrggbb, red, transparent\n"
    "                       (default: transparent; the editor's canvas is #232529)\n"
    "  --bones              draw the bones and joints over the art, in the rig's shape\n"
    "  --animation NAME     draw the rig as its animation NAME has it at --time T (seconds\n"
    "  --time T             since it started playing: a looping clip wraps around, one played\n"
    "                       once is clamped into it), as bonework-cli sample poses it\n"
    "  -h, --help           show this help\n"
    "\n"
    "A missing image is an error naming it (nothing is written).\n"
    "Exit codes: 0 written, 1 invalid rig, missing image or refused output, 2 usage error,\n"
    "unreadable rig or unwritable output.\n";

std::optional<QSize> parseSize(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
    const QRegularExpressionMatch m = pattern.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QSize size(m.captured(1).toInt(), m.captured(2).toInt());
    if (size.width() < 1 || size.height() < 1 || size.width() > kMaxSide || size.height() > kMaxSide)
        return std::nullopt;
    return size;
}

// What the render shows, in rig coordinates: every joint and every visible slot's image.
QRectF drawnBox(const Rig& rig, std::span<const WorldTransform> world, const drawing::SlotImages& images)
{
    QRectF box;
    for (const WorldTransform& w : world)
        box |= QRectF(drawing::toPoint(w.position), QSizeF(0.001, 0.001));
    for (const Slot& slot : rig.slotList()) {
        if (!slot.visible)
            continue;
        const QSizeF size = images.size(slot.image);
        box |= drawing::slotImageToRig(slotPlacement(rig, world, slot), size).mapRect(QRectF(QPointF(0, 0), size));
    }
    return box;
}

// The view that shows `box`: framed into `size` as the editor's fit to view, or at 100% zoom
// in an image just big enough (scaled down only when that would pass kMaxSide).
drawing::CanvasView viewFor(const QRectF& box, std::optional<QSize> size)
{
    drawing::CanvasView view;
    if (size) {
        view.size = *size;
        view.frame(box);
        return view;
    }
    const QRectF framed = box.marginsAdded(QMarginsF(kMargin, kMargin, kMargin, kMargin));
    const double fit = std::min({1.0, kMaxSide / framed.width(), kMaxSide / framed.height()});
    view.size = QSizeF(std::ceil(framed.width() * fit), std::ceil(framed.height() * fit));
    view.zoom = fit;
    view.offset = view.centre() - framed.center() * fit;
    return view;
}

// Why the picture must not be written to `output` (empty: it may): never over the rig, another
// rig, or an image the rig shows (links followed), which a mistyped -o would otherwise replace.
QString refusedOutput(const Rig& rig, const QString& rigFile, const QString& output)
{
    if (formats::isSameFile(output, rigFile))
        return QStringLiteral("refusing to write the picture over the rig being rendered (%1); choose another output name").arg(output);
    if (formats::hasRigSuffix(output))
        return QStringLiteral("refusing to write the picture over a Bonework rig (%1); choose a name that does not end in .rig.json")
            .arg(output);
    if (const std::optional<ShownImage> shown = shownImageAt(rig, rigFile, output))
        return QStringLiteral("refusing to write the picture over the image \"%1\" of slot \"%2\"; choose another output name")
            .arg(shown->image, shown->slot);
    return {};
}

} // namespace

std::unique_ptr<QCoreApplication> createRenderApplication(int& argc, char** argv)
{
    // Drawing needs a GUI application (fonts, image formats) but never a window or a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Starting a GUI application without a session (CI, ssh) warns that XDG_RUNTIME_DIR is not
    // set; render never uses that folder, so that one line is dropped (it would clutter every
    // run's stderr). Every other message passes through.
    static QtMessageHandler previous = nullptr;
    previous = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext& context, const QString& message) {
        if (!message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")) && previous)
            previous(type, context, message);
    });
    // (The handler stays for the whole run: the warning can come when fonts first load.)
    return std::make_unique<QGuiApplication>(argc, argv);
}

int runRender(const QStringList& arguments)
{
    Command command("render", kHelp);
    QTextStream& err = command.err();
    QCommandLineParser parser;
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")},
                                          QStringLiteral("The PNG to write."), QStringLiteral("file"));
    const QCommandLineOption sizeOption(QStringLiteral("size"), QStringLiteral("WxH pixels."), QStringLiteral("size"));
    const QCommandLineOption backgroundOption(QStringLiteral("background"), QStringLiteral("A colour."),
                                              QStringLiteral("colour"));
    const QCommandLineOption bonesOption(QStringLiteral("bones"), QStringLiteral("Draw the bones too."));
    const QCommandLineOption animationOption(QStringLiteral("animation"), QStringLiteral("animation"), QStringLiteral("NAME"));
    const QCommandLineOption timeOption(QStringLiteral("time"), QStringLiteral("time"), QStringLiteral("T"));
    if (const auto done = command.parse(parser, {outputOption, sizeOption, backgroundOption, bonesOption, animationOption, timeOption},
                                        arguments))
        return *done;
    QString rigFile;
    if (const auto done = command.takeOneRigFile(parser, &rigFile))
        return *done;
    const QString output = parser.value(outputOption);
    if (output.isEmpty())
        return command.usage(QStringLiteral("no output file given (-o OUT.png)"));
    // PNG only (it keeps the transparency): a name that says another image format would lie.
    static const QStringList kOtherImageSuffixes{"jpg", "jpeg", "gif", "bmp", "webp", "tif", "tiff", "svg", "ppm"};
    if (kOtherImageSuffixes.contains(QFileInfo(output).suffix().toLower()))
        return command.usage(QStringLiteral("render writes PNG images: name the output .png, not '%1'").arg(output));
    std::optional<QSize> size;
    if (parser.isSet(sizeOption) && !(size = parseSize(parser.value(sizeOption))))
        return command.usage(QStringLiteral("--size must be WIDTHxHEIGHT in pixels, each 1 to %1, not '%2'")
                         .arg(kMaxSide)
                         .arg(parser.value(sizeOption)));
    if (parser.isSet(animationOption) != parser.isSet(timeOption))
        return command.usage(QStringLiteral("--animation NAME and --time T go together"));
    double time = 0.0;
    if (parser.isSet(timeOption)) {
        bool ok = false;
        time = parser.value(timeOption).toDouble(&ok);
        if (!ok || !std::isfinite(time))
            return command.usage(QStringLiteral("--time wants a finite number of seconds, not '%1'").arg(parser.value(timeOption)));
    }
    QColor background = Qt::transparent;
    if (parser.isSet(backgroundOption)) {
        background = QColor::fromString(parser.value(backgroundOption));
        if (!background.isValid())
            return command.usage(QStringLiteral("--background: not a colour: '%1'").arg(parser.value(backgroundOption)));
    }

    const std::string rigPath = QFile::encodeName(rigFile).toStdString();
    const io::LoadResult loaded = io::loadRigFile(rigPath);
    if (!loaded.ok())
        return command.loadFailed(loaded);
    const Rig& setup = *loaded.rig;
    if (const QString refused = refusedOutput(setup, rigFile, output); !refused.isEmpty())
        return command.failure(refused);
    // The pose drawn: the setup pose, or a clip's at --time (its keyed images included).
    Rig rig = setup;
    if (parser.isSet(animationOption)) {
        QString noClip;
        const int index = findClip(setup, rigFile, parser.value(animationOption), noClip);
        if (index < 0)
            return command.failure(noClip);
        animation::ClipSampler sampler;
        if (const std::string why = sampler.bind(setup, setup.animations()[static_cast<std::size_t>(index)]); !why.empty())
            return command.failure(QString::fromStdString(why)); // the loader checked the clip: never expected
        // The time since the clip started playing, as sample takes it (a looping clip wraps).
        sampler.sample(animation::clipTime(setup.animations()[static_cast<std::size_t>(index)], time), rig);
    }
    std::vector<io::ImageProblem> problems = io::checkSlotImages(rig, rigPath, formats::imageDecodeProblem);
    drawing::SlotImages images;
    images.setBaseFolder(QFileInfo(rigFile).absolutePath());
    if (problems.empty())
        images.sync(rig);
    // The drawing's own reader should agree with the check; were it not to, a missing image
    // still refuses the render.
    for (std::size_t i = 0; i < rig.slotList().size() && problems.empty(); ++i)
        if (images.isMissing(rig.slotList()[i].image))
            problems.push_back({int(i), "slots[" + std::to_string(i) + "].image",
                                "cannot decode the image \"" + rig.slotList()[i].image + "\""});
    if (!problems.empty()) {
        command.reportImageProblems(rigFile, problems);
        err << "bonework-cli render: not rendered: " << problems.size() << (problems.size() == 1 ? " image" : " images")
            << " missing or unreadable\n";
        return Failure;
    }

    std::vector<WorldTransform> world(rig.jointCount());
    forwardKinematics(rig, world);
    const drawing::CanvasView view = viewFor(drawnBox(rig, world, images), size);
    QImage picture(view.size.toSize(), QImage::Format_ARGB32_Premultiplied);
    if (picture.isNull()) {
        err << "bonework-cli render: cannot make an image of " << view.size.width() << "x" << view.size.height() << '\n';
        return Failure;
    }
    picture.fill(background);
    {
        QPainter painter(&picture);
        painter.setRenderHint(QPainter::Antialiasing, true); // as the editor's canvas
        drawing::PainterSurface surface(&painter);
        drawing::RigPainter rigPainter;
        rigPainter.paintSlots(surface, view, rig, world, images, -1);
        if (parser.isSet(bonesOption))
            rigPainter.paintRig(surface, view, rig, world, loaded.editor.nodeShape, -1);
    }

    // Encoded first, then written whole (io/atomic_file.h: a failed write leaves an existing
    // file as it was, and a device or a folder is refused rather than replaced).
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !picture.save(&buffer, "PNG"))
        return command.cannotWrite(output, QStringLiteral("the PNG could not be encoded"));
    std::string why;
    if (!io::writeFileAtomically(QFile::encodeName(output).toStdString(), std::string_view(png.constData(), std::size_t(png.size())), why))
        return command.cannotWrite(output, QString::fromStdString(why));
    return Success;
}

} // namespace bonework::cli
