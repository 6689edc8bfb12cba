// Plain FABRIK (see plain_references.h): positions, a backward and a forward pass.
#include "plain_references.h"

#include <algorithm>
#include <cmath>

namespace bonework::peers {
namespace {

double lengthOf(Vec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

void placeFromAngles(const PlainChain& chain, std::span<const double> angles, std::vector<Vec2>& p)
{
    double w = chain.baseAngle;
    p[0] = chain.base;
    for (std::size_t k = 0; k < chain.length.size(); ++k) {
        w += angles[k];
        p[k + 1] = p[k] + Vec2{std::cos(w), std::sin(w)} * chain.length[k];
    }
}

} // namespace

int plainFabrik(const PlainChain& chain, std::span<double> angles, Vec2 target, int maxIterations, double tolerance,
                bool clamp, PlainScratch& scratch)
{
    const std::size_t n = chain.length.size();
    std::vector<Vec2>& p = scratch.position;
    p.resize(n + 1);
    placeFromAngles(chain, angles, p);

    int iterations = 0;
    if (!clamp && lengthOf(target - chain.base) >= chain.totalLength()) {
        // Out of reach: every bone straight at the target.
        const Vec2 d = target - chain.base;
        const Vec2 u = d * (1.0 / lengthOf(d));
        for (std::size_t k = 0; k < n; ++k)
            p[k + 1] = p[k] + u * chain.length[k];
        iterations = 1;
    } else {
        while (iterations < maxIterations && lengthOf(p[n] - target) > tolerance) {
            ++iterations;
            p[n] = target; // backward: from the target to the base
            for (std::size_t k = n; k-- > 0;) {
                const Vec2 d = p[k] - p[k + 1];
                const double l = lengthOf(d);
                if (l > 0.0)
                    p[k] = p[k + 1] + d * (chain.length[k] / l);
            }
            p[0] = chain.base; // forward: from the base to the tip
            double w = chain.baseAngle;
            for (std::size_t k = 0; k < n; ++k) {
                const Vec2 d = p[k + 1] - p[k];
                if (!clamp) {
                    const double l = lengthOf(d);
                    if (l > 0.0)
                        p[k + 1] = p[k] + d * (chain.length[k] / l);
                    continue;
                }
                double a = wrapPlain(std::atan2(d.y, d.x) - w);
                if (chain.limited[k])
                    a = std::clamp(a, chain.minAngle[k], chain.maxAngle[k]);
                angles[k] = a;
                w += a;
                p[k + 1] = p[k] + Vec2{std::cos(w), std::sin(w)} * chain.length[k];
            }
        }
    }
    if (clamp || iterations == 0)
        return iterations; // the clamped forward pass wrote the angles; none moved otherwise
    // The pose as angles, bone by bone.
    double w = chain.baseAngle;
    for (std::size_t k = 0; k < n; ++k) {
        const Vec2 d = p[k + 1] - p[k];
        const double wk = std::atan2(d.y, d.x);
        angles[k] = wrapPlain(wk - w);
        w = wk;
    }
    return iterations;
}

} // namespace bonework::peers
