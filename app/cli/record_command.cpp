// bonework-cli record RIG.json --chain NAME --driver ball|steering|cursor [--seed N]
//                    --seconds S --name CLIP [--tolerance PX] -o OUT.rig.json
// Plays the motion preview headless (the chain's tip driven by a bouncing ball, by seeded
// steering keys or by a cursor wandering along a seeded path) and records the solved pose every
// step (60 Hz) into a new animation clip, its keys reduced so that every joint stays within the
// tolerance (default 0.1 px) of the recorded pose (animation/clip_recorder.h). The same
// arguments give the same file. The driver plays in the rig's bounding box grown by the chain's
// reach (at least 200 px) on every side.
// Exit codes: 0 recorded, 1 an invalid rig, an unknown chain, a clip name already used or a
// driver the rig cannot play, 2 usage errors and unreadable or unwritable files.

#include "command_line.h"
#include "commands.h"
#include "rig_output.h"

#include "bonework/animation/clip_recorder.h"
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/sim/scripted_inputs.h"
#include "bonework/sim/simulation.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace bonework::cli {
namespace {

const char* const kHelp =
    "Usage: bonework-cli record RIG.json --chain NAME --driver ball|steering|cursor [--seed N]\n"
    "                          --seconds S --name CLIP [--tolerance PX] -o OUT.rig.json\n"
    "\n"
    "Plays the motion preview without a window and records the solved pose every step (60 Hz)\n"
    "into a new animation clip CLIP, keys reduced so that every joint stays within the tolerance\n"
    "of the recorded pose. The chain's tip follows a bouncing ball, seeded steering keys or a\n"
    "cursor wandering along a seeded path. The same arguments give the same file.\n"
    "\n"
    "Options:\n"
    "  --chain NAME         the chain whose tip the driver moves\n"
    "  --driver KIND        ball, steering or cursor\n"
    "  --seed N             the seed of the ball's kicks, the steering and the cursor's path (1)\n"
    "  --seconds S          how long to record (0 < S <= 3600), in whole 60 Hz steps: a part\n"
    "                       of a step counts as a whole one\n"
    "  --name CLIP          the new clip's name (not one the rig has)\n"
    "  --tolerance PX       how far any joint may stray from the recording (0.1)\n"
    "  -o, --output FILE    the rig with the new clip (into another folder: its art too)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit codes: 0 recorded, 1 invalid rig or request, 2 usage error, unreadable file or\n"
    "unwritable output.\n";

// The rig's joints' bounding box, grown by `margin` on every side.
sim::Bounds playArea(const Rig& rig, double margin)
{
    const std::vector<WorldTransform> world = forwardKinematics(rig);
    sim::Bounds b{world[0].position.x, world[0].position.y, world[0].position.x, world[0].position.y};
    for (const WorldTransform& w : world) {
        b.left = std::min(b.left, w.position.x);
        b.right = std::max(b.right, w.position.x);
        b.top = std::min(b.top, w.position.y);
        b.bottom = std::max(b.bottom, w.position.y);
    }
    return {b.left - margin, b.top - margin, b.right + margin, b.bottom + margin};
}

} // namespace

int runRecord(const QStringList& arguments)
{
    Command command("record", kHelp);
    QTextStream& out = command.out();

    QCommandLineParser parser;
    const QCommandLineOption chainOption(QStringLiteral("chain"), QStringLiteral("chain"), QStringLiteral("NAME"));
    const QCommandLineOption driverOption(QStringLiteral("driver"), QStringLiteral("driver"), QStringLiteral("KIND"));
    const QCommandLineOption seedOption(QStringLiteral("seed"), QStringLiteral("seed"), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption secondsOption(QStringLiteral("seconds"), QStringLiteral("seconds"), QStringLiteral("S"));
    const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("name"), QStringLiteral("CLIP"));
    const QCommandLineOption toleranceOption(QStringLiteral("tolerance"), QStringLiteral("tolerance"), QStringLiteral("PX"),
                                             QStringLiteral("0.1"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("output"),
                                          QStringLiteral("FILE"));
    if (const auto done = command.parse(parser, {chainOption, driverOption, seedOption, secondsOption, nameOption, toleranceOption, outputOption}, arguments))
        return *done;
    QString file;
    if (const auto done = command.takeOneRigFile(parser, &file))
        return *done;
    for (const auto* required : {&chainOption, &driverOption, &secondsOption, &nameOption, &outputOption})
        if (!parser.isSet(*required))
            return command.usage(QStringLiteral("--%1 is required").arg(required->names().constLast()));
    const QString driverName = parser.value(driverOption);
    sim::DriverKind driver = sim::DriverKind::None;
    if (driverName == QLatin1String("ball"))
        driver = sim::DriverKind::BouncingBall;
    else if (driverName == QLatin1String("steering"))
        driver = sim::DriverKind::Steering;
    else if (driverName == QLatin1String("cursor"))
        driver = sim::DriverKind::Cursor;
    else
        return command.usage(QStringLiteral("--driver wants ball, steering or cursor, not '%1'").arg(driverName));
    bool ok = false;
    const qulonglong seed = parser.value(seedOption).toULongLong(&ok);
    if (!ok)
        return command.usage(QStringLiteral("--seed wants a whole number >= 0, not '%1'").arg(parser.value(seedOption)));
    const double seconds = parser.value(secondsOption).toDouble(&ok);
    if (!ok || !std::isfinite(seconds) || seconds <= 0.0 || seconds > 3600.0)
        return command.usage(QStringLiteral("--seconds wants a number above 0 and at most 3600, not '%1'").arg(parser.value(secondsOption)));
    const double tolerance = parser.value(toleranceOption).toDouble(&ok);
    if (!ok || !std::isfinite(tolerance) || tolerance <= 0.0)
        return command.usage(QStringLiteral("--tolerance wants a number of pixels above 0, not '%1'").arg(parser.value(toleranceOption)));
    const QString clipName = parser.value(nameOption);
    if (clipName.isEmpty())
        return command.usage(QStringLiteral("--name must not be empty"));

    io::LoadResult loaded = io::loadRigFile(QFile::encodeName(file).toStdString());
    if (!loaded.ok())
        return command.loadFailed(loaded);
    Rig& rig = *loaded.rig;
    const int chain = rig.findChain(parser.value(chainOption).toStdString());
    if (chain < 0)
        return command.failure(QStringLiteral("the rig has no chain named '%1'").arg(parser.value(chainOption)));
    if (rig.findAnimation(clipName.toStdString()) >= 0)
        return command.failure(QStringLiteral("the rig has an animation named '%1' already").arg(clipName));

    double reach = 0.0;
    const Chain& c = rig.chains()[static_cast<std::size_t>(chain)];
    for (JointIndex j = c.tip; j != c.root && j != kNoJoint; j = rig.parent(j))
        reach += rig.length(j);
    sim::SimulationSettings settings;
    settings.driver = driver;
    settings.effector.chain = chain;
    settings.seed = seed;
    settings.bounds = playArea(rig, std::max(200.0, reach));
    sim::Simulation simulation(rig, settings);
    if (!simulation.runnable()) // e.g. a rig so far out that its play area overflows the doubles
        return command.failure(QStringLiteral("%1: cannot play the motion preview on chain \"%2\": %3 (the play area is the rig's "
                                              "bounding box grown by the chain's reach)")
                                   .arg(file, QString::fromStdString(c.name), QString::fromStdString(simulation.error())));

    sim::CursorPath cursor(settings.bounds, seed);
    sim::SteeringScript steering(seed);
    animation::ClipRecorder recorder(rig);
    recorder.capture(0.0, simulation.rig());
    const auto steps = static_cast<std::uint64_t>(std::ceil(seconds / simulation.stepSeconds() - 1e-9));
    for (std::uint64_t k = 1; k <= steps; ++k) {
        const double t = static_cast<double>(k) * simulation.stepSeconds();
        simulation.setCursor(cursor.at(t));
        simulation.setKeys(steering.at(t));
        simulation.step();
        recorder.capture(t, simulation.rig());
    }
    animation::Clip clip = recorder.finish(clipName.toStdString(), tolerance);
    std::size_t keys = 0;
    for (const animation::JointTracks& t : clip.joints)
        keys += t.angle.size() + t.x.size() + t.y.size() + t.rotation.size();
    if (auto added = rig.addAnimation(std::move(clip)); !added)
        return command.failure(QString::fromStdString(added.error));

    if (auto failed = writeDerivedRig(command, rig, rig, loaded.editor, file, parser.value(outputOption)))
        return *failed;
    out << clipName << ": " << recorder.frameCount() << " frames recorded, " << keys << " keys kept\n";
    return Success;
}

} // namespace bonework::cli
