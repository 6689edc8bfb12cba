// bonework-cli export RIG.json --format spine|dragonbones -o OUT.json [--max-page-size N]
//                                [--fps N] [--bake-tolerance PX]
// Writes the rig (its current pose as the setup pose) and every animation in a game runtime's
// format, with the texture atlas of its slots' images beside it, and prints to stderr what the
// format could not carry, how the animations were carried (baked channels, rounded frames) and
// the files written. Exit 0 written, 1 invalid rig, a slot's image missing, refused output path
// or a file that could not be written, 2 usage error (a bad --max-page-size, --fps or
// --bake-tolerance included) or unreadable input.
#include "command_line.h"
#include "commands.h"

#include "file_format.h"
#include "qt_image_codec.h"

#include "bonework/exporters/slot_art.h"
#include "bonework/io/rig_file.h"
#include "bonework/io/slot_images.h"

#include <QCommandLineParser>
#include <QTextStream>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <optional>

namespace bonework::cli {
namespace {

constexpr int kLargestPage = formats::kLargestAtlasPage;
constexpr int kMostFps = 240;
const char* const kHelp =
    "Usage: bonework-cli export RIG.json --format spine|dragonbones -o OUT.json\n"
    "                          [--max-page-size N] [--fps N] [--bake-tolerance PX]\n"
    "\n"
    "Writes the rig (its current pose as the setup pose) and every animation in a game\n"
    "runtime's format, with the texture atlas of its slots' images beside it. Prints on\n"
    "stderr what the format could not carry, how the animations were carried and the\n"
    "files written.\n"
    "\n"
    "Options:\n"
    "  --format FORMAT        spine (Spine 4.2 JSON) or dragonbones (DragonBones 5.5)\n"
    "  -o, --output FILE      the skeleton file to write; the atlas goes beside it\n"
    "                         (never over a .rig.json file)\n"
    "  --max-page-size N      the atlas pages' largest width and height in pixels,\n"
    "                         1 to 16384 (default 2048)\n"
    "  --fps N                the animations' frame rate: bake samples, DragonBones\n"
    "                         frames (1 to 240, default 30)\n"
    "  --bake-tolerance PX    how far a baked joint may stray, in pixels (above 0,\n"
    "                         default 0.1)\n"
    "  -h, --help             show this help\n"
    "\n"
    "Exit codes: 0 written, 1 invalid rig, missing image, refused or unwritable output,\n"
    "2 usage error or unreadable file.\n";

} // namespace

int runExport(const QStringList& arguments)
{
    Command command("export", kHelp);
    QTextStream& err = command.err();
    QCommandLineParser parser;
    const QCommandLineOption formatOption(QStringLiteral("format"), QStringLiteral("format"), QStringLiteral("FORMAT"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("output"),
                                          QStringLiteral("FILE"));
    const QCommandLineOption pageOption(QStringLiteral("max-page-size"), QStringLiteral("max-page-size"), QStringLiteral("N"));
    const QCommandLineOption fpsOption(QStringLiteral("fps"), QStringLiteral("fps"), QStringLiteral("N"));
    const QCommandLineOption toleranceOption(QStringLiteral("bake-tolerance"), QStringLiteral("bake-tolerance"),
                                             QStringLiteral("PX"));
    if (const auto done = command.parse(parser, {formatOption, outputOption, pageOption, fpsOption, toleranceOption}, arguments))
        return *done;
    QString rigFile;
    if (const auto done = command.takeOneRigFile(parser, &rigFile))
        return *done;
    if (!parser.isSet(formatOption))
        return command.usage(QStringLiteral("no format given (--format spine or --format dragonbones)"));
    const QString format = parser.value(formatOption);
    const formats::FileFormat* exporter = formats::findExportFormat(format);
    if (!exporter)
        return command.usage(QStringLiteral("--format wants spine or dragonbones, not '%1'").arg(format));
    const QString output = parser.value(outputOption);
    if (output.isEmpty())
        return command.usage(QStringLiteral("no output file given (-o OUT.json)"));
    formats::SaveOptions options;
    if (parser.isSet(pageOption)) {
        bool number = false;
        const int size = parser.value(pageOption).toInt(&number);
        if (!number || size < 1 || size > kLargestPage) {
            err << "bonework-cli export: --max-page-size must be a whole number of pixels from 1 to " << kLargestPage
                << ", not \"" << parser.value(pageOption) << "\"\n";
            return UsageError;
        }
        options.atlas.maxPageWidth = options.atlas.maxPageHeight = size;
    }
    if (parser.isSet(fpsOption)) {
        bool number = false;
        const int fps = parser.value(fpsOption).toInt(&number);
        if (!number || fps < 1 || fps > kMostFps) {
            err << "bonework-cli export: --fps must be a whole number from 1 to " << kMostFps << ", not \""
                << parser.value(fpsOption) << "\"\n";
            return UsageError;
        }
        options.animation.fps = fps;
    }
    if (parser.isSet(toleranceOption)) {
        bool number = false;
        const double tolerance = parser.value(toleranceOption).toDouble(&number);
        if (!number || !std::isfinite(tolerance) || tolerance <= 0.0) {
            err << "bonework-cli export: --bake-tolerance must be a number of pixels above 0, not \""
                << parser.value(toleranceOption) << "\"\n";
            return UsageError;
        }
        options.animation.bakeTolerance = tolerance;
    }
    // Bonework's own format stays the source of truth: never overwrite a rig with an export.
    if (formats::isSameFile(output, rigFile)) {
        err << "bonework-cli export: refusing to write the export over the rig being exported (" << output
            << "); choose another output name\n";
        return Failure;
    }
    if (formats::isRigPath(output, rigFile)) {
        err << "bonework-cli export: refusing to write an export over a Bonework rig (" << output
            << "); choose a name that does not end in .rig.json\n";
        return Failure;
    }
    const std::string rigPath = QFile::encodeName(rigFile).toStdString();
    const io::LoadResult loaded = io::loadRigFile(rigPath);
    if (!loaded.ok())
        return command.loadFailed(loaded);
    // An export with art missing would be broken in the game: refuse, naming each image.
    const std::vector<io::ImageProblem> missing = io::checkSlotImages(*loaded.rig, rigPath, formats::imageDecodeProblem);
    if (!missing.empty()) {
        command.reportImageProblems(rigFile, missing);
        err << "bonework-cli export: not exported: " << missing.size() << (missing.size() == 1 ? " image" : " images")
            << " missing or unreadable\n";
        return Failure;
    }
    // Images are found relative to the rig file's folder.
    options.rigFolder = QFileInfo(rigFile).absolutePath();
    // A page must hold the largest image (trimmed); padding goes only between images. Too small
    // a page, given or the default, is the command's to fix (exit 2, as for a bad
    // --max-page-size); an image larger than any page can be is the rig's (exit 1). Returns the
    // exit code when the page is too small, after saying which image needs how much.
    const auto pageTooSmall = [&]() -> std::optional<int> {
        std::string image;
        const int largest = exporters::largestTrimmedSide(*loaded.rig, QFile::encodeName(options.rigFolder).toStdString(),
                                                          formats::qtImageCodec(), &image);
        if (largest <= options.atlas.maxPageWidth)
            return std::nullopt;
        const QString needs = QStringLiteral("the image \"%1\" is %2 px on its longer side once trimmed")
                                  .arg(QString::fromStdString(image))
                                  .arg(largest);
        if (largest > kLargestPage) {
            err << "bonework-cli export: not exported: " << needs << ", more than the largest page (" << kLargestPage
                << " px) holds: scale it down\n";
            return Failure;
        }
        if (parser.isSet(pageOption))
            err << "bonework-cli export: --max-page-size " << options.atlas.maxPageWidth << " is too small: " << needs
                << "; use at least " << largest << '\n';
        else
            err << "bonework-cli export: the default page (" << options.atlas.maxPageWidth << " px) is too small: " << needs
                << "; pass --max-page-size " << largest
                << (largest < kLargestPage ? " or more (at most " + QString::number(kLargestPage) + ")" : QStringLiteral(" (the largest)"))
                << ", or scale it down\n";
        return UsageError;
    };
    // A page size given is checked first; the default only when the atlas does not fit (the
    // check reads every image once more).
    if (parser.isSet(pageOption))
        if (const std::optional<int> code = pageTooSmall())
            return *code;
    exporters::ExportReport report;
    QString error;
    if (!exporter->save(*loaded.rig, loaded.editor, output, report, &error, options)) {
        if (!parser.isSet(pageOption))
            if (const std::optional<int> code = pageTooSmall())
                return *code;
        err << "bonework-cli export: not exported: " << error << '\n';
        return Failure;
    }
    err << QString::fromStdString(report.toText());
    return Success;
}

} // namespace bonework::cli
