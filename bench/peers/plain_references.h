#pragma once
// Plain scalar references: FABRIK, CCD, the two-bone law of cosines and forward kinematics as
// one would first write them: angles in radians, std::atan2/std::acos/std::cos, plain arrays,
// no caching and no tricks. They set the floor the ratio goals are measured against. Each lives
// in its own translation unit, so a timing loop calls it as a function, as it calls Bonework.
//
// `clamp`: the "simple clamping" variants wrap each angle they set into (-pi, pi] and clamp it
// into [min, max] (std::clamp, not the circle's nearer limit); without it limits are ignored.

#include "peer_case.h"

#include <span>
#include <vector>

namespace bonework::peers {

// An angle brought into (-pi, pi] the plain way (the angles here are at most a few turns off).
inline double wrapPlain(double a)
{
    constexpr double kPi = 3.141592653589793238462643383279502884;
    while (a > kPi)
        a -= 2.0 * kPi;
    while (a <= -kPi)
        a += 2.0 * kPi;
    return a;
}

// Scratch the chain references reuse between solves (positions, world angles).
struct PlainScratch {
    std::vector<Vec2> position;
    std::vector<double> world;
};

// FABRIK on positions (a backward and a forward pass per iteration) from the pose `angles`,
// which it updates (radians). Without clamping a target beyond the chain's length lays the chain
// straight at it, as the published algorithm does. Returns the iterations used; stops at
// `tolerance` or `maxIterations`.
int plainFabrik(const PlainChain& chain, std::span<double> angles, Vec2 target, int maxIterations, double tolerance,
                bool clamp, PlainScratch& scratch);

// CCD sweeps, tip bone to base bone, each turning its bone by the angle between the tip and the
// target seen from its pivot. Same contract as plainFabrik.
int plainCcd(const PlainChain& chain, std::span<double> angles, Vec2 target, int maxIterations, double tolerance,
             bool clamp, PlainScratch& scratch);

// The law of cosines for a two-bone arm: writes the two angles (radians, bone 2 relative to
// bone 1) that put its tip on `target`, the distance clamped to the arm's reach; a positive bend
// turns bone 2 by a positive angle. With `clamp`, each angle is then clamped into its limits.
struct PlainArm {
    Vec2 base;
    double baseAngle = 0.0;
    double baseCos = 1.0; // cos/sin of baseAngle, as a rig keeps its root's rotation
    double baseSin = 0.0;
    double a = 0.0;
    double b = 0.0;
    bool limited[2] = {false, false};
    double minAngle[2] = {0.0, 0.0};
    double maxAngle[2] = {0.0, 0.0};
};
PlainArm plainArmOf(const PlainChain& chain);
void plainLawOfCosines(const PlainArm& arm, Vec2 target, bool positiveBend, bool clamp, double angles[2]);

// The same function as a solve, doing what the Solver contract asks of every solve besides the
// angles (two-bone does all of it): the pose written in the form a rig keeps it (each joint's
// angle and its cos/sin, from which forward kinematics runs without trigonometry), and the
// report: the tip's distance from the target (from those cos/sin), whether it is within the
// tolerance, and which joints sit on a limit. No tricks: std::cos and std::sin of each angle.
struct PlainArmPose {
    double angle[2] = {0.0, 0.0};
    double cosine[2] = {1.0, 1.0};
    double sine[2] = {0.0, 0.0};
};
struct PlainSolveReport {
    double error = 0.0;
    bool reached = false;
    bool onLimit[2] = {false, false};
};
void plainLawOfCosinesSolve(const PlainArm& arm, Vec2 target, bool positiveBend, bool clamp, double tolerance,
                            PlainArmPose& pose, PlainSolveReport& report);

// Forward kinematics over a rig's parent array (parents before children).
struct PlainRig {
    std::vector<int> parent; // -1 for a root
    std::vector<double> length;
    std::vector<double> angle;     // radians; for a root its rotation
    std::vector<double> cosAngle;  // cos/sin of angle, for the loop that reads them
    std::vector<double> sinAngle;
    std::vector<Vec2> rootPosition; // only roots' entries are read
};
struct PlainWorld {
    double x, y; // joint position
    double c, s; // world direction of the bone ending there
};
PlainRig plainRigOf(const Rig& rig);
// The loop from angles: a cos and a sin per joint. Writes position and world angle.
void plainForwardKinematicsTrig(const PlainRig& rig, std::span<Vec2> position, std::span<double> worldAngle);
// The same loop from each joint's cos/sin, as the rig keeps them: one complex product per joint.
void plainForwardKinematicsCached(const PlainRig& rig, std::span<PlainWorld> out);

} // namespace bonework::peers
