// PLACEHOLDER: replaced by the implementation of 'bonework-cli validate'.
#include "commands.h"
#include <QTextStream>
namespace bonework::cli {
int runValidate(const QStringList&)
{
    QTextStream(stderr) << "bonework-cli validate: not implemented yet\n";
    return UsageError;
}
} // namespace bonework::cli
