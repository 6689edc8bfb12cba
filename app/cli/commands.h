#pragma once
// The sub-commands of bonework-cli. Each takes the arguments after its own name and returns
// the process exit code: 0 success, 1 the input is invalid or cannot be solved/exported,
// 2 usage errors or unreadable files.

#include <QCoreApplication>
#include <QStringList>

#include <memory>

namespace bonework::cli {

enum ExitCode { Success = 0, Failure = 1, UsageError = 2 };

int runValidate(const QStringList& arguments);
int runSolve(const QStringList& arguments);
int runExport(const QStringList& arguments);
int runRender(const QStringList& arguments);
int runSample(const QStringList& arguments);
int runRecord(const QStringList& arguments);

// render draws with Qt GUI: main makes this application (offscreen unless a platform is set)
// instead of a QCoreApplication when the command is render.
std::unique_ptr<QCoreApplication> createRenderApplication(int& argc, char** argv);

} // namespace bonework::cli
