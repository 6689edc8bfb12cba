// bonework-cli validate RIG.json...
// Checks every file with the strict loader. Valid files get one summary line on stdout; each
// invalid file gets its error (file: JSON path: problem) on stderr. All files are checked, so
// one run reports every broken file. Exit code: 0 all valid, 1 some file invalid, 2 usage error
// or some file unreadable.

#include "commands.h"

#include "bonework/io/rig_file.h"

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
    return QStringLiteral("%1: valid: %2, %3, %4")
        .arg(file, plural(rig.jointCount(), "joint", "joints"), plural(rig.rootCount(), "root", "roots"),
             plural(rig.chains().size(), "chain", "chains"));
}

const char* const kHelp =
    "Usage: bonework-cli validate RIG.json...\n"
    "\n"
    "Checks Bonework rig files with the strict loader. Prints one summary line per valid\n"
    "file on stdout; reports each invalid file as FILE: JSON-PATH: PROBLEM on stderr.\n"
    "Every file is checked, even after an invalid one.\n"
    "\n"
    "Options:\n"
    "  -h, --help  Show this help.\n"
    "\n"
    "Exit codes: 0 all valid, 1 some file invalid, 2 usage error or unreadable file.\n";

} // namespace

int runValidate(const QStringList& arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(arguments)) {
        err << "bonework-cli validate: " << parser.errorText() << "\n\n" << kHelp;
        return UsageError;
    }
    if (parser.isSet(help)) {
        out << kHelp;
        return Success;
    }
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        err << "bonework-cli validate: no rig file given\n\n" << kHelp;
        return UsageError;
    }

    bool anyInvalid = false;
    bool anyUnreadable = false;
    for (const QString& file : files) {
        const io::LoadResult result = io::loadRigFile(QFile::encodeName(file).toStdString());
        if (result.ok()) {
            out << summary(file, *result.rig) << '\n';
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
