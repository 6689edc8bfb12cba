#pragma once
// The rig: a forest of joints in flat, index-based arrays with every parent before its
// children. A root joint has a world position and a rotation; every other joint hangs from its
// parent by a bone with a length, an angle relative to the parent's bone direction (for a child
// of a root: relative to the root's rotation) and angle limits. Edits keep the rig valid or
// refuse with a reason; nothing here allocates during forward kinematics or solving.

#include "bonework/chain.h"
#include "bonework/force_inline.h"
#include "bonework/rotation_limits.h"
#include "bonework/slot.h"
#include "bonework/animation/clip.h"
#include "bonework/vec2.h"

#include <cmath>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bonework {

// How far a rig may reach, so that no pose of it lies beyond the doubles: a bone at most
// kMostBoneLength long, a root at most kMostRootCoordinate from the origin on either axis. Even
// a billion bones of the longest length then end within 1e300 + 1e299 of the origin, where
// positions, their differences and the solvers' arithmetic stay finite (bones of 1e308 made
// forward kinematics overflow, and every solver answer NaN).
inline constexpr double kMostBoneLength = 1e290;
inline constexpr double kMostRootCoordinate = 1e300;
// Whether a root at `position` lies within kMostRootCoordinate of the origin on both axes
// (false for NaN).
inline bool rootWithinReach(Vec2 position)
{
    return std::fabs(position.x) <= kMostRootCoordinate && std::fabs(position.y) <= kMostRootCoordinate;
}
// A root keyed in a clip (its x and y keys) is a root all the same: within kMostRootCoordinate.
//
// A chain's target point, set up or keyed in a clip, lies as far out as a root may: a solver
// works with the target less the chain's joints, which then stays finite, and a rig posed
// toward it (a sampled clip, say) holds the target and can be saved and read again.
inline constexpr double kMostTargetCoordinate = kMostRootCoordinate;
// Whether a target point lies within kMostTargetCoordinate of the origin on both axes (false
// for NaN).
inline bool targetWithinReach(Vec2 point)
{
    return std::fabs(point.x) <= kMostTargetCoordinate && std::fabs(point.y) <= kMostTargetCoordinate;
}
// A slot's image (slot.h), placed as slot_placement.h has it: its pivot at (x, y) in the
// bone's frame, its corners at (u - pivotX * width) * scaleX, (v - pivotY * height) * scaleY
// from the pivot, turned. So that every corner of every image stays far inside the doubles:
//  - x and y lie within kMostSlotOffset, as a root's position does: the pivot then lies within
//    2e300 of the frame's origin on either world axis (a turn mixes the two);
//  - scaleX and scaleY lie within kMostSlotScale (either sign: below 0 mirrors): their product, the determinant of the
//    image's transform (which drawing and hit testing invert), stays within 1e300;
//  - pivotX and pivotY lie within kMostSlotPivot (image widths and heights): with the largest
//    scale, even an image of 2^31 pixels a side (sizes are ints) ends within 1e300 of its pivot,
//    no farther than the pivot may lie from its bone.
// With the bone frames of a rig within reach (about 1.1e300), every corner then lies within
// about 3.5e300 of the origin, and the difference of any two corners (a bounding box, an
// export's offsets) within 7e300: finite, with room to spare. (Unbounded, a pivot of 1e308 made
// the corners overflow, whatever the scale.) Real images are some hundreds of pixels, scaled
// near 1, their pivots on or near them: these bounds lie far beyond any use.
inline constexpr double kMostSlotOffset = 1e300;
inline constexpr double kMostSlotScale = 1e150;
inline constexpr double kMostSlotPivot = 1e140;
static_assert((kMostSlotPivot + 1.0) * 2147483647.0 * kMostSlotScale <= kMostSlotOffset);
// A bound above as messages write it: "1e300" (not "1e+300").
std::string boundText(double bound);

// The outcome of an edit: empty when it was applied, otherwise why it was refused
// (and the rig is unchanged).
struct EditResult {
    std::string error;
    bool ok() const { return error.empty(); }
    explicit operator bool() const { return ok(); }
    static EditResult success() { return {}; }
    static EditResult refused(std::string why) { return {std::move(why)}; }
};

// Everything that describes one joint; used to add joints and to read one back whole.
struct JointDesc {
    std::string name;
    JointIndex parent = kNoJoint;
    Vec2 position{};        // roots only: world position
    double angle = 0.0;     // roots: world rotation; others: angle relative to the parent's bone
    double length = 0.0;    // non-roots only, > 0
    double minAngle = -180.0;
    double maxAngle = 180.0;
    bool pinned = false;
    bool operator==(const JointDesc&) const = default;
};

class Rig {
public:
    // --- Reading -------------------------------------------------------------------------
    const std::string& name() const { return m_name; }
    std::size_t jointCount() const { return m_parent.size(); }
    bool isValidJoint(JointIndex j) const { return j >= 0 && static_cast<std::size_t>(j) < jointCount(); }

    const std::string& jointName(JointIndex j) const { return m_names[j]; }
    JointIndex parent(JointIndex j) const { return m_parent[j]; }
    bool isRoot(JointIndex j) const { return m_parent[j] == kNoJoint; }
    double length(JointIndex j) const { return m_length[j]; }
    // For a root, its rotation; otherwise the bone's angle relative to its parent's bone.
    // After a solver's setRotationClamped the rig holds the rotation and owes the degrees: they
    // are worked out from it when read (an atan2), so a solve costs no trigonometry per bone.
    double angle(JointIndex j) const
    {
        const double a = m_angle[j];
        return a == a ? a : degreesOwed(j); // NaN marks degrees owed
    }
    double minAngle(JointIndex j) const { return m_min[j]; }
    double maxAngle(JointIndex j) const { return m_max[j]; }
    // The limits in rotation form (for a root: the whole circle).
    const RotationLimits& rotationLimits(JointIndex j) const { return m_limits[j]; }
    // Whether angle(j) sits exactly on one of j's limits, and they are not the whole circle
    // (a rigid joint always does). No trigonometry: owed degrees (NaN) never sit on a limit
    // (see setRotationClamped), so they fail the first test. Inline, and without branches:
    // every solve asks it of every bone it turned, which lands on a limit or not at random.
    // (Bitwise on ints on purpose: && and || would branch, and clang warns of them on bools.)
    bool isOnLimit(JointIndex j) const
    {
        const double a = m_angle[j];
        return ((int(a == m_min[j]) | int(a == m_max[j])) & int(m_parent[j] != kNoJoint) & int(!m_limits[j].free)) != 0;
    }
    bool isPinned(JointIndex j) const { return m_pinned[j] != 0; }
    // Whether j or any joint under it is pinned: turning any bone above j would move a pin.
    // Kept up to date by every edit, so a solver posing one limb need not scan the whole rig.
    bool subtreeHasPin(JointIndex j) const { return m_subtreeHasPin[j] != 0; }
    // j's children in index order, without allocating: firstChild(j), then nextSibling of each,
    // until kNoJoint. Kept up to date by every edit, so walking one tree costs that tree only.
    JointIndex firstChild(JointIndex j) const { return m_firstChild[j]; }
    JointIndex nextSibling(JointIndex j) const { return m_nextSibling[j]; }
    Vec2 rootPosition(JointIndex j) const { return m_rootPosition[j]; }
    // cos/sin of angle(j): Rotation::fromDegrees(angle(j)) after an edit in degrees, or after a
    // solver's setRotationClamped the rotation it worked with, from which angle(j) is derived.
    // The two differ by rounding only (a few units in the last place); operator== compares
    // angles.
    Rotation localRotation(JointIndex j) const { return m_localRotation[j]; }
    JointDesc joint(JointIndex j) const;

    std::span<const JointIndex> parents() const { return m_parent; }
    std::span<const double> lengths() const { return m_length; }
    std::span<const Rotation> localRotations() const { return m_localRotation; }

    JointIndex findJoint(std::string_view name) const; // kNoJoint when absent
    bool isAncestor(JointIndex ancestor, JointIndex j) const; // strict: a joint is not its own ancestor
    JointIndex rootOf(JointIndex j) const;
    // The most bones between a root and a joint of its tree: the longest chain the rig has.
    std::size_t deepestJointDepth() const;
    std::vector<JointIndex> children(JointIndex j) const;
    std::size_t rootCount() const;
    // j and all its descendants, in index order (so parents before children).
    std::vector<JointIndex> subtree(JointIndex j) const;

    const std::vector<Chain>& chains() const { return m_chains; }
    int findChain(std::string_view name) const; // -1 when absent

    // The images the bones carry, in draw order (the first at the back). Not slots(): Qt
    // defines that word as a macro wherever its headers are included.
    const std::vector<Slot>& slotList() const { return m_slots; }
    int findSlot(std::string_view name) const; // -1 when absent

    // The animation clips (animation/clip.h), in file order. Their tracks name joints, chains
    // and slots: renaming one renames its tracks, removing one drops them, and narrowing a
    // joint's limits clamps its angle keys into them, so every clip stays legal (rig_animations.cpp).
    const std::vector<animation::Clip>& animations() const { return m_animations; }
    int findAnimation(std::string_view name) const; // -1 when absent

    // --- Structural edits ----------------------------------------------------------------
    void setName(std::string name) { m_name = std::move(name); }
    // Appends a joint (root or child) after checking every rule; returns its index via `added`.
    EditResult addJoint(const JointDesc& desc, JointIndex* added = nullptr);
    // addJoint for callers that have already made sure the name is new (the file loader keeps a
    // hash of the names): every other rule is checked the same way, minus the O(joints) name scan,
    // so building a rig of n joints stays O(n). A duplicate name passed here breaks the rig.
    EditResult addJointWithNewName(const JointDesc& desc, JointIndex* added = nullptr);
    // Removes j and its whole subtree; chains that used any removed joint go too, and the
    // slots on removed joints.
    EditResult removeJoint(JointIndex j);
    EditResult renameJoint(JointIndex j, std::string_view newName);
    // Moves j (with its subtree) under newParent (kNoJoint: make it a root), keeping its world
    // position; its length and angle are recomputed and its limits widened to hold the angle.
    // The x, y and rotation of j's slots are recomputed so their images stay where they are on
    // screen (j's bone frame changes; its children's do not). Refused when it would make a
    // cycle, put j on top of its new parent, or break a chain.
    EditResult reparentJoint(JointIndex j, JointIndex newParent);

    // --- Value edits (each refuses values that would make the rig invalid) --------------
    EditResult setLength(JointIndex j, double length);
    EditResult setAngle(JointIndex j, double degrees);    // must lie within the limits
    EditResult setLimits(JointIndex j, double min, double max); // the angle is clamped into them
    EditResult setRootPosition(JointIndex j, Vec2 position);
    EditResult setRootRotation(JointIndex j, double degrees);
    EditResult setPinned(JointIndex j, bool pinned);

    // --- Chains --------------------------------------------------------------------------
    EditResult addChain(const Chain& chain);
    EditResult removeChain(int index);
    EditResult setChain(int index, const Chain& chain); // replaces settings, checked like addChain
    // Moves the chain at `from` to `to`, the others keeping their order: chains hold in this
    // order after every edit (a later chain sees the pose the earlier ones left).
    EditResult moveChain(int from, int to);
    // Moves a chain's target (a joint to ride on, or a point); no allocation.
    EditResult setChainTarget(int index, const ChainTarget& target);
    // Why a chain would be invalid in this rig; empty when it is fine.
    std::string checkChain(const Chain& chain, int ignoreIndex = -1) const;

    // --- Slots -----------------------------------------------------------------------------
    // Adds a slot at `index` in the draw order (-1: at the end, drawn in front of the others).
    EditResult addSlot(const Slot& slot, int index = -1);
    EditResult removeSlot(int index);
    EditResult setSlot(int index, const Slot& slot); // replaces it, checked like addSlot
    // Moves the slot at `from` to `to` in the draw order, the others keeping their order.
    EditResult moveSlot(int from, int to);
    // Why a slot would be invalid in this rig (the slot at ignoreIndex aside, for its name);
    // empty when it is fine.
    std::string checkSlot(const Slot& slot, int ignoreIndex = -1) const;

    // --- Animations --------------------------------------------------------------------------
    // Checked by animation::checkClip (the problem's location first), names unique.
    EditResult addAnimation(animation::Clip clip, int index = -1);
    EditResult removeAnimation(int index);
    EditResult setAnimation(int index, animation::Clip clip);
    // Puts back clips read with animations() from a rig with the same joints, chains and slots.
    void restoreAnimations(std::vector<animation::Clip> clips) { m_animations = std::move(clips); }

    // --- Fast paths for animation sampling (no checks, no allocation) ----------------------
    // A chain's target point (an attached target keeps its joint) and mix, clamped into [0, 1].
    void setChainLook(int chain, Vec2 target, double mix);
    void setSlotLook(int slot, bool visible, double opacity);
    // A slot's image as a clip keys it (a path checkClip has checked).
    void setSlotImageUnchecked(int slot, const std::string& image) { m_slots[static_cast<std::size_t>(slot)].image = image; }

    // --- Fast paths for solvers ----------------------------------------------------------
    // No checks beyond clamping into the limits: solvers call these in their inner loops.
    void setAngleClamped(JointIndex j, double degrees);
    // For solvers that work in cos/sin form: sets the joint's rotation to `rotation`, clamped
    // into the limits in rotation form. The degrees are worked out only when read (angle()), so
    // no trigonometry runs here. A rotation clamped onto a limit, or within rounding (1e-12
    // radians) of one, is put exactly on it, degrees included. `rotation` must be of unit
    // length to within rounding (it is renormalised here). Inline (forced: GCC leaves it out of
    // line): the usual cases (a limit's own rotation; unit within rounding, and free or clearly
    // inside the limits) are a few multiplies that every solve makes per bone; the rest (onto a
    // limit, not a rotation) is out of line.
    // Returns the rotation as the rig now holds it (localRotation(j)), so that a caller working
    // the pose out from it need not read it back through memory.
    BONEWORK_FORCE_INLINE Rotation setRotationClamped(JointIndex j, Rotation rotation)
    {
        const RotationLimits& limits = m_limits[j]; // the whole circle for a root
        // A solver that clamped a bone onto a limit hands over the limit's own rotation.
        if (!limits.free) {
            const bool max = (rotation.c == limits.atMax.c) & (rotation.s == limits.atMax.s);
            if (((rotation.c == limits.atMin.c) & (rotation.s == limits.atMin.s)) | max) {
                setOnLimit(j, max);
                return rotation;
            }
        }
        const double m2 = rotation.c * rotation.c + rotation.s * rotation.s;
        // One Newton step takes a rotation off unit length by e to about 1.5 e^2.
        const double k = 0.5 * (3.0 - m2);
        const Rotation unit{rotation.c * k, rotation.s * k};
        if (std::fabs(m2 - 1.0) <= 1e-6 && (limits.free || (int(inside(limits, unit)) & int(!nearLimit(limits, unit))) != 0)) {
            m_localRotation[j] = unit;
            m_angle[j] = std::numeric_limits<double>::quiet_NaN(); // owed: worked out when read
            return unit;
        }
        setRotationOnLimitOrCareful(j, rotation);
        return m_localRotation[j];
    }
    // setRotationClamped for a rotation the solver has found within j's limits already
    // (RotationLimits::contains) and of unit length to within rounding (1e-12): the same
    // result, without testing the limits again.
    BONEWORK_FORCE_INLINE Rotation setRotationWithinLimits(JointIndex j, Rotation rotation)
    {
        const RotationLimits& limits = m_limits[j];
        const double m2 = rotation.c * rotation.c + rotation.s * rotation.s;
        const double k = 0.5 * (3.0 - m2);
        const Rotation unit{rotation.c * k, rotation.s * k};
        // Renormalised, a rotation inside may come out just outside, but then within rounding
        // of the limit, as a limit's own rotation does: both go onto the limit out of line.
        if (std::fabs(m2 - 1.0) <= 1e-6 && (limits.free || !nearLimit(limits, unit))) {
            m_localRotation[j] = unit;
            m_angle[j] = std::numeric_limits<double>::quiet_NaN();
            return unit;
        }
        setRotationOnLimitOrCareful(j, rotation);
        return m_localRotation[j];
    }
    void setRootPositionUnchecked(JointIndex j, Vec2 position) { m_rootPosition[j] = position; }

    // --- Poses, exactly as held -----------------------------------------------------------
    // A joint's pose as the rig holds it, to the bit: its angle (NaN while owed to a solver's
    // rotation), its rotation and, for a root, its position. Undo keeps these for the joints an
    // edit changed, so undoing and redoing a drag gives back the very same rig.
    struct JointPose {
        double angle = 0.0;
        Rotation rotation;
        Vec2 rootPosition;
        // Bit for bit, so an owed angle (NaN) equals itself.
        bool operator==(const JointPose& other) const;
    };
    JointPose pose(JointIndex j) const { return {m_angle[j], m_localRotation[j], m_rootPosition[j]}; }
    // Whether j would read (angle(j), and a root's position) the same with pose `a` as with `b`:
    // what a user sees and a key records. Two poses may differ in how they hold one angle (its
    // degrees, or a solver's rotation they are worked out from) and still read the same.
    bool readsSame(JointIndex j, const JointPose& a, const JointPose& b) const
    {
        return angleOf(j, a) == angleOf(j, b) && a.rootPosition.x == b.rootPosition.x && a.rootPosition.y == b.rootPosition.y;
    }
    // Puts back a pose read with pose() from this rig or a copy of it with the same joints and
    // limits: no checks, since it was legal there.
    void setPose(JointIndex j, const JointPose& pose)
    {
        m_angle[j] = pose.angle;
        m_localRotation[j] = pose.rotation;
        m_rootPosition[j] = pose.rootPosition;
    }

    // --- Restoring what an edit changed (undo) ---------------------------------------------
    // Puts back a joint's settings and pose as read with joint() and pose() from a rig with the
    // same skeleton (joints and parents): no checks, since they were legal there; the derived
    // state (limits in rotation form, pins below each joint) follows.
    void restoreJoint(JointIndex j, const JointDesc& desc, const JointPose& pose);
    // Puts back chains read with chains() from a rig with the same skeleton.
    void restoreChains(std::vector<Chain> chains) { m_chains = std::move(chains); }
    // Puts back slots read with slotList() from a rig with the same skeleton.
    void restoreSlots(std::vector<Slot> slotList) { m_slots = std::move(slotList); }

    // A subtree as it stood, with the chains that depend on it and the slots on its joints:
    // what removeJoint(j) takes out.
    // Undo of a structural edit keeps this, not the rig: a removal is undone by putting it back,
    // a reparent by removing the moved subtree and putting this back.
    struct SubtreeRecord {
        std::vector<JointIndex> indices; // ascending: j and its descendants
        std::vector<JointDesc> joints;   // parents as indices in the rig it was read from
        std::vector<JointPose> poses;    // to the bit
        std::vector<int> chainIndices;   // ascending: the chains removeJoint(j) would remove
        std::vector<Chain> chains;
        std::vector<int> slotIndices;    // ascending: the slots on the subtree's joints
        std::vector<Slot> slotList;      // joints as indices in the rig it was read from
        std::vector<animation::Clip> animations; // every clip as it stood (removal drops tracks)
    };
    SubtreeRecord recordSubtree(JointIndex j) const;
    // Puts a recorded subtree back at its indices (and its chains and slots at theirs),
    // shifting the joints, chains and slots after them, so the rig is again the one it was read
    // from. The rig must be that rig minus the subtree (as removeJoint left it); no other
    // checks, since it was legal there.
    void restoreSubtree(const SubtreeRecord& record);

    // Full consistency check (used by tests, the loader and debug builds); empty when valid.
    std::string checkInvariants() const;

    void reserve(std::size_t joints);
    // Compares everything a rig file holds (bit for bit, angles as angle() reads them); derived
    // state (the rotations, the limits in rotation form, the record of pins below each joint,
    // the child links) is left out.
    bool operator==(const Rig& other) const;

private:
    void appendJoint(const JointDesc& desc);
    // 1 for j and every joint under it, 0 elsewhere.
    std::vector<unsigned char> subtreeMarks(JointIndex j) const;
    // angle(j) when the rig holds j's rotation only: the rotation's degrees.
    double degreesOwed(JointIndex j) const { return degreesOf(j, m_localRotation[j]); }
    // The degrees j reads with `rotation` as its rotation (within j's limits).
    double degreesOf(JointIndex j, Rotation rotation) const;
    // angle(j) were `pose` j's pose.
    double angleOf(JointIndex j, const JointPose& pose) const
    {
        return pose.angle == pose.angle ? pose.angle : degreesOf(j, pose.rotation);
    }
    // Puts j exactly on its maximum or minimum, rotation and degrees.
    void setOnLimit(JointIndex j, bool max)
    {
        m_localRotation[j] = max ? m_limits[j].atMax : m_limits[j].atMin;
        m_angle[j] = max ? m_max[j] : m_min[j];
    }
    // Whether r lies within rounding of the rotation `limit` (on the same side of the circle).
    // 1e-12 radians: far above the rounding of composed rotations (about 1e-15), far below
    // anything that shows (a 1000 px bone's end moves a nanometre of a pixel).
    static bool withinRounding(Rotation r, Rotation limit)
    {
        return (int(dot(r.direction(), limit.direction()) > 0.0)
                & int(std::fabs(cross(limit.direction(), r.direction())) <= 1e-12)) != 0;
    }
    // Whether r lies within rounding of either limit.
    static bool nearLimit(const RotationLimits& limits, Rotation r)
    {
        return (int(withinRounding(r, limits.atMin)) | int(withinRounding(r, limits.atMax))) != 0;
    }
    // Whether RotationLimits::clamp leaves r as it is because it lies inside (computed whole:
    // a solve's bones land inside or outside at random, and branches would mispredict).
    static bool inside(const RotationLimits& limits, Rotation r)
    {
        const double c = limits.centre.c * r.c + limits.centre.s * r.s;
        const double s = limits.centre.c * r.s - limits.centre.s * r.c;
        const double w = limits.sinHalfWidth;
        return limits.narrow ? (c > 0.0) & (std::fabs(s) <= w) : (c >= 0.0) | (std::fabs(s) >= w);
    }
    // setRotationClamped in full: onto a limit, or a rotation far off unit length.
    void setRotationOnLimitOrCareful(JointIndex j, Rotation rotation);
    // The angles of both rigs equal as angle() reads them (the rest of operator==).
    bool sameAngles(const Rig& other) const;
    // Works m_limits[j] out again after j's limits changed.
    void refreshRotationLimits(JointIndex j) { m_limits[j].set(m_min[j], m_max[j]); }
    // Restores "parents before children" after `moved` was reparented under a later joint, by
    // moving its subtree only (every other joint keeps its index order); remaps chains and slots.
    void restoreParentOrder(JointIndex moved);
    void applyPermutation(const std::vector<JointIndex>& newToOld);
    // Marks j and every ancestor as having a pin below (stops at the first already marked).
    void markPinAbove(JointIndex j);
    // Works m_subtreeHasPin out again for the whole rig (after unpinning or a structural edit).
    void recomputeSubtreePins();
    // Appends the last joint to its parent's list of children (kept in index order).
    void linkLastJoint();
    // Works the child links out again for the whole rig (after a structural edit).
    void recomputeChildLinks();
    // After j's bone frame changed from `before` (rig_slots.cpp): moves j's slots so their
    // images stay where they were on screen.
    void keepSlotsInPlace(JointIndex j, const Rig& before);

    std::string m_name;
    std::vector<std::string> m_names;
    std::vector<JointIndex> m_parent;
    std::vector<double> m_length;
    std::vector<double> m_angle; // NaN while owed: then m_localRotation says it all
    std::vector<double> m_min;
    std::vector<double> m_max;
    std::vector<unsigned char> m_pinned;
    std::vector<Vec2> m_rootPosition;
    std::vector<Rotation> m_localRotation;
    std::vector<RotationLimits> m_limits; // derived from m_min and m_max
    std::vector<unsigned char> m_subtreeHasPin; // derived from m_pinned and m_parent
    std::vector<JointIndex> m_firstChild, m_lastChild, m_nextSibling; // derived from m_parent
    std::vector<Chain> m_chains;
    std::vector<Slot> m_slots; // draw order
    std::vector<animation::Clip> m_animations;

    // Keeping the clips true to what they name (rig_animations.cpp).
    void renameTracks(int kind, const std::string& from, const std::string& to);
    void dropRemovedTracks();
    void clampAngleKeys(JointIndex j);
};

} // namespace bonework
