// Plain CCD (see plain_references.h): angles, atan2 per pivot, tip turned along.
#include "plain_references.h"

#include <algorithm>
#include <cmath>

namespace bonework::peers {

int plainCcd(const PlainChain& chain, std::span<double> angles, Vec2 target, int maxIterations, double tolerance,
             bool clamp, PlainScratch& scratch)
{
    const std::size_t n = chain.length.size();
    std::vector<Vec2>& p = scratch.position;
    p.resize(n + 1);
    int iterations = 0;
    for (;;) {
        double w = chain.baseAngle;
        p[0] = chain.base;
        for (std::size_t k = 0; k < n; ++k) {
            w += angles[k];
            p[k + 1] = p[k] + Vec2{std::cos(w), std::sin(w)} * chain.length[k];
        }
        const Vec2 miss = p[n] - target;
        if (iterations >= maxIterations || std::sqrt(miss.x * miss.x + miss.y * miss.y) <= tolerance)
            return iterations;
        ++iterations;
        Vec2 tip = p[n];
        for (std::size_t k = n; k-- > 0;) {
            const Vec2 pivot = p[k]; // bones above k have not turned in this sweep
            const Vec2 toTip = tip - pivot;
            const Vec2 toTarget = target - pivot;
            double turn = wrapPlain(std::atan2(toTarget.y, toTarget.x) - std::atan2(toTip.y, toTip.x));
            double a = angles[k] + turn;
            if (clamp && chain.limited[k]) {
                a = std::clamp(wrapPlain(a), chain.minAngle[k], chain.maxAngle[k]);
                turn = a - angles[k];
            }
            angles[k] = a;
            const double c = std::cos(turn);
            const double s = std::sin(turn);
            tip = pivot + Vec2{c * toTip.x - s * toTip.y, s * toTip.x + c * toTip.y};
        }
    }
}

} // namespace bonework::peers
