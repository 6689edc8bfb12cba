// bonework-cli solve RIG.json --solver NAME --target JOINT=X,Y [--target JOINT=X,Y ...]
//                   [--root JOINT] [--iterations N] [--tolerance T] [--bend positive|negative]
//                   [--hold-chains] [-o OUT.json] [--report]
// bonework-cli solve RIG.json --chain NAME [--hold-chains] [...]
// Poses a rig with one of the core solvers. --chain uses a chain's own solver, settings and
// target (a target attached to a joint is that joint's world position); --iterations,
// --tolerance and --bend still override the chain's. -o writes the posed rig; --report prints
// the outcome and every joint's world position as JSON on stdout (otherwise one summary line).
// --hold-chains drags as the editor does: every chain that holds (mix above 0) keeps its tip on
// its target, solved after the drag in chain order (relax also weighs them in its own solve).
// The error and whether it reached are then the final pose's (the chains may pull a dragged
// joint back); the report adds solveError, the solver's own before the chains held.
// Exit codes: 0 solved (reached or not), 1 the request cannot be solved on this rig (unknown
// joint, solver or chain; tip not under its root; two-bone on a chain that is not two bones;
// an invalid rig), 2 usage errors and unreadable or unwritable files.

#include "command_line.h"
#include "commands.h"
#include "rig_output.h"
#include "pose_report.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/chain_holder.h"
#include "bonework/solvers/solver.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>
#include <QFile>

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>
#include <vector>

namespace bonework::cli {
namespace {


const char* const kHelp =
    "Usage: bonework-cli solve RIG.json --solver NAME --target JOINT=X,Y [--target JOINT=X,Y ...]\n"
    "                         [--root JOINT] [--iterations N] [--tolerance T]\n"
    "                         [--bend positive|negative] [--hold-chains] [-o OUT.json] [--report]\n"
    "       bonework-cli solve RIG.json --chain NAME [--iterations N] [--tolerance T]\n"
    "                         [--bend positive|negative] [--hold-chains] [-o OUT.json] [--report]\n"
    "\n"
    "Poses the rig with an IK solver: follow, reach, fabrik, ccd, two-bone or relax.\n"
    "\n"
    "Options:\n"
    "  --solver NAME        the solver to run\n"
    "  --target JOINT=X,Y   the effector joint and its world target (several only for relax)\n"
    "  --root JOINT         a joint held in place as the solve's base (default: none; follow\n"
    "                       and relax may then move the rig's root, the other solvers pose\n"
    "                       the joints up to the root above the effector, which stays)\n"
    "  --chain NAME         solve a chain of the rig with its own solver, settings and target\n"
    "  --iterations N       at most N iterations (default 100, or the chain's); a solve\n"
    "                       stops as soon as the effector is within the tolerance\n"
    "  --tolerance T        close enough when the effector is within T (default 0.01, or the chain's)\n"
    "  --bend DIRECTION     two-bone: positive (second bone clockwise) or negative (with\n"
    "                       --chain: instead of the chain's; the other solvers ignore it);\n"
    "                       where the limits forbid it, the other bend, said on stderr\n"
    "  --hold-chains        every other chain of the rig holds, as in the editor: solved after\n"
    "                       the drag in chain order, blended by its mix (--solver follow or\n"
    "                       relax, or --chain; relax also weighs the chains' targets itself);\n"
    "                       the error and reached are then the final pose's, the report's\n"
    "                       solveError the solver's own before the chains held\n"
    "  -o, --output FILE    write the posed rig to FILE (into another folder: its art too)\n"
    "  --report             print the result as JSON on stdout (two-bone: with the pose's\n"
    "                       bend, positive, negative or straight)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit codes: 0 solved, 1 cannot be solved on this rig (an unknown solver name too), 2 usage\n"
    "error, unreadable file or unwritable output.\n";

QString number(double v) { return jsonNumber(v); }

// JOINT=X,Y; the joint name is everything before the last '='.
bool parseTarget(const QString& text, QString& joint, Vec2& point)
{
    const qsizetype eq = text.lastIndexOf(u'=');
    if (eq <= 0)
        return false;
    joint = text.left(eq);
    const QStringList xy = text.mid(eq + 1).split(u',');
    if (xy.size() != 2)
        return false;
    bool okX = false, okY = false;
    point = {xy[0].trimmed().toDouble(&okX), xy[1].trimmed().toDouble(&okY)};
    // As far out as a rig file's targets may be (kMostTargetCoordinate).
    return okX && okY && std::isfinite(point.x) && std::isfinite(point.y) && targetWithinReach(point);
}

// The root mean square distance of the asked-for effectors from their targets in the rig's
// pose now (one effector: its distance).
double distanceNow(const Rig& rig, std::span<const solvers::Effector> asked)
{
    double sum = 0.0;
    for (const solvers::Effector& e : asked) {
        const Vec2 d = worldTransformOf(rig, e.joint).position - e.target;
        sum += d.x * d.x + d.y * d.y;
    }
    return asked.empty() ? 0.0 : std::sqrt(sum / static_cast<double>(asked.size()));
}

// How a two-bone arm ending at `tip` is bent: its second bone's angle from the first.
std::string_view bendOf(const Rig& rig, JointIndex tip)
{
    const double angle = rig.angle(tip);
    return angle > 0.0 ? bendName(BendDirection::Positive) : angle < 0.0 ? bendName(BendDirection::Negative) : "straight";
}

// held: the chains' holds when --hold-chains was given, else null. `result` then carries the
// final pose's error (see runSolve) and `solveError` the solver's own, before the chains held.
// `tip`: a two-bone solve's tip, whose bend the report gives (kNoJoint for other solvers).
QString report(const Rig& rig, SolverKind kind, const solvers::SolveResult& result, const solvers::ChainHolder* held,
               double solveError, JointIndex tip)
{
    QString json = QStringLiteral("{\"solver\": ") + jsonString(QString::fromUtf8(solverName(kind).data(), solverName(kind).size()));
    json += QStringLiteral(", \"iterations\": ") + QString::number(result.iterations);
    json += QStringLiteral(", \"error\": ") + number(result.error);
    json += QStringLiteral(", \"reached\": ") + QLatin1String(result.reached ? "true" : "false");
    if (held)
        json += QStringLiteral(", \"solveError\": ") + number(solveError);
    if (tip != kNoJoint) {
        const std::string_view bend = bendOf(rig, tip);
        json += QStringLiteral(", \"bend\": \"") + QLatin1String(bend.data(), bend.size()) + u'"';
    }
    json += QStringLiteral(", \"limited\": [");
    for (std::size_t i = 0; i < result.limited.size(); ++i)
        json += (i ? QStringLiteral(", ") : QString()) + jsonString(QString::fromStdString(rig.jointName(result.limited[i])));
    json += QStringLiteral("], ") + jointsMember(rig);
    if (held)
        json += QStringLiteral(", ") + heldChainsMember(rig, held->results());
    json += QStringLiteral("}\n");
    return json;
}

} // namespace

int runSolve(const QStringList& arguments)
{
    Command command("solve", kHelp);
    QTextStream& out = command.out();

    QCommandLineParser parser;
    const QCommandLineOption solverOption(QStringLiteral("solver"), QStringLiteral("solver"), QStringLiteral("NAME"));
    const QCommandLineOption targetOption(QStringLiteral("target"), QStringLiteral("target"), QStringLiteral("JOINT=X,Y"));
    const QCommandLineOption rootOption(QStringLiteral("root"), QStringLiteral("root"), QStringLiteral("JOINT"));
    const QCommandLineOption chainOption(QStringLiteral("chain"), QStringLiteral("chain"), QStringLiteral("NAME"));
    const QCommandLineOption iterationsOption(QStringLiteral("iterations"), QStringLiteral("iterations"), QStringLiteral("N"));
    const QCommandLineOption toleranceOption(QStringLiteral("tolerance"), QStringLiteral("tolerance"), QStringLiteral("T"));
    const QCommandLineOption bendOption(QStringLiteral("bend"), QStringLiteral("bend"), QStringLiteral("DIRECTION"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("output"),
                                          QStringLiteral("FILE"));
    const QCommandLineOption reportOption(QStringLiteral("report"), QStringLiteral("report"));
    const QCommandLineOption holdOption(QStringLiteral("hold-chains"), QStringLiteral("hold-chains"));
    if (const auto done = command.parse(parser, {solverOption, targetOption, rootOption, chainOption, iterationsOption, toleranceOption,
                       bendOption, outputOption, reportOption, holdOption}, arguments, {QStringLiteral("target")}))
        return *done;
    QString file;
    if (const auto done = command.takeOneRigFile(parser, &file))
        return *done;
    const bool byChain = parser.isSet(chainOption);
    if (byChain == parser.isSet(solverOption))
        return command.usage(QStringLiteral("give either --solver or --chain"));
    if (byChain && (parser.isSet(targetOption) || parser.isSet(rootOption)))
        return command.usage(QStringLiteral("--chain uses the chain's own target and root: no --target or --root"));
    if (!byChain && !parser.isSet(targetOption))
        return command.usage(QStringLiteral("--solver needs at least one --target JOINT=X,Y"));
    const bool holdChains = parser.isSet(holdOption);
    if (holdChains && !byChain) {
        const QString name = parser.value(solverOption);
        if (name != QLatin1String("follow") && name != QLatin1String("relax"))
            return command.usage(QStringLiteral("--hold-chains drags with --solver follow or relax (or solves a --chain), not '%1'").arg(name));
    }

    // Options checked before the file is read, so usage errors do not depend on the rig.
    struct ParsedTarget {
        QString joint;
        Vec2 point;
    };
    std::vector<ParsedTarget> targets;
    for (const QString& text : parser.values(targetOption)) {
        ParsedTarget t;
        if (!parseTarget(text, t.joint, t.point))
            return command.usage(QStringLiteral("--target wants JOINT=X,Y with finite numbers within 1e300 of the origin, not '%1'").arg(text));
        // One target a joint: relax pulled one joint toward two points and reached neither.
        if (std::any_of(targets.begin(), targets.end(), [&](const ParsedTarget& other) { return other.joint == t.joint; }))
            return command.usage(QStringLiteral("--target names %1 twice: give each joint one target").arg(t.joint));
        targets.push_back(t);
    }
    int iterations = 0;
    if (parser.isSet(iterationsOption)) {
        bool ok = false;
        iterations = parser.value(iterationsOption).toInt(&ok);
        if (!ok || iterations < 1 || iterations > 100000)
            return command.usage(QStringLiteral("--iterations wants a whole number from 1 to 100000, not '%1'").arg(parser.value(iterationsOption)));
    }
    double tolerance = -1.0;
    if (parser.isSet(toleranceOption)) {
        bool ok = false;
        tolerance = parser.value(toleranceOption).toDouble(&ok);
        if (!ok || !std::isfinite(tolerance) || tolerance < 0.0)
            return command.usage(QStringLiteral("--tolerance wants a finite number >= 0, not '%1'").arg(parser.value(toleranceOption)));
    }
    std::optional<BendDirection> bend;
    if (parser.isSet(bendOption)) {
        bend = bendFromName(parser.value(bendOption).toStdString());
        if (!bend)
            return command.usage(QStringLiteral("--bend wants positive or negative, not '%1'").arg(parser.value(bendOption)));
    }

    io::LoadResult loaded = io::loadRigFile(QFile::encodeName(file).toStdString());
    if (!loaded.ok())
        return command.loadFailed(loaded);
    Rig& rig = *loaded.rig;

    SolverKind kind = SolverKind::Fabrik;
    std::vector<solvers::Effector> effectors;
    solvers::SolveRequest request;
    int solvedChain = -1; // --chain: the chain solved, which the others' hold leaves out
    if (byChain) {
        const QString name = parser.value(chainOption);
        const int index = rig.findChain(name.toStdString());
        solvedChain = index;
        if (index < 0)
            return command.failure(QStringLiteral("the rig has no chain named '%1'").arg(name));
        const Chain& chain = rig.chains()[static_cast<std::size_t>(index)];
        kind = chain.solver;
        effectors.push_back({chain.tip, chainTargetPosition(rig, chain), 1.0});
        request = solvers::chainRequest(chain, effectors.front());
    } else {
        const QString name = parser.value(solverOption);
        const std::optional<SolverKind> found = solverFromName(name.toStdString());
        if (!found)
            return command.failure(QStringLiteral("unknown solver '%1' (solvers: follow, reach, fabrik, ccd, two-bone, relax)").arg(name));
        kind = *found;
        if (targets.size() > 1 && kind != SolverKind::Relax)
            return command.usage(QStringLiteral("several --target are for relax; %1 takes one").arg(name));
        for (const ParsedTarget& t : targets) {
            const JointIndex j = rig.findJoint(t.joint.toStdString());
            if (j == kNoJoint)
                return command.failure(QStringLiteral("the rig has no joint named '%1'").arg(t.joint));
            effectors.push_back({j, t.point, 1.0});
        }
        if (parser.isSet(rootOption)) {
            const QString rootName = parser.value(rootOption);
            request.root = rig.findJoint(rootName.toStdString());
            if (request.root == kNoJoint)
                return command.failure(QStringLiteral("the rig has no joint named '%1'").arg(rootName));
        }
        if (holdChains && kind == SolverKind::Relax)
            solvers::ChainHolder::appendChainEffectors(rig, effectors); // as the editor's relax drags
        const JointIndex root = request.root;
        request = solvers::defaultRequest(effectors); // the same cap as the editor's free drags
        request.root = root;
    }
    if (iterations > 0)
        request.iterations = iterations;
    if (tolerance >= 0.0)
        request.tolerance = tolerance;
    if (bend)
        request.bend = *bend;

    const std::unique_ptr<solvers::Solver> solver = solvers::makeSolver(kind);
    if (const std::string why = solver->validate(rig, request); !why.empty())
        return command.failure(QString::fromStdString(why));
    solvers::SolveResult result;
    solver->run(rig, request, result);
    std::optional<solvers::ChainHolder> holder;
    double solveError = result.error;
    if (holdChains) {
        // A dragged joint that is a chain's tip takes that chain's target along (as in the
        // editor), and its chain is left out of the hold; every other chain holds.
        std::vector<JointIndex> dragged;
        for (const ParsedTarget& t : targets) {
            const JointIndex j = rig.findJoint(t.joint.toStdString());
            dragged.push_back(j);
            for (std::size_t c = 0; c < rig.chains().size(); ++c)
                if (rig.chains()[c].tip == j && !rig.chains()[c].target.isAttached())
                    rig.setChainTarget(static_cast<int>(c), {t.point, kNoJoint});
        }
        holder.emplace();
        holder->hold(rig, solvedChain, dragged);
        // The chains may move what was dragged (a joint inside a held chain, a relax drag's
        // compromise): what the pose ends with is what a pipeline checks.
        const std::size_t asked = byChain ? 1 : targets.size();
        solveError = result.error;
        result.error = distanceNow(rig, std::span<const solvers::Effector>(effectors).first(asked));
        result.reached = result.error <= request.tolerance;
    }

    if (parser.isSet(outputOption)) // the node shape too
        if (auto failed = writeDerivedRig(command, rig, rig, loaded.editor, file, parser.value(outputOption)))
            return *failed;
    // A two-bone arm bends the other way than asked only where the limits forbid the asked bend
    // (the nearest legal pose): said, not left for the user to find.
    const JointIndex twoBoneTip = kind == SolverKind::TwoBone ? effectors.front().joint : kNoJoint;
    if (twoBoneTip != kNoJoint) {
        const QString asked = QString::fromLatin1(bendName(request.bend)), got = QString::fromLatin1(bendOf(rig, twoBoneTip));
        // Out of reach either way: the limits also hold the arm short, which is the larger news.
        const QString shortBy = result.reached ? QString()
                                               : QStringLiteral(", and hold the arm %1 px short of it").arg(number(result.error));
        if (got != QLatin1String("straight") && got != asked)
            command.note(QStringLiteral("bent %1, not %2: the angle limits allow no %2 bend toward the target%3").arg(got, asked, shortBy));
    }
    if (parser.isSet(reportOption)) {
        out << report(rig, kind, result, holder ? &*holder : nullptr, solveError, twoBoneTip);
    } else {
        out << solverName(kind).data() << ": " << result.iterations << (result.iterations == 1 ? " iteration" : " iterations")
            << ", error " << number(result.error) << ", " << (result.reached ? "reached" : "not reached") << '\n';
    }
    return Success;
}

} // namespace bonework::cli
