#pragma once
// Shared by the simulation tests: the example rigs and their examples.json entries, loaded with
// the real rig loader from the source tree (source_tree.h).

#include "bonework/io/rig_file.h"
#include "std_text.h"
#include "bonework/sim/simulation.h"
#include "source_tree.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <stdexcept>

namespace bonework::testing {

inline QString examplesDir()
{
    const QString root = sourceTree();
    return QDir(root.isEmpty() ? QStringLiteral(".") : root).filePath(QStringLiteral("resources/examples"));
}

// Loads resources/examples/<file>; throws with the loader's message when it fails, so a broken
// example fails every test that uses it loudly.
inline Rig loadExample(const QString& file)
{
    auto result = io::loadRigFile(localPath(QDir(examplesDir()).filePath(file)));
    if (!result.ok())
        throw std::runtime_error(qt(result.error.toString()).toStdString());
    return *result.rig;
}

inline QJsonArray exampleEntries()
{
    QFile f(QDir(examplesDir()).filePath(QStringLiteral("examples.json")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("examples")).toArray();
}

// The simulation settings an examples.json entry suggests (driver, chain or joint and solver).
inline std::optional<sim::SimulationSettings> settingsFor(const QJsonObject& entry, const Rig& rig)
{
    sim::SimulationSettings settings;
    const auto driver = sim::driverFromName(entry.value(QStringLiteral("driver")).toString().toStdString());
    if (!driver)
        return std::nullopt;
    settings.driver = *driver;
    const QString chain = entry.value(QStringLiteral("chain")).toString();
    if (!chain.isEmpty()) {
        settings.effector.chain = rig.findChain(chain.toStdString());
        if (settings.effector.chain < 0)
            return std::nullopt;
    } else {
        settings.effector.joint = rig.findJoint(entry.value(QStringLiteral("joint")).toString().toStdString());
        const auto solver = solverFromName(entry.value(QStringLiteral("solver")).toString().toStdString());
        if (settings.effector.joint == kNoJoint || !solver)
            return std::nullopt;
        settings.effector.solver = *solver;
    }
    return settings;
}

} // namespace bonework::testing
