#include "command_line.h"

#include <algorithm>

namespace bonework::cli {

ExitCode Command::usage(const QString& problem)
{
    m_err << "bonework-cli " << m_name << ": " << problem << "\n\n" << m_help;
    return UsageError;
}

ExitCode Command::failure(const QString& problem)
{
    m_err << "bonework-cli " << m_name << ": " << problem << '\n';
    return Failure;
}

ExitCode Command::cannotWrite(const QString& path, const QString& why)
{
    m_err << "bonework-cli " << m_name << ": cannot write " << path << ": " << why << '\n';
    return UsageError;
}

ExitCode Command::rigNotSaved(const std::string& why)
{
    m_err << "bonework-cli " << m_name << ": " << QString::fromStdString(why) << '\n';
    return UsageError;
}

void Command::note(const QString& text)
{
    m_err << "bonework-cli " << m_name << ": " << text << '\n';
}

ExitCode Command::loadFailed(const io::LoadResult& result)
{
    m_err << QString::fromStdString(result.error.toString()) << '\n';
    return io::isReadError(result.error) ? UsageError : Failure;
}

void Command::reportImageProblems(const QString& file, const std::vector<io::ImageProblem>& problems)
{
    for (const io::ImageProblem& problem : problems)
        m_err << file << ": " << QString::fromStdString(problem.jsonPath) << ": " << QString::fromStdString(problem.message) << '\n';
}

std::optional<ExitCode> Command::parse(QCommandLineParser& parser, QList<QCommandLineOption> options,
                                       const QStringList& arguments, const QStringList& repeatable)
{
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    options.prepend(help);
    parser.addOptions(options);
    if (!parser.parse(arguments))
        return usage(parser.errorText());
    if (parser.isSet(help)) {
        m_out << m_help;
        return Success;
    }
    // An option given twice took its last value without a word (--format spine --format
    // dragonbones exported DragonBones): which one was meant is the user's to say.
    for (const QCommandLineOption& option : options) {
        const QString name = option.names().constLast();
        if (option.valueName().isEmpty() || repeatable.contains(name))
            continue;
        const QStringList values = parser.values(name);
        if (values.size() > 1)
            return usage(QStringLiteral("--%1 is given %2 times (%3): give it once")
                             .arg(name)
                             .arg(values.size())
                             .arg(values.join(QStringLiteral(", "))));
    }
    // "-" names standard output to many tools; every output here is a file (an export or a rig
    // written elsewhere brings its images beside it), so it would become a file named "-".
    const bool hasOutput = std::any_of(options.begin(), options.end(), [](const QCommandLineOption& o) { return o.names().contains(QStringLiteral("output")); });
    if (hasOutput && parser.isSet(QStringLiteral("output")) && parser.value(QStringLiteral("output")) == QStringLiteral("-"))
        return usage(QStringLiteral("-o - would write a file named \"-\": the output must be a file"));
    return std::nullopt;
}

std::optional<ExitCode> Command::takeOneRigFile(const QCommandLineParser& parser, QString* file)
{
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return usage(QStringLiteral("no rig file given"));
    if (files.size() > 1)
        return usage(QStringLiteral("one rig file at a time, not %1").arg(files.size()));
    *file = files.front();
    return std::nullopt;
}

} // namespace bonework::cli
