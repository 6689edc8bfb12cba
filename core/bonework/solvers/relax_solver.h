#pragma once
// The whole-skeleton solver for branching rigs. Several effectors at once, each with a target and
// a weight; pins; every length and limit. It runs damped least squares (Levenberg-Marquardt) on
// the bone angles: each step solves the small system J Jᵀ + μI over all effectors, joints at a
// limit that the step would push further are held, and a step is kept only if the weighted error
// falls, so the pose settles calmly even when targets conflict. When the descent stalls short of
// the targets (limits can trap it in a local minimum) it restarts from other legal poses, picked
// deterministically (often near the limits, where trapped descents miss their answers), and
// keeps the best pose found. Effectors that share no bone they may turn (a spider's legs) are
// independent problems: each such group keeps or rejects its own steps, has its own damping,
// stops when its own targets are met and restarts alone. A group of one effector whose target
// lies beyond the full length of its bones needs no descent when they may lie straight at the
// target (always without limits): that pose is the answer, laid out at once (not for a limb that
// follows a drag, below: it would jump). So is a two-bone
// limb's: a group of one effector whose only bones that can turn are its own and its parent's
// (others above them rigid) gets two-bone's exact nearest legal pose (the bend it has now
// first), where the descent would only approach it. Any other group of one effector and no pins
// is a limb, a chain that behaves like fabrik's and ccd's (relax_finish.cpp): where its descent
// crawls near the target (near full extension it does), two of its joints land the tip exactly
// (two_joint_finish.h); a cold start of a free limb toward a target near its full length lays
// it straight toward the target first, a limb's first restart lays it as straight as its limits
// allow toward the target, and a crawl counts as a stall. A
// warm start (its tip near the target) keeps that finish within a degree of the pose it started
// from. A limb told its last target (Effector::previousTarget), which moved less than a quarter
// of its length since, follows it as fabrik and ccd do (chain_search.h): whatever its lag, every
// bone stays within a turn window of the pose it started from and it never restarts; where the
// window cannot reach, a search from that pose for another fold that does turns the limb toward
// it by at most the window (relax_drag.cpp), so a drag never makes it jump. Told nothing, a limb
// guesses a drag from its pose: a warm one, and one that a drag left short of its target against
// its limits, keep the same window, and the latter never restarts; a limb lagging its target
// otherwise restarts like a new solve, and can refold.
//
// Roots move, as an animator expects: a root that is not pinned, not request.root nor above it,
// and not held by a pin (below) is a variable too, its position and rotation. The body follows
// only for what the limbs cannot do: a group's roots are held while its bones alone make
// progress and join the descent once that stalls (at once when an effector has no bone to turn,
// as when a root is dragged), and even then their columns are scaled down (kRootMoveScale,
// kRootTurnScale in relax_step.cpp) so each step prefers bending; after each step the root of a
// group without pins moves by the best translation for the bones as they stand (carryRoots). A
// group of one effector that a closed form above answers is carried the rest of the way by its
// root, exactly; a dragged root goes onto its target.
//
// Pins hold exactly, and the bones above a pin may still turn (see pin_limbs.h): a pin whose
// two bones above may turn is kept by its limb. Its two coordinates are rows of the system with
// no target but staying put (nearly no damping), so each step moves the skeleton along what the
// pins allow; after the step the limb is re-posed in closed form to put the pin back exactly.
// When it cannot (out of reach, a limit), a correction moves what is above it back toward where
// it can (relax_pins.cpp), and failing that the step is halved until it can, or dropped. So both
// feet pinned and the pelvis dragged down make a crouch within the knees' limits, and one foot
// pinned lets the body swing about it. Any other pin holds everything above it, as does
// request.root. Restarts turn only bones with no pin below them.

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/chain_path.h"
#include "bonework/solvers/solver.h"
#include "bonework/solvers/solver_support.h"
#include "bonework/solvers/two_bone_solver.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace bonework::solvers {

class RelaxSolver final : public Solver {
public:
    RelaxSolver() { m_limbResult.limited.reserve(2); } // a limb has two joints to report
    SolverKind kind() const override { return SolverKind::Relax; }
    std::string validate(const Rig& rig, const SolveRequest& request) const override;
    void run(Rig& rig, const SolveRequest& request, SolveResult& result) override;
    void reserve(const Rig& rig, std::size_t mostEffectors) override;

private:
    // A descent makes progress while its error falls by this fraction (see relax_solver.cpp).
    static constexpr double kProgress = 0.01;

    // One group of effectors that share bones, and the state of its descent.
    struct Group {
        double mu = 1e-3;      // damping relative to the largest diagonal entry of its J Jᵀ
        double largest = 0.0;  // that entry, this iteration
        double pinLargest = 0.0; // the same over its pins' rows
        double error = 0.0;    // weighted squared error of its effectors
        double bestError = 0.0;
        double movedSinceCheckpoint = 0.0; // largest kept turn of one of its bones lately
        double progressMark = 0.0;  // error when it last improved by kProgress
        int pressedIterations = 0;  // since then, in a row, with bones pressed against limits
        int slowIterations = 0;     // since then
        bool pressed = false;       // this iteration
        int restarts = 0;
        bool active = true;    // still descending: targets not met, restarts left
        bool answered = false; // posed in closed form, no descent (see layOutOutOfReachGroups, solveTwoBoneLimbs)
        bool hasRoot = false;   // a root is among its variables
        bool rootsFree = false; // its roots take part in the descent (see the top of this file)
        bool hasPins = false;   // pins kept by limbs hang below its variables
        bool restartable = false; // has bones a restart may turn (none with a pin below)
        bool pinsPlaced = true; // after a trial step: every one of its pins put back
        bool limbsPosed = true; // scratch: its limbs found poses for the pins
        bool halved = false;    // its trial step was halved for its pins
        bool limb = false;      // one effector, no pins: a chain its finish may pose (relax_finish.cpp)
        bool straightened = false; // a limb laid out toward its target before its descent
        JointIndex limbTop = kNoJoint; // a limb's top bone (its anchor is that bone's parent)
        bool limbFree = false;  // a limb none of whose bones has limits
        bool cold = false;      // a limb whose solve may start afresh (relax_finish.cpp)
        bool bestPending = false; // its best pose is the rig's current one, not copied to m_best yet (see keepIfBest)
        bool warm = false;      // a limb whose solve started near its target: its finish stays near that pose
        // A limb following a drag: the largest turn of one of its bones from the pose the solve
        // started from (degrees, relax_drag.cpp) until it restarts. 0: no bound.
        double turnWindow = 0.0;
        bool heldByLimits = false; // a limb a drag left short of its target on a limit: no restarts
        bool followed = false;  // a limb told its last target, which moved little: no restarts (relax_drag.cpp)
        // A followed limb whose search within its window stalled short of its target: it now
        // searches for another fold from the start, free of the window (followWindow keeps it),
        // its best pose within the window kept in m_windowBest (windowError).
        bool searchingFold = false;
        bool foldFirst = false; // lagging: the fold searched from the first iteration (relax_drag.cpp)
        double followWindow = 0.0;
        double windowError = 0.0;
        double limbLength = 0.0; // a limb's bones, end to end
        double distance = 0.0;  // a limb's effector to its target, before this iteration's step
        int finishWait = 0;     // crawling iterations before a limb tries its finish again
        std::size_t firstColumn = 0; // its variables: columns [firstColumn, endColumn) of J
        std::size_t endColumn = 0;
    };
    // What a column of J moves: a bone's angle, or a root's rotation or position.
    enum class Column : unsigned char { Bone, LimbBone, RootTurn, RootX, RootY };
    // A pin kept by its limb (pin_limbs.h) below a group's variables: two rows of J.
    struct HeldPin {
        JointIndex joint = kNoJoint;
        Vec2 spot;      // where it stays
        double reach = 0.0; // its limb's length
        int group = 0;
        bool placed = true; // after a trial step: its limb put it back
    };

    // Marks the variables, groups the effectors, attaches pins and sizes the buffers.
    void setUp(const Rig& rig, const SolveRequest& request);
    // The pins in the effectors' trees: those with a limb go to m_limbPins, the others block
    // every joint above them (m_blocked).
    void findPins(const Rig& rig);
    // Attaches each pin with a limb to the group that moves something above it; its limb's bones
    // become columns of that group. Adds the joints it needs to m_needed.
    void attachPins(const Rig& rig);
    // Places the columns of every group in J and sets each group's flags.
    void placeColumns(const Rig& rig, const SolveRequest& request);
    // m_world for the joints in m_needed.
    void updateWorld(const Rig& rig);
    // Each group's weighted squared error (m_groupError) and the per-effector residuals for
    // the current m_world.
    void measure(const SolveRequest& request);
    // J, the residuals of live rows, the per-row damping and the held columns for this
    // iteration; for a `correction`, of the groups whose pins are not back (see relax_pins.cpp).
    void buildSystem(const Rig& rig, const SolveRequest& request, bool correction = false);
    // Solves (J Jᵀ + D) y = r, D the per-row damping, and sets `step` = Jᵀ y; false if the
    // system is singular.
    bool computeStep(std::vector<double>& step);
    // Its two halves: y into m_rhs (false if singular), and `step` = Jᵀ y, each bone's turn capped.
    bool solveNormal();
    void stepFromSolution(std::vector<double>& step);
    // Column c of Jᵀ y (uncapped): the step of one variable, for the hold test before the step.
    double columnStep(std::size_t c) const;
    // Holds the bones on (a limb's bones: within a hair of) a limit that the step of the last
    // solveNormal() pushes against; returns whether any was.
    bool holdPressedColumns(const Rig& rig);
    // Applies m_step, puts the pins back (halving a group's step until they can be), and keeps
    // each group's step only if its error fell. Ends with m_world and the residuals current.
    void takeStep(Rig& rig, const SolveRequest& request);
    // Sets the group's variables to m_saved plus m_step, or back to m_savedPose; or adds
    // m_correction to them.
    void applyStep(Rig& rig, const Group& group);
    void restoreSaved(Rig& rig, const Group& group);
    void applyCorrection(Rig& rig, const Group& group);
    // After the step, moves the root of each group whose roots are free (and that has no pins) by the weighted mean of
    // what is left to its effectors' targets: the translation that fits them best for the bones
    // as they now stand, where the scaled columns would only creep toward it (a target far out
    // of reach). Adds it to m_step, so halving for the pins halves it too; m_world current.
    bool carryRoots(Rig& rig, const SolveRequest& request);
    // Puts back the pins of the groups whose pins are not (pinsPlaced false), correcting what
    // lies above a limb that cannot reach; returns whether some group still could not.
    bool putPinsBack(Rig& rig, const SolveRequest& request);
    // Re-poses the limbs of group g's pins (m_world current); false if one cannot reach.
    bool placePins(Rig& rig, std::size_t g);
    // Whether every pin of group g is back on its spot (m_world current); marks those not.
    bool pinsBack(std::size_t g);
    // The restarts and root releases of groups whose descent has stalled this iteration;
    // returns whether any pose changed.
    bool restartStalledGroups(Rig& rig, const SolveRequest& request, bool checkpoint, std::uint64_t& randomState);
    // Whether every effector of group g is within the tolerance of its target.
    bool groupWithin(const SolveRequest& request, std::size_t g) const;
    // A group of one effector whose target lies beyond the full length of the bones it may
    // turn is answered in closed form when those bones may lie straight at the target (always
    // without limits): no pose comes nearer, and a descent would only creep toward it (the
    // straight chain is where its Jacobian is singular). Lays such groups out, marks them
    // answered; needs m_world current, returns whether any was.
    bool layOutOutOfReachGroups(Rig& rig, const SolveRequest& request);
    // A group of one effector whose only bones that can turn are its own and its parent's
    // (any others above them rigid) is a two-bone limb: two-bone's closed form poses it
    // exactly, at the legal pose nearest the target (a descent only approaches that pose, and
    // with limits its restarts could miss it). Poses such groups that are not answered yet,
    // marks them answered; returns whether any was.
    bool solveTwoBoneLimbs(Rig& rig, const SolveRequest& request);
    // Marks the limbs (groups of one effector and no pins with two joints that turn) and keeps
    // the pose each starts from; needs m_world current and m_soleEffector.
    void prepareLimbFinish(const Rig& rig, const SolveRequest& request);
    // Whether a bone from `effector` up to its limb's anchor sits exactly on one of its limits.
    bool anyBoneOnLimit(const Rig& rig, JointIndex effector) const;
    // Lays limb g as straight as its limits allow, its top bone turned so the tip points at its
    // target (as its limit allows); m_world current for the anchor.
    void layLimbToward(Rig& rig, std::size_t g, const SolveRequest& request);
    // Lays each cold free limb whose target is near its full length straight toward it; m_world
    // current. Returns whether any limb moved (m_world then stale).
    bool straightenLimbs(Rig& rig, const SolveRequest& request);
    // Each limb's distance to its target before a step (m_world current).
    void markLimbDistances(const SolveRequest& request);
    // After a step: each active limb whose descent crawls near its target tries to put its tip
    // exactly on it by turning two of its joints (two_joint_finish.h), within a small window
    // around its starting pose when warm. Leaves m_world, residuals and errors current; returns
    // whether any limb moved.
    bool finishLimbs(Rig& rig, const SolveRequest& request);
    // An answered group with a free root and no pins: the root carries its effector the rest of
    // the way to the target.
    // Needs m_world current; returns whether any root moved.
    bool carryByRoots(Rig& rig, const SolveRequest& request);
    // The reported error: the weighted root mean square of the effectors' distances to their
    // real targets (the plain one when every weight is 0), finite for any finite input.
    double weightedRootMeanSquare(const SolveRequest& request) const;
    // `degrees` for column c of `group` moved into the group's turn window (unchanged without
    // one), and which edge of that window `degrees` is on: 1 the upper, -1 the lower, 0 neither
    // (or no window).
    double withinTurnWindow(const Group& group, std::size_t c, double degrees) const;
    int turnWindowEdge(const Group& group, std::size_t c, double degrees) const;
    // How far the target of `e` moved since its last solve when that solve's pose is to be
    // followed (relax_drag.cpp): told its last target, which moved less than kFollowShare of the
    // limb's `length`. None otherwise.
    static std::optional<double> followedMove(const Effector& e, double length);
    // Group g, a followed limb whose descent within its window stalled short of its target:
    // keeps its best pose so far and puts it back in its start pose, free of its window, for a
    // cold search of another fold (restarts as a cold limb's). Whether it did (not for a group
    // with a root among its variables, one that already searched, or a target beyond the limb's
    // reach); needs m_world current.
    bool searchFold(Rig& rig, std::size_t g, const SolveRequest& request);
    // At the end of a solve, a limb that searched for a fold: the start turned toward the fold's
    // best pose by at most its window when that fold reaches its target or comes kFoldGain
    // nearer than the window's best, else the window's best.
    // Lagging followed limbs (not warm): the fold search from the first iteration. Whether any.
    bool searchFoldsFirst(Rig& rig, const SolveRequest& request);
    void endFoldSearch(Rig& rig, std::size_t g, const SolveRequest& request);
    // Records the group's current pose as its best if its error is the lowest yet (after a
    // restart: lower by kClearlyBetter), or unconditionally when it has `reached` its targets.
    // Until the group first restarts or is straightened, m_best is never read (the descent only
    // keeps steps that improve, and the answer is the pose it ends in), so the copy waits:
    // the group is marked bestPending, and flushBest copies the pose before anything moves the
    // group in a way that might not improve it (a restart, a straightening, a limb's finish).
    void keepIfBest(std::size_t g, const Rig& rig, bool reached = false);
    void flushBest(std::size_t g, const Rig& rig);

    std::vector<WorldTransform> m_world;     // current for the joints in m_needed only
    std::vector<WorldTransform> m_stepWorld; // takeStep: m_world of the pose before its trial step
    std::vector<JointIndex> m_needed;        // effectors, pins and their ancestors, in index order
    std::vector<unsigned char> m_neededMark; // joint -> in m_needed
    std::vector<JointIndex> m_rootPath;      // request.root and its ancestors: held in place
    std::vector<unsigned char> m_onRootPath; // joint -> in m_rootPath
    std::vector<JointIndex> m_blockedList;   // joints above a pin without a limb: held in place
    std::vector<unsigned char> m_blocked;    // joint -> in m_blockedList
    std::vector<JointIndex> m_limbPins;      // pins with a limb in the effectors' trees
    std::vector<JointIndex> m_stack;         // scratch for the search for pins
    std::vector<HeldPin> m_pins;             // the attached ones: rows 2 * effectors + 2 * k
    std::vector<int> m_variable;             // joint -> its column in J (a root: its first), or -1
    std::vector<JointIndex> m_variables;     // column -> joint
    std::vector<Column> m_columnKind;        // column -> what it moves
    std::vector<int> m_owner;                // joint -> an effector whose path marked it, or -1
    std::vector<int> m_effectorGroup;        // effector -> group, or -1 (nothing it can move)
    std::vector<int> m_groupOf;              // scratch: first effector of a group -> group
    std::vector<int> m_soleEffector;         // group -> its one effector; -1 none, -2 several
    std::vector<Group> m_groups;
    std::vector<double> m_groupError;        // per group, filled by measure()
    std::vector<double> m_rowDamping;        // per row of J
    std::vector<double> m_jacobian;          // row-major: 2 rows per effector, then 2 per pin
    std::vector<Vec2> m_target;              // per effector: its target, bounded (see run)
    std::vector<double> m_residual;          // sqrt(weight) * (target - position), per row
    std::vector<double> m_normal;            // J Jᵀ + damping I
    std::vector<double> m_rhs;
    std::vector<double> m_step;              // per column: degrees, or scaled units for roots
    std::vector<double> m_correction;        // per column: a correction for the pins, likewise
    std::vector<double> m_saved;             // per column: its value before a trial step
    std::vector<Rig::JointPose> m_savedPose; // per column: its joint's pose then, to the bit
    std::vector<unsigned char> m_held;       // variable held at its limit for this step
    std::vector<Rig::JointPose> m_best;      // per column: its joint's pose in the best found
    std::vector<Rotation> m_limbStart;       // per column: a limb bone's rotation when the solve began
    std::vector<double> m_limbStartAngle;    // the same as an angle (degrees)
    std::vector<Rig::JointPose> m_followStart; // per column: a followed limb's bone when the solve began, to the bit
    std::vector<Rig::JointPose> m_windowBest;  // per column: a followed limb's best pose within its window
    std::vector<Rotation> m_limbReference;   // scratch: the same along one limb, as a TurnWindow reads it
    ChainPath m_limbPath;                    // scratch: one limb, for its finish
    ChainState m_limbChain;
    TwoBoneSolver m_twoBone;                 // poses two-bone limbs
    SolveResult m_limbResult;                // its report (unused), kept for its buffer
};

} // namespace bonework::solvers
