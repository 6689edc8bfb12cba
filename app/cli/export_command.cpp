// bonework-cli export RIG.json --format spine|dragonbones -o OUT.json
// Writes the rig (its current pose as the setup pose) in a game runtime's format and prints to
// stderr what the format could not carry (slots are not exported yet). Exit 0 written, 1 invalid
// rig, a slot's image missing or refused output path, 2 usage error or unreadable input.
#include "commands.h"

#include "bonework/formats/file_format.h"
#include "bonework/io/rig_file.h"
#include "bonework/io/slot_images.h"

#include <QCommandLineParser>
#include <QTextStream>
#include <QFile>

namespace bonework::cli {

int runExport(const QStringList& arguments)
{
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Export a rig for a game runtime."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("rig"), QStringLiteral("The rig file (.rig.json)."));
    const QCommandLineOption formatOption(QStringLiteral("format"), QStringLiteral("spine or dragonbones."),
                                          QStringLiteral("format"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")},
                                          QStringLiteral("The file to write."), QStringLiteral("file"));
    parser.addOption(formatOption);
    parser.addOption(outputOption);
    if (!parser.parse(arguments)) {
        err << "bonework-cli export: " << parser.errorText() << '\n';
        return UsageError;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return Success;
    }
    const QStringList files = parser.positionalArguments();
    const QString format = parser.value(formatOption);
    const QString output = parser.value(outputOption);
    const formats::FileFormat* exporter = formats::findExportFormat(format);
    if (files.size() != 1 || output.isEmpty() || !exporter) {
        err << "usage: bonework-cli export RIG.json --format spine|dragonbones -o OUT.json\n";
        return UsageError;
    }
    // Bonework's own format stays the source of truth: never overwrite a rig with an export.
    if (formats::isRigPath(output, files[0])) {
        err << "bonework-cli export: refusing to write an export over a Bonework rig (" << output
            << "); choose a name that does not end in .rig.json\n";
        return Failure;
    }
    const std::string rigPath = QFile::encodeName(files[0]).toStdString();
    const io::LoadResult loaded = io::loadRigFile(rigPath);
    if (!loaded.ok()) {
        err << QString::fromStdString(loaded.error.toString()) << '\n';
        return loaded.error.readError ? UsageError : Failure;
    }
    // An export with art missing would be broken in the game: refuse, naming each image.
    const std::vector<io::ImageProblem> missing = io::checkSlotImages(*loaded.rig, rigPath);
    if (!missing.empty()) {
        for (const io::ImageProblem& problem : missing)
            err << files[0] << ": " << QString::fromStdString(problem.jsonPath) << ": "
                << QString::fromStdString(problem.message) << '\n';
        err << "bonework-cli export: not exported: " << missing.size() << (missing.size() == 1 ? " image" : " images")
            << " missing\n";
        return Failure;
    }
    exporters::ExportReport report;
    QString error;
    if (!exporter->save(*loaded.rig, loaded.editor, output, report, &error)) {
        err << "bonework-cli export: cannot write " << output << ": " << error << '\n';
        return Failure;
    }
    err << report.toText();
    return Success;
}

} // namespace bonework::cli
