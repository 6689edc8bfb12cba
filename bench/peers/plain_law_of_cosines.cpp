// The plain two-bone law of cosines (see plain_references.h).
#include "plain_references.h"

#include <algorithm>
#include <cmath>

namespace bonework::peers {

PlainArm plainArmOf(const PlainChain& chain)
{
    PlainArm arm;
    arm.base = chain.base;
    arm.baseAngle = chain.baseAngle;
    arm.a = chain.length[0];
    arm.b = chain.length[1];
    for (std::size_t k = 0; k < 2; ++k) {
        arm.limited[k] = chain.limited[k] != 0;
        arm.minAngle[k] = chain.minAngle[k];
        arm.maxAngle[k] = chain.maxAngle[k];
    }
    return arm;
}

void plainLawOfCosines(const PlainArm& arm, Vec2 target, bool positiveBend, bool clamp, double angles[2])
{
    constexpr double kPi = 3.141592653589793238462643383279502884;
    const double a = arm.a;
    const double b = arm.b;
    const double dx = target.x - arm.base.x;
    const double dy = target.y - arm.base.y;
    const double d = std::clamp(std::sqrt(dx * dx + dy * dy), std::fabs(a - b), a + b);
    const double alpha = d > 0.0 ? std::acos(std::clamp((a * a + d * d - b * b) / (2.0 * a * d), -1.0, 1.0)) : 0.0;
    const double gamma = std::acos(std::clamp((a * a + b * b - d * d) / (2.0 * a * b), -1.0, 1.0));
    const double sign = positiveBend ? 1.0 : -1.0;
    double first = std::atan2(dy, dx) - arm.baseAngle - sign * alpha;
    double second = sign * (kPi - gamma);
    if (clamp) {
        first = wrapPlain(first);
        if (arm.limited[0])
            first = std::clamp(first, arm.minAngle[0], arm.maxAngle[0]);
        if (arm.limited[1])
            second = std::clamp(second, arm.minAngle[1], arm.maxAngle[1]);
    }
    angles[0] = first;
    angles[1] = second;
}

} // namespace bonework::peers
