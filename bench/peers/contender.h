#pragma once
// One contender of the peers benchmark behind one small interface, so every section runs
// Bonework's solvers, KDL's and the plain references the same way, interleaved:
//
//   c.load(case, cap);     // off the clock: build what this solver needs for the chain
//   c.restart();           // off the clock: back to the case's start pose (a cold solve)
//   c.solve(target);       // the timed part: one solve from the pose it holds now
//   c.tip(), c.angles(...), c.whyIllegal()   // off the clock: what the solve gave
//
// A contender keeps its pose between solves, so successive solve() calls are warm starts.

#include "peer_case.h"

#include "bonework/chain.h"

#include <memory>
#include <string>
#include <vector>

namespace bonework::peers {

inline constexpr double kTolerance = 0.01; // px, for every contender

class Contender {
public:
    virtual ~Contender() = default;
    virtual std::string name() const = 0;
    // Bonework's own solvers: every pose they return must be legal (checkLegalPose).
    virtual bool isBonework() const { return false; }
    // Whether it can solve this chain (two-bone and the law of cosines: two bones only).
    virtual bool handles(const PeerCase& c) const { (void)c; return true; }
    virtual void load(const PeerCase& c, int maxIterations) = 0;
    virtual void restart() = 0;
    virtual void solve(Vec2 target) = 0;
    // The next frame of a moving target: a solve that continues from the last one (Bonework's
    // solvers are told the last target, Effector::previousTarget, as the editor's drags do);
    // the peers know no such thing and solve as ever.
    virtual void follow(Vec2 target) { solve(target); }
    virtual int iterations() const = 0;
    virtual Vec2 tip() const = 0;
    // The pose: each bone's angle relative to the one before, radians.
    virtual void angles(std::vector<double>& out) const = 0;
    // Why the pose is not legal (limits, lengths, the fixed base); empty when it is.
    virtual std::string whyIllegal() const = 0;
    // Keeps the current pose, and goes back to it (the moving targets' warmed-up start).
    virtual void keep() = 0;
    virtual void restoreKept() = 0;
};

std::unique_ptr<Contender> makeBonework(SolverKind kind);
std::unique_ptr<Contender> makeKdlLma();
std::unique_ptr<Contender> makeKdlNrJl();
std::unique_ptr<Contender> makePlainFabrik(bool clamp);
std::unique_ptr<Contender> makePlainCcd(bool clamp);
std::unique_ptr<Contender> makePlainLawOfCosines(bool clamp);
std::unique_ptr<Contender> makePlainLawOfCosinesSolve(bool clamp);

} // namespace bonework::peers
