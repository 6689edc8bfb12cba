// TurnWindow, which keeps a followed chain from refolding: over seeded random limits, references
// and goals, toward() stays within the joint's limits and the window, goes the whole way when the
// goal is within the window, and never crosses the joint's forbidden range (it turns along the
// arc the limits allow, the short way round only for a free joint). Every failure names its seed.
#include "chain_solver_support.h"
#include "random_rigs.h"

#include "bonework/angles.h"
#include "bonework/solvers/turn_window.h"

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

using namespace bonework;
using namespace bonework::solvers;
using namespace bonework::testing;

namespace {

double degreesOf(Rotation r) { return std::atan2(r.s, r.c) * kDegreesPerRadian; }

// r's angle measured from the middle of the limits: within [min, max] it runs from one limit to
// the other without a wrap.
double aboutCentre(const RotationLimits& limits, Rotation r) { return degreesOf(r * limits.centre.inverse()); }

} // namespace

class TestTurnWindow : public QObject {
    Q_OBJECT

private slots:
    void towardStaysLegalAndWithinTheWindow()
    {
        constexpr std::uint64_t kSeed = 98000000;
        for (int c = 0; c < scaled(20000); ++c) {
            const std::uint64_t seed = kSeed + static_cast<std::uint64_t>(c);
            Engine rng(seed);
            RotationLimits limits;
            if (rng() % 4 == 0) {
                limits.set(-180.0, 180.0);
            } else {
                const double min = uniform(rng, -179.0, 170.0);
                limits.set(min, uniform(rng, min, std::min(min + 350.0, 180.0)));
            }
            const auto legal = [&] {
                return limits.clamp(Rotation::fromDegrees(uniform(rng, -180.0, 180.0)));
            };
            const std::vector<Rotation> reference{Rotation{}, legal()};
            const double capDegrees = uniform(rng, 0.5, 30.0);
            const TurnWindow window{reference, Rotation::fromDegrees(capDegrees)};
            const Rotation goal = legal();
            const Rotation got = window.toward(limits, 1, goal);
            const std::string where = seedText(SolverKind::Fabrik, seed, "");
            QVERIFY2(std::isfinite(got.c) && std::isfinite(got.s), where.c_str());
            QVERIFY2(std::fabs(got.c * got.c + got.s * got.s - 1.0) < 1e-12, where.c_str());
            QVERIFY2(limits.contains(got), (where + "left the limits").c_str());
            const double turned = std::fabs(degreesOf(got * reference[1].inverse()));
            QVERIFY2(turned <= capDegrees + 1e-9, (where + "turned " + std::to_string(turned)).c_str());
            if (limits.free) {
                const double wanted = std::fabs(degreesOf(goal * reference[1].inverse()));
                if (wanted <= capDegrees)
                    QVERIFY2(got == goal, (where + "stopped short of a goal within the window").c_str());
                continue;
            }
            // Along the legal arc: between the reference and the goal, measured about the centre.
            const double from = aboutCentre(limits, reference[1]);
            const double to = aboutCentre(limits, goal);
            const double at = aboutCentre(limits, got);
            QVERIFY2(at >= std::min(from, to) - 1e-9 && at <= std::max(from, to) + 1e-9,
                     (where + "crossed the forbidden range").c_str());
            if (std::fabs(to - from) <= capDegrees)
                QVERIFY2(got == goal, (where + "stopped short of a goal within the window").c_str());
            else
                QVERIFY2(std::fabs(std::fabs(at - from) - capDegrees) < 1e-6, (where + "did not turn the whole window").c_str());
        }
    }

    // Without a reference there is no window: the goal as it is.
    void noWindowGivesTheGoal()
    {
        RotationLimits limits;
        limits.set(-30.0, 60.0);
        const Rotation goal = Rotation::fromDegrees(50.0);
        QVERIFY(TurnWindow{}.toward(limits, 1, goal) == goal);
    }
};

QTEST_APPLESS_MAIN(TestTurnWindow)
#include "tst_turn_window.moc"
