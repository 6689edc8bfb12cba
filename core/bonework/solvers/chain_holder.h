#pragma once
// Chains as constraints that hold (as IK constraints do in Spine or Rive): after an edit or a
// drag frame moved some joints, every chain that holds (mix above 0) is solved again toward its
// target, in the rig's chain order, so a later chain sees the pose the earlier ones left (a
// target attached to a joint is looked up when its chain's turn comes). Each chain's joints then
// go `mix` of the way from their unsolved angles to the solved ones.
//
//   ChainHolder holder;                   // keep it: it owns the solvers and their buffers
//   holder.hold(rig);                     // after the edit
//   holder.hold(rig, dragged);            // a chain solved by the drag itself is left out
//   holder.beginMotion(); ... holds ... holder.endMotion();   // a drag's frames
//
// Within a motion (a drag, frame by frame) each hold continues from the last: a chain's solve is
// told its last target (Effector::previousTarget), so it follows the target without refolding.
// Outside one every hold is a solve of its own, so the same rig gives the same pose whatever
// came before (an edit). A clip's sample continues from a frame of its own instead (a
// ChainFrame, chain_frame.h): each chain starts from the pose that frame recorded, told the
// target it had there, whatever the rig held; so the same rig and frame give the same pose.
//
// Every pose it leaves is legal: each solver's is, and blending two legal angles of a joint
// stays within its limits. No allocation once its solvers have met chains as long as these.

#include "bonework/rig.h"
#include "bonework/solvers/chain_frame.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"

#include <array>
#include <memory>
#include <span>
#include <vector>

namespace bonework::solvers {

// How one chain's hold went; the last hold's results are kept per chain.
struct ChainHoldResult {
    bool held = false;     // solved this time (it holds, and was not left out)
    bool reached = false;  // its tip ended within the chain's tolerance of its target
    double error = 0.0;    // distance from tip to target after the solve (before blending)
    int iterations = 0;
};

class ChainHolder {
public:
    ChainHolder();
    ~ChainHolder();

    // Solves every chain that holds, in chain order, except `skipChain` (-1: none) and the
    // chains whose tip is one of `dragged` (a drag moves those tips itself). Returns how many
    // chains it solved.
    int hold(Rig& rig, int skipChain = -1, std::span<const JointIndex> dragged = {});
    // How a hold uses a frame's chains (see below).
    enum class FrameUse {
        Continue, // each chain's solve starts from its pose there, told its target there
        Place,    // each chain takes its pose there, unsolved (a pose between two frames)
    };
    // Holds every chain that holds, as above, each chain that `from` holds (but two-bone, whose
    // closed form needs no start, and a chain whose pose in the rig reaches its target already)
    // taking `use` of its pose there: the bones a pin leaves free; the others solved from the
    // rig as it is. Either way the chain's pose then blends by its
    // mix. With `solved`, records each chain's solved pose (before its blend) and its target, for
    // the next frame. Both laid out by `layout`, built for this rig's chains.
    int hold(Rig& rig, const ChainFrameLayout& layout, const ChainFrame* from, const ChainFrame* solved,
             FrameUse use = FrameUse::Continue);
    std::span<const ChainHoldResult> results() const { return m_results; }

    // The holds between these two are the frames of one motion (see above).
    void beginMotion();
    void endMotion();

    // The joints whose pose a hold can change (the bones below each holding chain's root down to
    // its tip), appended to `joints`, which is then sorted and without duplicates.
    static void appendHeldJoints(const Rig& rig, std::vector<JointIndex>& joints);

    // A whole-skeleton drag with several effectors (relax) holds the chains in the same solve:
    // appends, for every chain that holds and whose tip is not an effector yet, its tip at its
    // target, weighted by its mix. The chains' own hold afterwards then has little left to do.
    static void appendChainEffectors(const Rig& rig, std::vector<Effector>& effectors);

private:
    int holdChains(Rig& rig, int skipChain, std::span<const JointIndex> dragged, const ChainFrameLayout* layout,
                   const ChainFrame* from, const ChainFrame* solved, FrameUse use);
    Solver& solverFor(SolverKind kind);
    // Takes the chain's joints `mix` of the way back toward `m_unsolved`.
    void blend(Rig& rig, double mix);

    std::array<std::unique_ptr<Solver>, std::size(kAllSolvers)> m_solvers;
    SolveResult m_result;
    ChainPath m_path;
    std::vector<double> m_unsolved; // the chain's angles before its solve, along m_path
    std::vector<ChainHoldResult> m_results;

    // Within a motion: where each chain's last hold sent its tip (none: it was not held, or the
    // chain changed since).
    struct LastHold {
        JointIndex tip = kNoJoint;
        JointIndex root = kNoJoint;
        Vec2 target;
    };
    bool m_inMotion = false;
    std::vector<LastHold> m_last;
};

} // namespace bonework::solvers
