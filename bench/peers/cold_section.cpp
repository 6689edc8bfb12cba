// Cold solves (see sections.h): random planar chains of 2, 5, 10, 20 and 100 bones, with and
// without limits; each contender solves each case from the case's start pose, one solve timed
// at a time (the clock's own cost taken off), contenders interleaved and rotated per round.
// Iteration caps: each solver's default for a solve (Bonework's kDefaultSolveIterations, 100;
// KDL LMA 500, NR_JL 100; the plain references 100); tolerance 0.01 px for all.
#include "contender.h"
#include "sections.h"
#include "timing.h"

#include "bonework/solvers/solver.h"

#include <cmath>
#include <cstdio>

namespace bonework::peers {
namespace {

struct Entry {
    std::unique_ptr<Contender> contender;
    int cap = 100;
};

std::vector<Entry> contendersFor(bool limits)
{
    std::vector<Entry> list;
    for (SolverKind kind : {SolverKind::Fabrik, SolverKind::Ccd, SolverKind::Relax, SolverKind::TwoBone})
        list.push_back({makeBonework(kind), solvers::kDefaultSolveIterations});
    list.push_back({makeKdlLma(), 500});
    list.push_back({makeKdlNrJl(), 100});
    for (bool clamp : {false, true}) {
        if (clamp && !limits)
            continue; // on free chains clamping changes nothing
        list.push_back({makePlainFabrik(clamp), 100});
        list.push_back({makePlainCcd(clamp), 100});
        list.push_back({makePlainLawOfCosines(clamp), 1});
    }
    return list;
}

int casesFor(int bones, bool quick)
{
    if (quick)
        return 3;
    return bones <= 10 ? 48 : bones <= 20 ? 32 : 12;
}

} // namespace

std::vector<ColdRow> runColdSection(const Options& options, double clockOverhead)
{
    const int rounds = options.rounds > 0 ? options.rounds : (options.quick ? 2 : 5);
    std::vector<ColdRow> rows;
    std::vector<double> angles;
    for (bool limits : {false, true}) {
        for (int bones : {2, 5, 10, 20, 100}) {
            const std::vector<PeerCase> cases = makeCases(bones, limits, casesFor(bones, options.quick));
            std::vector<Entry> list = contendersFor(limits);
            const std::size_t n = list.size();
            std::size_t lma = 0, nrjl = 0;
            for (std::size_t i = 0; i < n; ++i) {
                if (list[i].contender->name() == "KDL LMA")
                    lma = i;
                if (list[i].contender->name() == "KDL NR_JL")
                    nrjl = i;
            }
            std::vector<std::vector<double>> caseTimes(n); // per contender: each case's median
            std::vector<int> reached(n), legalReached(n), legal(n), iterations(n), handled(n);
            std::vector<std::string> firstIllegal(n);
            for (const PeerCase& c : cases) {
                std::vector<std::size_t> active;
                for (std::size_t i = 0; i < n; ++i) {
                    if (!list[i].contender->handles(c))
                        continue;
                    active.push_back(i);
                    Contender& x = *list[i].contender;
                    x.load(c, list[i].cap);
                    x.solve(c.target); // warm-up: buffers grown, code and data in cache
                }
                std::vector<std::vector<double>> times(n);
                for (int r = 0; r < rounds; ++r) {
                    for (std::size_t k = 0; k < active.size(); ++k) {
                        Contender& x = *list[active[(k + static_cast<std::size_t>(r)) % active.size()]].contender;
                        x.restart();
                        const double t0 = nowNs();
                        x.solve(c.target);
                        const double t1 = nowNs();
                        times[active[(k + static_cast<std::size_t>(r)) % active.size()]].push_back(
                            std::max(1.0, t1 - t0 - clockOverhead));
                    }
                }
                for (std::size_t i : active) {
                    Contender& x = *list[i].contender;
                    caseTimes[i].push_back(median(times[i]));
                    ++handled[i];
                    iterations[i] += x.iterations();
                    const Vec2 miss = x.tip() - c.target;
                    const bool hit = std::sqrt(miss.x * miss.x + miss.y * miss.y) <= kTolerance;
                    reached[i] += hit ? 1 : 0;
                    const std::string why = x.whyIllegal();
                    legal[i] += why.empty() ? 1 : 0;
                    legalReached[i] += hit && why.empty() ? 1 : 0;
                    if (!why.empty() && firstIllegal[i].empty())
                        firstIllegal[i] = why;
                }
            }
            for (std::size_t i = 0; i < n; ++i) {
                if (handled[i] == 0)
                    continue;
                ColdRow row;
                row.contender = list[i].contender->name();
                row.bonework = list[i].contender->isBonework();
                row.bones = bones;
                row.limits = limits;
                row.cases = handled[i];
                row.medianNs = median(caseTimes[i]);
                std::vector<double> toLma, toNrJl;
                for (std::size_t k = 0; k < caseTimes[i].size(); ++k) {
                    toLma.push_back(caseTimes[i][k] / caseTimes[lma][k]);
                    toNrJl.push_back(caseTimes[i][k] / caseTimes[nrjl][k]);
                }
                row.ratioToLma = median(toLma);
                row.ratioToNrJl = median(toNrJl);
                row.reach = double(reached[i]) / handled[i];
                row.legalReach = double(legalReached[i]) / handled[i];
                row.meanIterations = double(iterations[i]) / handled[i];
                row.legal = double(legal[i]) / handled[i];
                row.firstIllegal = firstIllegal[i];
                rows.push_back(row);
            }
            std::fprintf(stderr, "  cold: %d bones, %s done\n", bones, limits ? "limits" : "free");
        }
    }
    return rows;
}

} // namespace bonework::peers
