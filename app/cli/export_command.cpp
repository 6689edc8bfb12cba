// PLACEHOLDER: replaced by the implementation of 'bonework-cli export'.
#include "commands.h"
#include <QTextStream>
namespace bonework::cli {
int runExport(const QStringList&)
{
    QTextStream(stderr) << "bonework-cli export: not implemented yet\n";
    return UsageError;
}
} // namespace bonework::cli
