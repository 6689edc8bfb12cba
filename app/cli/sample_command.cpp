// bonework-cli sample RIG.json --animation NAME --time T [--report] [-o POSED.rig.json]
// The rig posed by one of its animations at time T (seconds since it started playing: a looping
// clip wraps around, one played once is clamped into the clip; animation::clipTime): keyed
// channels interpolated, then every chain that holds solved toward its keyed or setup target,
// as the editor plays it (animation/clip_sampler.h). -o writes the posed rig; --report prints
// the animation, the time, every joint's world position, the chains held and every slot's image,
// visibility and opacity, as JSON on stdout, its "joints" and "chains" as `solve --report` writes
// them (otherwise one summary line).
// Exit codes: 0 sampled, 1 an invalid rig or no such animation, 2 usage errors and unreadable
// or unwritable files.

#include "command_line.h"
#include "commands.h"
#include "rig_output.h"
#include "pose_report.h"

#include "clip_choice.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/io/rig_file.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace bonework::cli {
namespace {

const char* const kHelp =
    "Usage: bonework-cli sample RIG.json --animation NAME --time T [--report] [-o POSED.rig.json]\n"
    "\n"
    "Poses the rig as its animation NAME has it at time T (seconds since it started playing: a\n"
    "looping clip wraps around, one played once is clamped into the clip): the keyed channels\n"
    "interpolated, then every chain that holds solved toward its keyed or setup target, in\n"
    "chain order, blended by its mix. The report's time is the time within the clip.\n"
    "\n"
    "Options:\n"
    "  --animation NAME     the animation to sample\n"
    "  --time T             the time in seconds (a finite number)\n"
    "  -o, --output FILE    write the posed rig (a rig file, animations kept; into another\n"
    "                       folder, its art copied along)\n"
    "  --report             print every joint's world position, the chains held and the\n"
    "                       slots' images, visibility and opacity as JSON\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit codes: 0 sampled, 1 invalid rig or no such animation, 2 usage error, unreadable file\n"
    "or unwritable output.\n";

} // namespace

int runSample(const QStringList& arguments)
{
    Command command("sample", kHelp);
    QTextStream& out = command.out();

    QCommandLineParser parser;
    const QCommandLineOption animationOption(QStringLiteral("animation"), QStringLiteral("animation"), QStringLiteral("NAME"));
    const QCommandLineOption timeOption(QStringLiteral("time"), QStringLiteral("time"), QStringLiteral("T"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("output"),
                                          QStringLiteral("FILE"));
    const QCommandLineOption reportOption(QStringLiteral("report"), QStringLiteral("report"));
    if (const auto done = command.parse(parser, {animationOption, timeOption, outputOption, reportOption}, arguments))
        return *done;
    QString file;
    if (const auto done = command.takeOneRigFile(parser, &file))
        return *done;
    if (!parser.isSet(animationOption))
        return command.usage(QStringLiteral("--animation NAME is required"));
    if (!parser.isSet(timeOption))
        return command.usage(QStringLiteral("--time T is required"));
    bool ok = false;
    const double time = parser.value(timeOption).toDouble(&ok);
    if (!ok || !std::isfinite(time))
        return command.usage(QStringLiteral("--time wants a finite number of seconds, not '%1'").arg(parser.value(timeOption)));

    const io::LoadResult loaded = io::loadRigFile(QFile::encodeName(file).toStdString());
    if (!loaded.ok())
        return command.loadFailed(loaded);
    const Rig& setup = *loaded.rig;
    const QString name = parser.value(animationOption);
    QString noClip;
    const int index = findClip(setup, file, name, noClip);
    if (index < 0)
        return command.failure(noClip);
    const animation::Clip& clip = setup.animations()[static_cast<std::size_t>(index)];
    animation::ClipSampler sampler;
    if (const std::string why = sampler.bind(setup, clip); !why.empty()) { // the loader checked it: never expected
        return command.failure(QString::fromStdString(why));
    }
    Rig pose = setup;
    const double inClip = animation::clipTime(clip, time);
    sampler.sample(inClip, pose);

    if (parser.isSet(outputOption))
        if (auto failed = writeDerivedRig(command, pose, setup, loaded.editor, file, parser.value(outputOption)))
            return *failed;
    if (parser.isSet(reportOption)) {
        out << "{\"animation\": " << jsonString(name) << ", \"time\": " << jsonNumber(inClip) << ", " << jointsMember(pose)
            << ", " << heldChainsMember(pose, sampler.chainResults()) << ", " << slotsMember(pose) << "}\n";
    } else {
        int held = 0;
        for (const auto& r : sampler.chainResults())
            held += r.held;
        out << name << " at " << jsonNumber(inClip) << " s: " << pose.jointCount() << " joints posed, " << held
            << (held == 1 ? " chain held" : " chains held") << '\n';
    }
    return Success;
}

} // namespace bonework::cli
