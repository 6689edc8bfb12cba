// bonework-cli validate RIG.json...
// Checks every file with the strict loader, then that the images its slots name are there (PNG
// or JPEG that decode, relative to the rig's folder). Valid files get one summary line on stdout; each
// invalid file gets its error (file: JSON path: problem) on stderr, a file with missing images
// one such line per image. All files are checked, so one run reports every broken file. Exit
// code: 0 all valid, 1 some file invalid or missing an image, 2 usage error or some file
// unreadable.

#include "command_line.h"
#include "commands.h"

#include "bonework/io/rig_file.h"
#include "qt_image_codec.h"
#include "bonework/io/slot_images.h"

#include <QCommandLineParser>
#include <QTextStream>
#include <QFile>

namespace bonework::cli {
namespace {

QString plural(std::size_t n, const char* one, const char* many)
{
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? one : many));
}

QString summary(const QString& file, const Rig& rig)
{
    QString line = QStringLiteral("%1: valid: %2, %3, %4")
                       .arg(file, plural(rig.jointCount(), "joint", "joints"), plural(rig.rootCount(), "root", "roots"),
                            plural(rig.chains().size(), "chain", "chains"));
    if (!rig.slotList().empty()) // rigs without slots keep the line they always had
        line += QStringLiteral(", ") + plural(rig.slotList().size(), "slot", "slots");
    return line;
}

const char* const kHelp =
    "Usage: bonework-cli validate RIG.json...\n"
    "\n"
    "Checks Bonework rig files with the strict loader, and that the images their slots\n"
    "name, and those their clips' image keys show, exist and are PNG or JPEG files that\n"
    "decode. Prints one summary line per valid file on stdout; reports each invalid file as\n"
    "FILE: JSON-PATH: PROBLEM on stderr, and each missing image as FILE: slots[N].image:\n"
    "PROBLEM (a keyed one as FILE: animations[A].slots.SLOT.image[K].value: PROBLEM).\n"
    "Every file is checked, even after an invalid one.\n"
    "\n"
    "Options:\n"
    "  -h, --help  Show this help.\n"
    "\n"
    "Exit codes: 0 all valid, 1 some file invalid, 2 usage error or unreadable file.\n"
    "(A missing image counts as invalid.)\n";

} // namespace

int runValidate(const QStringList& arguments)
{
    Command command("validate", kHelp);
    QTextStream& out = command.out();
    QTextStream& err = command.err();

    QCommandLineParser parser;
    if (const auto done = command.parse(parser, {}, arguments))
        return *done;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return command.usage(QStringLiteral("no rig file given"));

    bool anyInvalid = false;
    bool anyUnreadable = false;
    for (const QString& file : files) {
        const std::string path = QFile::encodeName(file).toStdString();
        const io::LoadResult result = io::loadRigFile(path);
        if (result.ok()) {
            const std::vector<io::ImageProblem> missing = io::checkSlotImages(*result.rig, path, formats::imageDecodeProblem);
            if (missing.empty()) {
                out << summary(file, *result.rig) << '\n';
                continue;
            }
            command.reportImageProblems(file, missing);
            anyInvalid = true;
            continue;
        }
        err << QString::fromStdString(result.error.toString()) << '\n';
        if (io::isReadError(result.error))
            anyUnreadable = true;
        else
            anyInvalid = true;
    }
    out.flush();
    if (anyUnreadable)
        return UsageError;
    return anyInvalid ? Failure : Success;
}

} // namespace bonework::cli
