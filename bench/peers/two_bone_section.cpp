// two-bone against the plain law of cosines (see sections.h). Seeded 2-bone chains, free or
// limited; per chain a set of targets: reachable (tips of random legal poses), unreachable
// (1.05 to 3 reaches away), moving (a circle inside the reach at 120 Hz). Each contender solves
// a chain's whole set in a row (each solve from the pose the last one left), timed as one
// batch, so no clock read sits between solves; contenders take turns per chain, their order
// rotating from round to round. Two plain references: the function alone, which only writes
// two angles, and the function as a solve, which also does what the Solver contract asks of
// two-bone (the pose in the form a rig keeps it, the error, the limited joints): the goals are
// judged against the latter, and the former's ratio is reported beside it.
#include "contender.h"
#include "plain_references.h"
#include "sections.h"
#include "timing.h"

#include "random_rigs.h"

#include "bonework/angles.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace bonework::peers {
namespace {

enum class Targets { Reachable, Unreachable, Moving };
const char* nameOf(Targets t)
{
    return t == Targets::Reachable ? "reachable" : t == Targets::Unreachable ? "unreachable" : "moving";
}

std::vector<Vec2> targetsFor(const PeerCase& c, Targets kind, int count, std::uint64_t seed)
{
    testing::Engine rng(seed);
    std::vector<Vec2> out;
    const double reach = c.plain.totalLength();
    for (int i = 0; i < count; ++i) {
        if (kind == Targets::Reachable) {
            out.push_back(testing::reachableTarget(rng, c.rig, 2));
        } else if (kind == Targets::Unreachable) {
            out.push_back(testing::unreachableTarget(rng, c.rig, 2));
        } else {
            const double t = 2.0 * kPi * i / 240.0; // one turn per 2 s at 120 Hz
            out.push_back(c.plain.base + Vec2{0.5 * reach + 0.3 * reach * std::cos(t), 0.3 * reach * std::sin(t)});
        }
    }
    return out;
}

double distanceOf(Vec2 a, Vec2 b) { return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)); }

} // namespace

std::vector<TwoBoneRow> runTwoBoneSection(const Options& options)
{
    const int chains = options.quick ? 8 : 64;
    const int perChain = 64;
    const int rounds = options.rounds > 0 ? options.rounds : (options.quick ? 3 : 31);
    std::vector<TwoBoneRow> rows;
    for (bool limits : {false, true}) {
        const std::vector<PeerCase> cases = makeCases(2, limits, chains);
        std::vector<double> allBonework(static_cast<std::size_t>(rounds)), allPlain(static_cast<std::size_t>(rounds)),
            allTwoSolve(static_cast<std::size_t>(rounds)), allSolve(static_cast<std::size_t>(rounds));
        TwoBoneRow all;
        all.limits = limits;
        all.targets = "all";
        for (Targets kind : {Targets::Reachable, Targets::Unreachable, Targets::Moving}) {
            std::unique_ptr<Contender> two = makeBonework(SolverKind::TwoBone);
            std::unique_ptr<Contender> plain = makePlainLawOfCosines(limits);
            std::unique_ptr<Contender> plainSolve = makePlainLawOfCosinesSolve(limits);
            std::vector<std::vector<Vec2>> targets;
            TwoBoneRow row;
            row.limits = limits;
            row.targets = nameOf(kind);
            row.solves = chains * perChain;
            // Quality, off the clock: every target once from the case's start pose on.
            int reachable = 0, twoReached = 0, plainReached = 0, noFarther = 0, twoLegal = 0, plainLegal = 0;
            double twoError = 0.0, plainError = 0.0;
            for (std::size_t i = 0; i < cases.size(); ++i) {
                const PeerCase& c = cases[i];
                targets.push_back(targetsFor(c, kind, perChain, 0x2b0e5000u + i * 16u + static_cast<unsigned>(kind)));
                two->load(c, 1);
                plain->load(c, 1);
                plainSolve->load(c, 1);
                const double reach = c.plain.totalLength();
                const double inner = std::fabs(c.plain.length[0] - c.plain.length[1]);
                for (Vec2 t : targets.back()) {
                    two->solve(t);
                    plain->solve(t);
                    plainSolve->solve(t);
                    if (!(plainSolve->tip() == plain->tip())) // the same function: the same pose
                        throw std::logic_error("the plain law of cosines as a solve left another pose");
                    const double d2 = distanceOf(two->tip(), t);
                    const double dp = distanceOf(plain->tip(), t);
                    const double fromBase = distanceOf(c.plain.base, t);
                    if (kind != Targets::Unreachable && fromBase <= reach && fromBase >= inner) {
                        ++reachable;
                        twoReached += d2 <= kTolerance ? 1 : 0;
                        plainReached += dp <= kTolerance ? 1 : 0;
                    }
                    twoError += d2;
                    plainError += dp;
                    noFarther += d2 <= dp + 1e-9 * (1.0 + dp) ? 1 : 0;
                    twoLegal += two->whyIllegal().empty() ? 1 : 0;
                    plainLegal += plain->whyIllegal().empty() ? 1 : 0;
                }
            }
            const double solves = double(row.solves);
            row.boneworkReach = reachable ? double(twoReached) / reachable : 0.0;
            row.plainReach = reachable ? double(plainReached) / reachable : 0.0;
            row.boneworkMeanError = twoError / solves;
            row.plainMeanError = plainError / solves;
            row.boneworkNoFarther = noFarther / solves;
            row.boneworkLegal = twoLegal / solves;
            row.plainLegal = plainLegal / solves;

            // Timing: per round, the sum over chains of each chain's batch. Two-bone is paired with
            // each reference in turn, the pair taking turns per chain (so the function alone is
            // timed as it always was: what runs between its batches moves its time by up to half).
            const auto n = static_cast<std::size_t>(rounds);
            std::vector<double> twoRound(n), plainRound(n), twoSolveRound(n), solveRound(n);
            auto timePair = [&](Contender& reference, std::vector<double>& twoSums, std::vector<double>& referenceSums) {
                for (int r = -1; r < rounds; ++r) { // round -1 warms up
                    for (std::size_t i = 0; i < cases.size(); ++i) {
                        two->load(cases[i], 1);
                        reference.load(cases[i], 1);
                        const bool twoFirst = ((static_cast<std::size_t>(r + 1) + i) % 2) == 0;
                        for (int k = 0; k < 2; ++k) {
                            Contender& x = (k == 0) == twoFirst ? *two : reference;
                            const double t0 = nowNs();
                            for (Vec2 t : targets[i])
                                x.solve(t);
                            const double t1 = nowNs();
                            if (r >= 0)
                                ((&x == two.get()) ? twoSums : referenceSums)[static_cast<std::size_t>(r)] += t1 - t0;
                        }
                    }
                }
            };
            timePair(*plain, twoRound, plainRound);
            timePair(*plainSolve, twoSolveRound, solveRound);
            std::vector<double> ratios, solveRatios;
            for (std::size_t k = 0; k < n; ++k) {
                ratios.push_back(twoRound[k] / plainRound[k]);
                solveRatios.push_back(twoSolveRound[k] / solveRound[k]);
                allBonework[k] += twoRound[k];
                allPlain[k] += plainRound[k];
                allTwoSolve[k] += twoSolveRound[k];
                allSolve[k] += solveRound[k];
            }
            row.boneworkNs = median(twoRound) / solves;
            row.plainNs = median(plainRound) / solves;
            row.plainSolveNs = median(solveRound) / solves;
            row.ratio = median(ratios);
            row.ratioToSolve = median(solveRatios);
            rows.push_back(row);
            all.solves += row.solves;
            all.boneworkMeanError += row.boneworkMeanError / 3.0;
            all.plainMeanError += row.plainMeanError / 3.0;
            all.boneworkNoFarther += row.boneworkNoFarther / 3.0;
            all.boneworkLegal += row.boneworkLegal / 3.0;
            all.plainLegal += row.plainLegal / 3.0;
        }
        std::vector<double> ratios, solveRatios;
        for (std::size_t k = 0; k < allBonework.size(); ++k) {
            ratios.push_back(allBonework[k] / allPlain[k]);
            solveRatios.push_back(allTwoSolve[k] / allSolve[k]);
        }
        all.boneworkNs = median(allBonework) / all.solves;
        all.plainNs = median(allPlain) / all.solves;
        all.plainSolveNs = median(allSolve) / all.solves;
        all.ratio = median(ratios);
        all.ratioToSolve = median(solveRatios);
        rows.push_back(all);
        std::fprintf(stderr, "  two-bone: %s done\n", limits ? "limits" : "free");
    }
    return rows;
}

} // namespace bonework::peers
