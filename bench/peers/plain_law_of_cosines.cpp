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
    arm.baseCos = std::cos(chain.baseAngle);
    arm.baseSin = std::sin(chain.baseAngle);
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

void plainLawOfCosinesSolve(const PlainArm& arm, Vec2 target, bool positiveBend, bool clamp, double tolerance,
                            PlainArmPose& pose, PlainSolveReport& report)
{
    plainLawOfCosines(arm, target, positiveBend, clamp, pose.angle);
    for (int k = 0; k < 2; ++k) {
        pose.cosine[k] = std::cos(pose.angle[k]);
        pose.sine[k] = std::sin(pose.angle[k]);
    }
    // The tip by forward kinematics over the cos/sin, as the rig's loop runs it.
    const double c1 = arm.baseCos * pose.cosine[0] - arm.baseSin * pose.sine[0];
    const double s1 = arm.baseSin * pose.cosine[0] + arm.baseCos * pose.sine[0];
    const double c2 = c1 * pose.cosine[1] - s1 * pose.sine[1];
    const double s2 = s1 * pose.cosine[1] + c1 * pose.sine[1];
    const double dx = arm.base.x + arm.a * c1 + arm.b * c2 - target.x;
    const double dy = arm.base.y + arm.a * s1 + arm.b * s2 - target.y;
    report.error = std::sqrt(dx * dx + dy * dy);
    report.reached = report.error <= tolerance;
    for (int k = 0; k < 2; ++k)
        report.onLimit[k] = arm.limited[k] && (pose.angle[k] == arm.minAngle[k] || pose.angle[k] == arm.maxAngle[k]);
}

} // namespace bonework::peers
