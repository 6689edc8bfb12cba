#pragma once
// The DragonBones runtime that the export tests run in Node.js (runtime/, copied into the build
// tree at BONEWORK_RUNTIME_DIR). ctest installs its packages once, before the tests that need it
// (the export_runtime_install fixture); a test started by hand installs them here when missing.
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

namespace bonework::testing {

struct DragonBonesRuntime {
    QString node;    // node's path, when the runtime can run
    QString skip;    // why it cannot run on this machine (node or npm missing): a reason to skip
    QString failure; // why installing it failed: a test failure, not a skip
    bool ready() const { return skip.isEmpty() && failure.isEmpty(); }
};

inline DragonBonesRuntime prepareDragonBonesRuntime(const QString& dir)
{
    DragonBonesRuntime runtime;
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
    if (node.isEmpty() || npm.isEmpty()) {
        runtime.skip = QStringLiteral("node and npm are needed (scripts/test installs them)");
        return runtime;
    }
    if (!QFileInfo::exists(dir + QStringLiteral("/node_modules/@cocos/dragonbones-js"))) {
        QProcess ci;
        ci.setWorkingDirectory(dir);
        ci.start(npm, {QStringLiteral("ci"), QStringLiteral("--no-audit"), QStringLiteral("--no-fund")});
        if (!ci.waitForFinished(300000) || ci.exitCode() != 0) {
            runtime.failure = QStringLiteral("npm ci failed: ") + QString::fromLocal8Bit(ci.readAllStandardError());
            return runtime;
        }
    }
    runtime.node = node;
    return runtime;
}

} // namespace bonework::testing
