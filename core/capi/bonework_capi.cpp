// The C API (bonework.h) over the C++ core: a bw_rig owns the rig, the pose it was loaded
// with, one solver of each kind and every buffer a solve or a read needs, all made at load
// (and warmed up there), so posing and reading allocate nothing. No exception crosses the API.
#include "bonework.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/slot_placement.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/chain_holder.h"
#include "bonework/solvers/solver.h"

#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace bonework;

struct bw_rig {
    Rig rig;
    Rig loaded; // Reset Pose goes back to it
    std::array<std::unique_ptr<solvers::Solver>, std::size(kAllSolvers)> solvers;
    solvers::ChainHolder holder; // bw_rig_solve_chains: the chains hold as in the editor
    bool following = false;      // bw_rig_set_following: the solves of chains are one motion
    std::vector<std::optional<Vec2>> chainFollowed; // following: each chain's last bw_rig_solve_chain target
    std::vector<std::optional<Vec2>> jointFollowed; // following: each joint's last bw_rig_solve target
    mutable std::vector<WorldTransform> world;
    solvers::SolveResult result; // its `limited` list keeps its capacity
    // Per clip of `loaded`, its sampler once sampled: each keeps its clip's chains' trail, so a
    // game switching between clips (or blending two) never works a trail out twice.
    std::vector<std::unique_ptr<animation::ClipSampler>> samplers;
};

namespace {

// The calling thread's last message, in a fixed buffer rather than a std::string: a
// thread_local with a destructor makes the thread's first use register it, which allocates and,
// out of memory, aborts the program; and recording a message then never allocates. A longer
// message is cut at a character's boundary and ends in "...".
constexpr std::size_t kLastErrorBytes = 2048;
thread_local char lastError[kLastErrorBytes] = {};

bw_status fail(bw_status status, std::string_view message)
{
    std::size_t size = message.size();
    const bool cut = size >= kLastErrorBytes;
    if (cut) {
        size = kLastErrorBytes - 4;
        while (size > 0 && (static_cast<unsigned char>(message[size]) & 0xC0) == 0x80)
            --size; // not inside a UTF-8 sequence
    }
    std::memcpy(lastError, message.data(), size);
    if (cut) {
        std::memcpy(lastError + size, "...", 3);
        size += 3;
    }
    lastError[size] = '\0';
    return status;
}

constexpr std::size_t kMostEffectors = 64; // bw_rig_solve's, on the stack

bool validJoint(const bw_rig* rig, int32_t joint) { return rig && rig->rig.isValidJoint(joint); }

bool validSlot(const bw_rig* rig, int32_t slot)
{
    return rig && slot >= 0 && static_cast<std::size_t>(slot) < rig->rig.slotList().size();
}
bool validChain(const bw_rig* rig, int32_t chain)
{
    return rig && chain >= 0 && static_cast<std::size_t>(chain) < rig->rig.chains().size();
}

void copyResult(const solvers::SolveResult& from, bw_solve_result* to)
{
    if (to)
        *to = {from.iterations, from.error, from.reached ? 1 : 0};
}

bw_status runSolve(bw_rig* rig, SolverKind kind, const solvers::SolveRequest& request, bw_solve_result* result)
{
    solvers::Solver& solver = *rig->solvers[static_cast<std::size_t>(kind)];
    if (std::string why = solver.validate(rig->rig, request); !why.empty())
        return fail(BW_ERROR_SOLVE, std::move(why));
    solver.run(rig->rig, request, rig->result);
    copyResult(rig->result, result);
    return BW_OK;
}

// Following starts afresh: no chain or joint is told a last target.
void forgetFollowed(bw_rig& rig)
{
    std::fill(rig.chainFollowed.begin(), rig.chainFollowed.end(), std::nullopt);
    std::fill(rig.jointFollowed.begin(), rig.jointFollowed.end(), std::nullopt);
}

bw_status solveChain(bw_rig* rig, int32_t chain, bw_solve_result* result)
{
    const Chain& c = rig->rig.chains()[static_cast<std::size_t>(chain)];
    const Vec2 target = chainTargetPosition(rig->rig, c);
    solvers::Effector effector{c.tip, target, 1.0};
    if (rig->following) { // told where the chain's last solve sent it
        std::optional<Vec2>& last = rig->chainFollowed[static_cast<std::size_t>(chain)];
        effector.previousTarget = last;
        last = target;
    }
    return runSolve(rig, c.solver, solvers::chainRequest(c, effector), result);
}

// Sizes every buffer a solve or a sample may need on this rig: each solver's scratch for the
// largest request it can be given (Solver::reserve: any base, pins, up to kMostEffectors), the
// chains' own solves and holding, and each slot's room for the longest image a clip keys. Then
// one solve of each solver, so that what its first run sets up is set up here.
void warmUp(bw_rig& handle)
{
    const Rig& rig = handle.loaded;
    for (auto& solver : handle.solvers)
        solver->reserve(rig, kMostEffectors);
    for (int32_t c = 0; c < static_cast<int32_t>(rig.chains().size()); ++c)
        solveChain(&handle, c, nullptr); // a refusal is reported when the game asks
    handle.holder.hold(handle.rig);
    handle.holder.beginMotion(); // sizes what following keeps per chain
    handle.holder.hold(handle.rig);
    handle.holder.endMotion();
    // Each slot's image name as long as any a clip keys for it: the string keeps that room when
    // the loaded pose is put back, so a sample swapping images allocates nothing.
    for (const animation::Clip& clip : rig.animations())
        for (const animation::SlotTracks& tracks : clip.slotTracks)
            if (const int slot = rig.findSlot(tracks.slot); slot >= 0)
                for (const animation::ImageKey& key : tracks.image)
                    if (key.image.size() > handle.rig.slotList()[static_cast<std::size_t>(slot)].image.size())
                        handle.rig.setSlotImageUnchecked(slot, key.image);
    JointIndex deepest = kNoJoint;
    std::vector<int> depth(rig.jointCount(), 0);
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (!rig.isRoot(j))
            depth[i] = depth[static_cast<std::size_t>(rig.parent(j))] + 1;
        if (deepest == kNoJoint || depth[i] > depth[static_cast<std::size_t>(deepest)])
            deepest = j;
    }
    if (deepest == kNoJoint || rig.isRoot(deepest))
        return;
    for (SolverKind kind : kAllSolvers) {
        const solvers::Effector one{deepest, worldTransformOf(rig, deepest).position + Vec2{1, 1}, 1.0};
        solvers::SolveRequest request = solvers::defaultRequest(std::span<const solvers::Effector>(&one, 1));
        if (kind == SolverKind::TwoBone) { // the deepest joint's last two bones
            if (depth[static_cast<std::size_t>(deepest)] < 2)
                continue;
            request.root = rig.parent(rig.parent(deepest));
        }
        handle.rig = rig;
        runSolve(&handle, kind, request, nullptr);
    }
}

// Everything a rig needs from now on, made here: the solvers (warmed up), the world buffer.
bw_status adopt(Rig&& loaded, bw_rig** out)
{
    auto handle = std::make_unique<bw_rig>();
    handle->loaded = std::move(loaded);
    handle->rig = handle->loaded;
    for (SolverKind kind : kAllSolvers)
        handle->solvers[static_cast<std::size_t>(kind)] = solvers::makeSolver(kind);
    handle->world.resize(handle->rig.jointCount());
    handle->chainFollowed.resize(handle->rig.chains().size());
    handle->jointFollowed.resize(handle->rig.jointCount());
    handle->result.limited.reserve(handle->rig.jointCount());
    warmUp(*handle);
    handle->rig = handle->loaded;
    lastError[0] = '\0';
    *out = handle.release();
    return BW_OK;
}

bw_status loaded(const io::LoadResult& result, bw_rig** out)
{
    if (result.error.outOfMemory) // (caught inside the loader: the same status as elsewhere)
        return fail(BW_ERROR_MEMORY, "out of memory");
    if (!result.ok())
        return fail(BW_ERROR_LOAD, result.error.toString());
    Rig rig = *result.rig;
    return adopt(std::move(rig), out);
}

// Runs `body`, turning an exception (out of memory while loading) into a status.
template <typename Body>
bw_status guarded(Body body)
{
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(BW_ERROR_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        return fail(BW_ERROR_LOAD, e.what());
    } catch (...) {
        return fail(BW_ERROR_LOAD, "unexpected failure");
    }
}

} // namespace

extern "C" {

const char* bw_version(void) { return BONEWORK_VERSION_STRING; }

const char* bw_last_error(void) { return lastError; }

bw_status bw_rig_load_file(const char* path, bw_rig** out)
{
    if (!out)
        return fail(BW_ERROR_ARGUMENT, "no place for the rig (out is NULL)");
    *out = nullptr;
    if (!path)
        return fail(BW_ERROR_ARGUMENT, "no file (path is NULL)");
    if (!*path)
        return fail(BW_ERROR_ARGUMENT, "no file (the path is empty)");
    return guarded([&] { return loaded(io::loadRigFile(path), out); });
}

bw_status bw_rig_load_bytes(const char* data, size_t size, const char* name, bw_rig** out)
{
    if (!out)
        return fail(BW_ERROR_ARGUMENT, "no place for the rig (out is NULL)");
    *out = nullptr;
    if (!data && size > 0)
        return fail(BW_ERROR_ARGUMENT, "no bytes (data is NULL)");
    return guarded([&] {
        const std::string_view json(data ? data : "", size);
        return loaded(io::parseRig(json, name ? name : "rig"), out);
    });
}

bw_status bw_rig_clone(const bw_rig* rig, bw_rig** out)
{
    if (out)
        *out = nullptr; // as the loaders: a stale handle is never left to be freed twice
    if (!out || !rig)
        return fail(BW_ERROR_ARGUMENT, "no rig or no place for the copy");
    return guarded([&] {
        bw_status status = adopt(Rig(rig->loaded), out);
        if (status == BW_OK)
            (*out)->rig = rig->rig;
        return status;
    });
}

void bw_rig_free(bw_rig* rig) { delete rig; }

int32_t bw_rig_joint_count(const bw_rig* rig) { return rig ? static_cast<int32_t>(rig->rig.jointCount()) : 0; }

int32_t bw_rig_find_joint(const bw_rig* rig, const char* name)
{
    return rig && name ? rig->rig.findJoint(name) : -1;
}

const char* bw_rig_joint_name(const bw_rig* rig, int32_t joint)
{
    return validJoint(rig, joint) ? rig->rig.jointName(joint).c_str() : nullptr;
}

int32_t bw_rig_joint_parent(const bw_rig* rig, int32_t joint)
{
    return validJoint(rig, joint) ? rig->rig.parent(joint) : -1;
}

int32_t bw_rig_chain_count(const bw_rig* rig) { return rig ? static_cast<int32_t>(rig->rig.chains().size()) : 0; }

int32_t bw_rig_find_chain(const bw_rig* rig, const char* name) { return rig && name ? rig->rig.findChain(name) : -1; }

bw_status bw_rig_set_joint_angle(bw_rig* rig, int32_t joint, double degrees)
{
    if (!validJoint(rig, joint) || !std::isfinite(degrees))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such joint, or the angle is not finite" : "no rig");
    rig->rig.setAngleClamped(joint, degrees);
    return BW_OK;
}

bw_status bw_rig_set_root_transform(bw_rig* rig, int32_t root, double x, double y, double degrees)
{
    if (!validJoint(rig, root) || !rig->rig.isRoot(root))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such root joint" : "no rig");
    if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(degrees))
        return fail(BW_ERROR_ARGUMENT, "the root's position and rotation must be finite");
    // As far out as a rig file's root may be (kMostRootCoordinate): the pose stays finite
    // through forward kinematics and can be written out and read back.
    if (!rootWithinReach({x, y}))
        return fail(BW_ERROR_ARGUMENT, "the root's position must lie within 1e300 of the origin");
    rig->rig.setRootPositionUnchecked(root, {x, y});
    rig->rig.setAngleClamped(root, degrees);
    return BW_OK;
}

void bw_rig_reset_pose(bw_rig* rig)
{
    if (!rig)
        return;
    for (std::size_t i = 0; i < rig->rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        rig->rig.setPose(j, rig->loaded.pose(j));
    }
    // A sample or a setter may have changed the chains' mixes and the slots' look: back too.
    for (std::size_t c = 0; c < rig->rig.chains().size(); ++c) {
        const Chain& loadedChain = rig->loaded.chains()[c];
        rig->rig.setChainTarget(static_cast<int>(c), loadedChain.target);
        rig->rig.setChainLook(static_cast<int>(c), loadedChain.target.point, loadedChain.mix);
    }
    for (std::size_t s = 0; s < rig->rig.slotList().size(); ++s) {
        const Slot& loadedSlot = rig->loaded.slotList()[s];
        rig->rig.setSlotLook(static_cast<int>(s), loadedSlot.visible, loadedSlot.opacity);
        if (rig->rig.slotList()[s].image != loadedSlot.image) // the string keeps its room: no allocation
            rig->rig.setSlotImageUnchecked(static_cast<int>(s), loadedSlot.image);
    }
    if (rig->following) { // the pose jumped: the following starts afresh
        rig->holder.beginMotion();
        forgetFollowed(*rig);
    }
}

bw_status bw_rig_set_chain_target(bw_rig* rig, int32_t chain, double x, double y)
{
    if (!validChain(rig, chain))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such chain" : "no rig");
    // Finite and within the rig's reach (kMostTargetCoordinate): the rig refuses the rest.
    if (const EditResult set = rig->rig.setChainTarget(chain, ChainTarget{{x, y}, kNoJoint}); !set)
        return fail(BW_ERROR_ARGUMENT, set.error);
    return BW_OK;
}

bw_status bw_rig_solve_chain(bw_rig* rig, int32_t chain, bw_solve_result* result)
{
    if (!validChain(rig, chain))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such chain" : "no rig");
    return solveChain(rig, chain, result);
}

double bw_rig_chain_mix(const bw_rig* rig, int32_t chain)
{
    return validChain(rig, chain) ? rig->rig.chains()[static_cast<std::size_t>(chain)].mix : -1.0;
}

bw_status bw_rig_set_chain_mix(bw_rig* rig, int32_t chain, double mix)
{
    if (!validChain(rig, chain))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such chain" : "no rig");
    if (!(mix >= 0.0 && mix <= 1.0)) // NaN too
        return fail(BW_ERROR_ARGUMENT, "the mix must be between 0 and 1");
    // Not through Rig::setChain: that copies the chain, its name with it (an allocation).
    rig->rig.setChainLook(chain, rig->rig.chains()[static_cast<std::size_t>(chain)].target.point, mix);
    return BW_OK;
}

bw_status bw_rig_solve_chains(bw_rig* rig)
{
    if (!rig)
        return fail(BW_ERROR_ARGUMENT, "no rig");
    rig->holder.hold(rig->rig); // every chain that holds, in chain order, blended by its mix
    return BW_OK;
}

bw_status bw_rig_set_following(bw_rig* rig, int32_t on)
{
    if (!rig)
        return fail(BW_ERROR_ARGUMENT, "no rig");
    rig->following = on != 0;
    if (rig->following)
        rig->holder.beginMotion();
    else
        rig->holder.endMotion();
    forgetFollowed(*rig);
    return BW_OK;
}

bw_status bw_rig_solve(bw_rig* rig, bw_solver solver, const bw_effector* effectors, size_t count, int32_t root,
                       bw_solve_result* result)
{
    if (!rig || (!effectors && count > 0) || count == 0)
        return fail(BW_ERROR_ARGUMENT, "no rig or no effectors");
    if (static_cast<int>(solver) < 0 || static_cast<std::size_t>(solver) >= std::size(kAllSolvers))
        return fail(BW_ERROR_ARGUMENT, "unknown solver");
    if (count > kMostEffectors)
        return fail(BW_ERROR_ARGUMENT, "at most 64 effectors in a solve");
    if (count > 1 && solver != BW_SOLVER_RELAX)
        return fail(BW_ERROR_ARGUMENT, "several effectors are for relax; the other solvers take one");
    if (root != -1 && !validJoint(rig, root)) // -1 is "none"; -2 and below name nothing
        return fail(BW_ERROR_ARGUMENT, "the fixed base names no joint of the rig");
    std::array<solvers::Effector, kMostEffectors> list; // on the stack: a solve allocates nothing
    for (size_t i = 0; i < count; ++i) {
        const bw_effector& e = effectors[i];
        if (!validJoint(rig, e.joint))
            return fail(BW_ERROR_ARGUMENT, "an effector names no joint of the rig");
        if (!std::isfinite(e.x) || !std::isfinite(e.y) || !std::isfinite(e.weight))
            return fail(BW_ERROR_ARGUMENT, "effector targets and weights must be finite");
        if (e.weight < 0.0)
            return fail(BW_ERROR_ARGUMENT, "an effector's weight must be 0 or more");
        if (!targetWithinReach({e.x, e.y}))
            return fail(BW_ERROR_ARGUMENT, "an effector's target must lie within 1e300 of the origin");
        list[i] = {e.joint, {e.x, e.y}, e.weight};
        if (rig->following && validJoint(rig, e.joint)) // told where this joint's last solve sent it
            list[i].previousTarget = rig->jointFollowed[static_cast<std::size_t>(e.joint)];
    }
    solvers::SolveRequest request = solvers::defaultRequest(std::span<const solvers::Effector>(list.data(), count));
    request.root = root < 0 ? kNoJoint : root;
    const bw_status status = runSolve(rig, kAllSolvers[static_cast<std::size_t>(solver)], request, result);
    if (status == BW_OK && rig->following)
        for (size_t i = 0; i < count; ++i)
            rig->jointFollowed[static_cast<std::size_t>(list[i].joint)] = list[i].target;
    return status;
}

bw_status bw_rig_world_transform(const bw_rig* rig, int32_t joint, double* x, double* y, double* degrees)
{
    if (!validJoint(rig, joint))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such joint" : "no rig");
    const WorldTransform w = worldTransformOf(rig->rig, joint);
    if (x)
        *x = w.position.x;
    if (y)
        *y = w.position.y;
    if (degrees)
        *degrees = w.rotation.degrees();
    return BW_OK;
}

bw_status bw_rig_world_transforms(const bw_rig* rig, double* xyd, size_t capacity)
{
    if (!rig || !xyd || capacity < rig->rig.jointCount())
        return fail(BW_ERROR_ARGUMENT, "no rig, no buffer, or a buffer smaller than the joint count");
    forwardKinematics(rig->rig, rig->world);
    for (std::size_t i = 0; i < rig->world.size(); ++i) {
        xyd[3 * i] = rig->world[i].position.x;
        xyd[3 * i + 1] = rig->world[i].position.y;
        xyd[3 * i + 2] = rig->world[i].rotation.degrees();
    }
    return BW_OK;
}

int32_t bw_rig_animation_count(const bw_rig* rig)
{
    return rig ? static_cast<int32_t>(rig->loaded.animations().size()) : 0;
}

int32_t bw_rig_find_animation(const bw_rig* rig, const char* name)
{
    return rig && name ? rig->loaded.findAnimation(name) : -1;
}

const char* bw_rig_animation_name(const bw_rig* rig, int32_t animation)
{
    if (!rig || animation < 0 || animation >= bw_rig_animation_count(rig))
        return nullptr;
    return rig->loaded.animations()[static_cast<std::size_t>(animation)].name.c_str();
}

double bw_rig_animation_duration(const bw_rig* rig, int32_t animation)
{
    if (!rig || animation < 0 || animation >= bw_rig_animation_count(rig))
        return -1.0;
    return rig->loaded.animations()[static_cast<std::size_t>(animation)].duration;
}

int32_t bw_rig_animation_loops(const bw_rig* rig, int32_t animation)
{
    if (!rig || animation < 0 || animation >= bw_rig_animation_count(rig))
        return -1;
    return rig->loaded.animations()[static_cast<std::size_t>(animation)].loop ? 1 : 0;
}

bw_status bw_rig_sample_animation(bw_rig* rig, int32_t animation, double seconds)
{
    if (!rig || animation < 0 || animation >= bw_rig_animation_count(rig))
        return fail(BW_ERROR_ARGUMENT, "no rig or no such animation");
    if (!std::isfinite(seconds))
        return fail(BW_ERROR_ARGUMENT, "the time must be a finite number of seconds");
    return guarded([&] {
        const auto clip = static_cast<std::size_t>(animation);
        if (rig->samplers.size() <= clip)
            rig->samplers.resize(rig->loaded.animations().size());
        const double time = animation::clipTime(rig->loaded.animations()[clip], seconds);
        if (!rig->samplers[clip]) {
            // The loaded rig and its clips never change, so the binding stays valid.
            auto sampler = std::make_unique<animation::ClipSampler>();
            const std::string why = sampler->bind(rig->loaded, rig->loaded.animations()[clip]);
            if (!why.empty()) // the loader checked the clip: never expected
                return fail(BW_ERROR_LOAD, why);
            // A first sample grows the sampler's buffers, and running out of memory there would
            // leave the rig half posed: it samples a copy first, so the rig's own sample below
            // allocates nothing (and a failure leaves the rig as it was).
            Rig scratch = rig->rig;
            sampler->sample(time, scratch);
            rig->samplers[clip] = std::move(sampler);
        }
        rig->samplers[clip]->sample(time, rig->rig);
        return BW_OK;
    });
}

int32_t bw_rig_slot_count(const bw_rig* rig) { return rig ? static_cast<int32_t>(rig->rig.slotList().size()) : 0; }

int32_t bw_rig_find_slot(const bw_rig* rig, const char* name) { return rig && name ? rig->rig.findSlot(name) : -1; }

const char* bw_rig_slot_name(const bw_rig* rig, int32_t slot)
{
    return validSlot(rig, slot) ? rig->rig.slotList()[static_cast<std::size_t>(slot)].name.c_str() : nullptr;
}

const char* bw_rig_slot_image(const bw_rig* rig, int32_t slot)
{
    return validSlot(rig, slot) ? rig->rig.slotList()[static_cast<std::size_t>(slot)].image.c_str() : nullptr;
}

int32_t bw_rig_slot_joint(const bw_rig* rig, int32_t slot)
{
    return validSlot(rig, slot) ? rig->rig.slotList()[static_cast<std::size_t>(slot)].joint : -1;
}

bw_status bw_rig_slot_state(const bw_rig* rig, int32_t slot, int32_t* visible, double* opacity)
{
    if (!validSlot(rig, slot))
        return fail(BW_ERROR_ARGUMENT, rig ? "no such slot" : "no rig");
    const Slot& s = rig->rig.slotList()[static_cast<std::size_t>(slot)];
    if (visible)
        *visible = s.visible ? 1 : 0;
    if (opacity)
        *opacity = s.opacity;
    return BW_OK;
}

bw_status bw_rig_slot_transform(const bw_rig* rig, int32_t slot, double width, double height, double m[6])
{
    if (!validSlot(rig, slot) || !m)
        return fail(BW_ERROR_ARGUMENT, rig ? "no such slot, or no place for the transform" : "no rig");
    if (!std::isfinite(width) || !std::isfinite(height) || !(width > 0.0) || !(height > 0.0))
        return fail(BW_ERROR_ARGUMENT, "the image's width and height must be finite and above 0");
    const Slot& s = rig->rig.slotList()[static_cast<std::size_t>(slot)];
    // slot_placement.h: pivot + rotation.apply({(u - pivotX w) scaleX, (v - pivotY h) scaleY}).
    const SlotPlacement p = placeSlot(s, slotFrameOf(rig->rig, s.joint));
    const double a = p.rotation.c * p.scaleX, b = p.rotation.s * p.scaleX;
    const double c = -p.rotation.s * p.scaleY, d = p.rotation.c * p.scaleY;
    const double u0 = p.pivotX * width, v0 = p.pivotY * height;
    m[0] = a;
    m[1] = b;
    m[2] = c;
    m[3] = d;
    m[4] = p.pivot.x - a * u0 - c * v0;
    m[5] = p.pivot.y - b * u0 - d * v0;
    return BW_OK;
}

} // extern "C"
