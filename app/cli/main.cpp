// bonework-cli: headless access to Bonework's rig files and solvers.
//   bonework-cli validate RIG.json...
//   bonework-cli solve RIG.json --solver NAME --target JOINT=X,Y ... | --chain NAME
//   bonework-cli export RIG.json --format spine|dragonbones -o OUT.json
//   bonework-cli render RIG.json -o OUT.png [--size WxH] [--background COLOR] [--bones]
//   bonework-cli sample RIG.json --animation NAME --time T [--report] [-o POSED.rig.json]
//   bonework-cli record RIG.json --chain NAME --driver ball|steering|cursor --seconds S --name CLIP -o OUT

#include "commands.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTextStream>

#include <cstring>

namespace {

const char* const kUsage =
    "Usage: bonework-cli COMMAND [ARGS...]\n"
    "\n"
    "Commands:\n"
    "  validate RIG.json...   check rig files; one summary line per valid file\n"
    "  solve RIG.json ...     pose a rig with an IK solver (see bonework-cli solve --help)\n"
    "  export RIG.json ...    write a Spine or DragonBones file (see bonework-cli export --help)\n"
    "  render RIG.json ...    draw the rig and its art into a PNG (see bonework-cli render --help)\n"
    "  sample RIG.json ...    pose a rig as one of its animations has it at a time (see --help)\n"
    "  record RIG.json ...    record the motion preview into an animation clip (see --help)\n"
    "\n"
    "Options:\n"
    "  --version              print the version\n"
    "  -h, --help             show this help (COMMAND --help: the command's own)\n"
    "\n"
    "Exit codes: 0 success, 1 invalid input, 2 usage error or unreadable file.\n";

} // namespace

int main(int argc, char* argv[])
{
    // Only render needs Qt GUI; the other commands stay plain QCoreApplication programs.
    const bool render = argc > 1 && std::strcmp(argv[1], "render") == 0;
    const std::unique_ptr<QCoreApplication> app =
        render ? bonework::cli::createRenderApplication(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    // Qt's image plugins log why a file does not decode ("libpng error: Read Error"); the
    // commands report that themselves, naming the rig and the JSON path.
    QLoggingCategory::setFilterRules(QStringLiteral("qt.gui.imageio*=false"));
    QCoreApplication::setApplicationName(QStringLiteral("bonework-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(BONEWORK_VERSION_STRING));

    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (args.isEmpty()) {
        err << kUsage;
        return bonework::cli::UsageError;
    }
    const QString command = args.takeFirst();
    // Each sub-command parses its own options with QCommandLineParser, which expects the
    // program name first.
    args.prepend(QStringLiteral("bonework-cli ") + command);
    if (command == QLatin1String("validate"))
        return bonework::cli::runValidate(args);
    if (command == QLatin1String("solve"))
        return bonework::cli::runSolve(args);
    if (command == QLatin1String("export"))
        return bonework::cli::runExport(args);
    if (command == QLatin1String("render"))
        return bonework::cli::runRender(args);
    if (command == QLatin1String("sample"))
        return bonework::cli::runSample(args);
    if (command == QLatin1String("record"))
        return bonework::cli::runRecord(args);
    if (command == QLatin1String("--help") || command == QLatin1String("-h") || command == QLatin1String("help")) {
        out << kUsage;
        return bonework::cli::Success;
    }
    if (command == QLatin1String("--version")) {
        out << "bonework-cli " << BONEWORK_VERSION_STRING << '\n';
        return bonework::cli::Success;
    }
    err << "bonework-cli: unknown command '" << command << "'\n\n" << kUsage;
    return bonework::cli::UsageError;
}
