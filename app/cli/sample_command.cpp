// bonework-cli sample RIG.json --animation NAME --time T [--report] [-o POSED.rig.json]
// The rig posed by one of its animations at time T (seconds, clamped into the clip): keyed
// channels interpolated, then every chain that holds solved toward its keyed or setup target,
// as the editor plays it (animation/clip_sampler.h). -o writes the posed rig; --report prints
// the animation, the time, every joint's world position and the chains held, as JSON on
// stdout, its "joints" and "chains" as `solve --report` writes them (otherwise one summary line).
// Exit codes: 0 sampled, 1 an invalid rig or no such animation, 2 usage errors and unreadable
// or unwritable files.

#include "commands.h"
#include "pose_report.h"

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
    "Poses the rig as its animation NAME has it at time T (seconds; clamped into the clip):\n"
    "the keyed channels interpolated, then every chain that holds solved toward its keyed or\n"
    "setup target, in chain order, blended by its mix.\n"
    "\n"
    "Options:\n"
    "  --animation NAME     the animation to sample\n"
    "  --time T             the time in seconds (a finite number)\n"
    "  -o, --output FILE    write the posed rig (a rig file, animations kept)\n"
    "  --report             print every joint's world position and the chains held as JSON\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit codes: 0 sampled, 1 invalid rig or no such animation, 2 usage error or unreadable file.\n";

} // namespace

int runSample(const QStringList& arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const auto usage = [&](const QString& message) {
        err << "bonework-cli sample: " << message << "\n\n" << kHelp;
        return UsageError;
    };

    QCommandLineParser parser;
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    const QCommandLineOption animationOption(QStringLiteral("animation"), QStringLiteral("animation"), QStringLiteral("NAME"));
    const QCommandLineOption timeOption(QStringLiteral("time"), QStringLiteral("time"), QStringLiteral("T"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("output"),
                                          QStringLiteral("FILE"));
    const QCommandLineOption reportOption(QStringLiteral("report"), QStringLiteral("report"));
    parser.addOptions({help, animationOption, timeOption, outputOption, reportOption});
    if (!parser.parse(arguments))
        return usage(parser.errorText());
    if (parser.isSet(help)) {
        out << kHelp;
        return Success;
    }
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return usage(QStringLiteral("no rig file given"));
    if (files.size() > 1)
        return usage(QStringLiteral("one rig file at a time, not %1").arg(files.size()));
    if (!parser.isSet(animationOption))
        return usage(QStringLiteral("--animation NAME is required"));
    if (!parser.isSet(timeOption))
        return usage(QStringLiteral("--time T is required"));
    bool ok = false;
    const double time = parser.value(timeOption).toDouble(&ok);
    if (!ok || !std::isfinite(time))
        return usage(QStringLiteral("--time wants a finite number of seconds, not '%1'").arg(parser.value(timeOption)));

    const QString file = files.front();
    const io::LoadResult loaded = io::loadRigFile(QFile::encodeName(file).toStdString());
    if (!loaded.ok()) {
        err << QString::fromStdString(loaded.error.toString()) << '\n';
        return io::isReadError(loaded.error) ? UsageError : Failure;
    }
    const Rig& setup = *loaded.rig;
    const QString name = parser.value(animationOption);
    const int index = setup.findAnimation(name.toStdString());
    if (index < 0) {
        QStringList names;
        for (const animation::Clip& clip : setup.animations())
            names << QString::fromStdString(clip.name);
        err << "bonework-cli sample: " << file << " has no animation named '" << name << "'"
            << (names.isEmpty() ? QStringLiteral(" (it has none)") : QStringLiteral(" (it has: %1)").arg(names.join(QStringLiteral(", "))))
            << '\n';
        return Failure;
    }
    const animation::Clip& clip = setup.animations()[static_cast<std::size_t>(index)];
    animation::ClipSampler sampler;
    if (const std::string why = sampler.bind(setup, clip); !why.empty()) { // the loader checked it: never expected
        err << "bonework-cli sample: " << QString::fromStdString(why) << '\n';
        return Failure;
    }
    Rig pose = setup;
    sampler.sample(time, pose);
    const double clamped = std::clamp(time, 0.0, clip.duration);

    if (parser.isSet(outputOption)) {
        std::string why;
        const QString output = parser.value(outputOption);
        if (!io::saveRigFile(pose, QFile::encodeName(output).toStdString(), &why, loaded.editor)) {
            err << "bonework-cli sample: cannot write " << output << ": " << QString::fromStdString(why) << '\n';
            return UsageError;
        }
    }
    if (parser.isSet(reportOption)) {
        out << "{\"animation\": " << jsonString(name) << ", \"time\": " << jsonNumber(clamped) << ", " << jointsMember(pose)
            << ", " << heldChainsMember(pose, sampler.chainResults()) << "}\n";
    } else {
        int held = 0;
        for (const auto& r : sampler.chainResults())
            held += r.held;
        out << name << " at " << jsonNumber(clamped) << " s: " << pose.jointCount() << " joints posed, " << held
            << (held == 1 ? " chain held" : " chains held") << '\n';
    }
    return Success;
}

} // namespace bonework::cli
