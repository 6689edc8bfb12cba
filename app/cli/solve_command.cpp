// PLACEHOLDER: replaced by the implementation of 'bonework-cli solve'.
#include "commands.h"
#include <QTextStream>
namespace bonework::cli {
int runSolve(const QStringList&)
{
    QTextStream(stderr) << "bonework-cli solve: not implemented yet\n";
    return UsageError;
}
} // namespace bonework::cli
