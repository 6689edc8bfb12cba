#pragma once
// What the sub-commands share: their messages on stderr, each starting with the command's name,
// and the exit code each kind of message means (commands.h); the parse that answers -h/--help;
// and a rig file's loader error reported as the loader words it.

#include "commands.h"

#include "bonework/io/rig_file.h"
#include "bonework/io/slot_images.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QTextStream>

#include <optional>
#include <vector>

namespace bonework::cli {

class Command {
public:
    // `name` as typed after bonework-cli ("solve"); `help` the text -h prints.
    Command(const char* name, const char* help) : m_name(name), m_help(help) {}

    // "bonework-cli NAME: PROBLEM", a blank line and the help: a usage error.
    ExitCode usage(const QString& problem);
    // "bonework-cli NAME: PROBLEM": the input is read but cannot be used.
    ExitCode failure(const QString& problem);
    // "bonework-cli NAME: cannot write PATH: WHY": an output that cannot be written is a usage
    // error, as an unreadable input is.
    ExitCode cannotWrite(const QString& path, const QString& why);
    // "bonework-cli NAME: WHY" for io::saveRigFile's message, which names the file already:
    // an output that cannot be written, as cannotWrite().
    ExitCode rigNotSaved(const std::string& why);
    // "bonework-cli NAME: TEXT": something done that the user should know of, not a failure.
    void note(const QString& text);
    // The loader's message (file, JSON path, problem): unreadable files are usage errors (2),
    // invalid rigs failures (1).
    ExitCode loadFailed(const io::LoadResult& result);

    // One line a missing image, "FILE: JSON PATH: PROBLEM", as the loader words its errors.
    void reportImageProblems(const QString& file, const std::vector<io::ImageProblem>& problems);

    // Parses `arguments` with `options` and -h/--help. Returns the exit code when the command is
    // done already: Success once the help is printed, UsageError when the arguments do not parse
    // or an option with a value is given twice (except those named in `repeatable`, by their
    // long name).
    std::optional<ExitCode> parse(QCommandLineParser& parser, QList<QCommandLineOption> options,
                                  const QStringList& arguments, const QStringList& repeatable = {});
    // The one rig file among the positional arguments, into `file`; a usage error when there is
    // none or more than one.
    std::optional<ExitCode> takeOneRigFile(const QCommandLineParser& parser, QString* file);

    // Standard output and error, one stream each for everything the command prints, so that its
    // messages keep their order.
    QTextStream& out() { return m_out; }
    QTextStream& err() { return m_err; }

private:
    const char* m_name;
    const char* m_help;
    QTextStream m_out{stdout};
    QTextStream m_err{stderr};
};

} // namespace bonework::cli
