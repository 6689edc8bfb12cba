#pragma once
// The sub-commands of bonework-cli. Each takes the arguments after its own name and returns
// the process exit code: 0 success, 1 the input is invalid or cannot be solved/exported,
// 2 usage errors or unreadable files.

#include <QStringList>

namespace bonework::cli {

enum ExitCode { Success = 0, Failure = 1, UsageError = 2 };

int runValidate(const QStringList& arguments);
int runSolve(const QStringList& arguments);
int runExport(const QStringList& arguments);
int runSample(const QStringList& arguments);
int runRecord(const QStringList& arguments);

} // namespace bonework::cli
