// Moving targets (see sections.h): limited chains of 10, 100 and 1000 bones; a target circles
// inside the reach (centre half the chain's length out from the base, radius 0.3 of it) at
// 120 Hz, one turn per 2 s, and every contender follows it with warm starts (each frame's solve
// starts from the last frame's pose; Bonework's solvers are told the last frame's target, as
// the editor's drags tell them: Contender::follow), at most 20 iterations a frame. One turn warms up (so the
// turns measured are those of the motion, not of leaving the start pose), the next is measured:
// each frame timed on its own (the clock's cost taken off), the contenders taking turns per
// round from the same warmed-up pose. Turns, reach and legality come from the first round
// (every round solves the same frames from the same pose, so they repeat).
//
// KDL NR_JL is left out on 1000 bones: its pinv works on an n x n matrix (V of the SVD), about
// a second per frame there.
#include "contender.h"
#include "sections.h"
#include "timing.h"

#include "bonework/angles.h"

#include <cmath>
#include <cstdio>

namespace bonework::peers {
namespace {

std::vector<std::unique_ptr<Contender>> contendersFor(int bones)
{
    std::vector<std::unique_ptr<Contender>> list;
    for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Relax})
        list.push_back(makeBonework(kind));
    list.push_back(makeKdlLma());
    if (bones < 1000)
        list.push_back(makeKdlNrJl());
    list.push_back(makePlainFabrik(true));
    list.push_back(makePlainCcd(true));
    return list;
}

} // namespace

std::vector<MovingRow> runMovingSection(const Options& options, double clockOverhead)
{
    constexpr int kIterations = 20;
    const int rounds = options.rounds > 0 ? options.rounds : (options.quick ? 1 : 3);
    const int framesPerTurn = 240;
    const int measured = options.quick ? 60 : framesPerTurn;
    std::vector<MovingRow> rows;
    std::vector<double> before, after;
    for (int bones : {10, 100, 1000}) {
        const int chainCount = options.quick ? 1 : (bones == 1000 ? 2 : 4);
        const std::vector<PeerCase> cases = makeCases(bones, true, chainCount);
        std::vector<std::unique_ptr<Contender>> list = contendersFor(bones);
        const std::size_t n = list.size();
        std::vector<MovingRow> acc(n);
        std::vector<std::vector<double>> chainNs(n), chainRatio(n);
        for (const PeerCase& c : cases) {
            const double reach = c.plain.totalLength();
            std::vector<Vec2> circle;
            for (int f = 0; f < framesPerTurn + measured; ++f) {
                const double t = 2.0 * kPi * f / framesPerTurn;
                circle.push_back(c.plain.base + Vec2{0.5 * reach + 0.3 * reach * std::cos(t), 0.3 * reach * std::sin(t)});
            }
            for (auto& x : list) { // the warm-up turn
                x->load(c, kIterations);
                for (int f = 0; f < framesPerTurn; ++f)
                    x->follow(circle[static_cast<std::size_t>(f)]);
                x->keep();
            }
            std::vector<std::vector<double>> perRound(n);
            for (int r = 0; r < rounds; ++r) {
                for (std::size_t k = 0; k < n; ++k) {
                    const std::size_t i = (k + static_cast<std::size_t>(r)) % n;
                    Contender& x = *list[i];
                    MovingRow& row = acc[i];
                    x.restoreKept();
                    double total = 0.0;
                    for (int f = framesPerTurn; f < framesPerTurn + measured; ++f) {
                        const Vec2 target = circle[static_cast<std::size_t>(f)];
                        if (r == 0)
                            x.angles(before);
                        const double t0 = nowNs();
                        x.follow(target);
                        const double t1 = nowNs();
                        total += std::max(1.0, t1 - t0 - clockOverhead);
                        if (r != 0)
                            continue;
                        x.angles(after);
                        const Turn turn = turnBetween(before, after);
                        row.largestTurn = std::max(row.largestTurn, turn.largest);
                        row.meanLargestTurn += turn.largest;
                        row.meanTurn += turn.sum / bones;
                        row.meanIterations += x.iterations();
                        const Vec2 miss = x.tip() - target;
                        row.reach += std::sqrt(miss.x * miss.x + miss.y * miss.y) <= kTolerance ? 1.0 : 0.0;
                        const std::string why = x.whyIllegal();
                        row.legal += why.empty() ? 1.0 : 0.0;
                        if (!why.empty() && row.firstIllegal.empty())
                            row.firstIllegal = why;
                        ++row.frames;
                    }
                    perRound[i].push_back(total / measured);
                }
            }
            std::size_t lma = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (list[i]->name() == "KDL LMA")
                    lma = i;
            for (std::size_t i = 0; i < n; ++i) {
                chainNs[i].push_back(median(perRound[i]));
                std::vector<double> ratios;
                for (int r = 0; r < rounds; ++r)
                    ratios.push_back(perRound[i][static_cast<std::size_t>(r)] / perRound[lma][static_cast<std::size_t>(r)]);
                chainRatio[i].push_back(median(ratios));
            }
            std::fprintf(stderr, "  moving: %d bones, chain done\n", bones);
        }
        for (std::size_t i = 0; i < n; ++i) {
            MovingRow row = acc[i];
            const double frames = row.frames;
            row.contender = list[i]->name();
            row.bonework = list[i]->isBonework();
            row.bones = bones;
            row.chains = chainCount;
            row.frames = measured;
            row.meanLargestTurn /= frames;
            row.meanTurn /= frames;
            row.meanIterations /= frames;
            row.reach /= frames;
            row.legal /= frames;
            row.nsPerFrame = median(chainNs[i]);
            row.ratioToLma = median(chainRatio[i]);
            rows.push_back(row);
        }
    }
    return rows;
}

} // namespace bonework::peers
