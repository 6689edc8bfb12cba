/* Bonework's C API: load a rig, set chain targets and effectors, solve, read the pose.
 *
 * For engines that bind through a foreign-function interface (Godot GDExtension, Unity
 * P/Invoke, Python ctypes). Plain C, opaque handles, no exceptions across it. Every function
 * that can fail returns a bw_status; the message of the last failure on the calling thread is
 * bw_last_error(). Memory is allocated when a rig is loaded or cloned and the first time each clip
 * is sampled (a clone samples afresh), never while it is posed or read (a call that fails may
 * allocate its message).
 * Separate rigs may be used from separate threads at once; one rig from one thread at a time.
 *
 *   bw_rig* rig = NULL;
 *   if (bw_rig_load_file("arm.rig.json", &rig) != BW_OK) { puts(bw_last_error()); return; }
 *   bw_rig_set_chain_target(rig, bw_rig_find_chain(rig, "arm"), 520, 380);
 *   bw_rig_solve_chains(rig);
 *   double x, y, degrees;
 *   bw_rig_world_transform(rig, bw_rig_find_joint(rig, "hand"), &x, &y, &degrees);
 *   bw_rig_free(rig);
 *
 * Coordinates are the rig file's: x to the right, y down, angles in degrees, clockwise on
 * screen. Every pose a solve leaves is legal: bone lengths kept, angles within their limits,
 * pinned joints unmoved. */
#ifndef BONEWORK_H
#define BONEWORK_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#  if defined(BONEWORK_BUILDING_C_API)
#    define BW_API __declspec(dllexport)
#  else
#    define BW_API __declspec(dllimport)
#  endif
#else
#  define BW_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bw_status {
    BW_OK = 0,
    BW_ERROR_ARGUMENT = 1,   /* a null pointer, an index out of range, a non-finite number, a
                                target farther than 1e300 from the origin */
    BW_ERROR_LOAD = 2,       /* the rig file is unreadable or invalid (the message says where) */
    BW_ERROR_SOLVE = 3,      /* the request cannot be solved on this rig (unknown joint, ...) */
    BW_ERROR_MEMORY = 4      /* out of memory while loading, cloning or first sampling a clip
                                (the rig, if any, is left as it was) */
} bw_status;

typedef enum bw_solver {
    BW_SOLVER_FOLLOW = 0,
    BW_SOLVER_REACH = 1,
    BW_SOLVER_FABRIK = 2,
    BW_SOLVER_CCD = 3,
    BW_SOLVER_TWO_BONE = 4,
    BW_SOLVER_RELAX = 5
} bw_solver;

typedef struct bw_rig bw_rig;

/* A joint that should go to a target; `weight` (finite, 0 or more; 0 leaves the effector out)
 * matters to the relax solver only. */
typedef struct bw_effector {
    int32_t joint;
    double x, y;
    double weight;
} bw_effector;

/* What a solve did; a call that fails leaves it as it was (check the status first). */
typedef struct bw_solve_result {
    int32_t iterations; /* iterations used */
    double error;       /* distance from the effector to its target (relax: weighted RMS) */
    int32_t reached;    /* 1 when the error is within the tolerance */
} bw_solve_result;

/* "0.1.0": the library's version. */
BW_API const char* bw_version(void);
/* The message of the last failure on this thread ("" when none, and after a rig is loaded or
 * cloned: a new rig starts with no failure); valid until the next call that fails on this
 * thread. At most 2047 bytes (UTF-8): a longer message is cut and ends in "...". */
BW_API const char* bw_last_error(void);

/* Loading; on failure *out is set to NULL. `name` names the bytes in messages (may be NULL). */
BW_API bw_status bw_rig_load_file(const char* path, bw_rig** out);
BW_API bw_status bw_rig_load_bytes(const char* data, size_t size, const char* name, bw_rig** out);
/* A copy with its own pose and buffers (for another thread). */
BW_API bw_status bw_rig_clone(const bw_rig* rig, bw_rig** out);
BW_API void bw_rig_free(bw_rig* rig);

/* The skeleton. Indices are 0 .. count - 1; a lookup by name gives -1 when there is none.
 * Every count is 0 for a NULL rig. Joint names (as animation names below) stay valid until the
 * rig is freed: posing and sampling never change them. */
BW_API int32_t bw_rig_joint_count(const bw_rig* rig);
BW_API int32_t bw_rig_find_joint(const bw_rig* rig, const char* name);
BW_API const char* bw_rig_joint_name(const bw_rig* rig, int32_t joint); /* NULL when out of range */
BW_API int32_t bw_rig_joint_parent(const bw_rig* rig, int32_t joint);   /* -1 for a root, and out of range */
BW_API int32_t bw_rig_chain_count(const bw_rig* rig);
BW_API int32_t bw_rig_find_chain(const bw_rig* rig, const char* name);

/* Posing by hand: a bone's angle relative to its parent (clamped into its limits), a root's
 * position (finite, within 1e300 of the origin on both axes, as in a rig file; otherwise
 * BW_ERROR_ARGUMENT and nothing changes) and rotation. */
BW_API bw_status bw_rig_set_joint_angle(bw_rig* rig, int32_t joint, double degrees);
BW_API bw_status bw_rig_set_root_transform(bw_rig* rig, int32_t root, double x, double y, double degrees);
/* Back to the rig as it was loaded: its pose, and its chains' targets (a target that rode on a
 * joint rides again) and mixes, and its slots' images, visibility and opacity, which samples
 * and setters change too. A chain switched off with mix 0 is on again if the file has it on. */
BW_API void bw_rig_reset_pose(bw_rig* rig);

/* Chains: move a chain's target (a chain whose target rides on a joint stops riding; a point
 * farther than 1e300 from the origin on either axis is refused, as a rig file refuses it), solve
 * one chain with its own solver and settings, or let every chain hold as the editor does: each
 * chain whose mix is above 0, in the rig's chain order (a target riding on a joint is read when
 * its chain's turn comes), its joints taken `mix` of the way from their unsolved angles to the
 * solved ones. `result` may be NULL. A chain's mix is 0 (off) to 1; bw_rig_chain_mix returns
 * -1 for no such chain; setting it changes no pose until the next solve. */
BW_API bw_status bw_rig_set_chain_target(bw_rig* rig, int32_t chain, double x, double y);
BW_API bw_status bw_rig_solve_chain(bw_rig* rig, int32_t chain, bw_solve_result* result);
BW_API bw_status bw_rig_solve_chains(bw_rig* rig);
/* Following (off when loaded): while on, each bw_rig_solve_chains, each bw_rig_solve_chain of a
 * chain, and each bw_rig_solve of an effector's joint, continues from the last, as the editor's
 * drags do. A chain (or effector) is told where its target was, so a target that moves a little
 * each frame is followed without the chain refolding: fabrik, ccd and relax turn no joint by more
 * than 8 degrees a frame while it moves up to 2% of the chain's length (two bones that turn
 * included; a single bone that turns points at its target at once, clamped into its limits),
 * and a chain whose fold cannot reach turns over to one that can a few degrees a frame. Off, every solve depends on the
 * pose and targets alone (a target that jumps is solved afresh either way). Turn it on for
 * targets that move every frame; bw_rig_reset_pose starts the following afresh. */
BW_API bw_status bw_rig_set_following(bw_rig* rig, int32_t on);
BW_API double bw_rig_chain_mix(const bw_rig* rig, int32_t chain);
BW_API bw_status bw_rig_set_chain_mix(bw_rig* rig, int32_t chain, double mix);

/* A solve no chain describes: `effectors` (one, or up to 64 for relax; more, or an effector's
 * joint out of range, a target farther than 1e300 from the origin on either axis, or a weight
 * below 0, is BW_ERROR_ARGUMENT), the fixed base `root` (a joint, held in place; -1 fixes none: follow and
 * relax may move the rig's root, the chain solvers work up to the root above the first
 * effector; out of range: BW_ERROR_ARGUMENT), at most 100 iterations, tolerance 0.01. */
BW_API bw_status bw_rig_solve(bw_rig* rig, bw_solver solver, const bw_effector* effectors, size_t count,
                              int32_t root, bw_solve_result* result);

/* Animations (the rig file's clips): how many, one by name (-1 when absent), a clip's name
 * (NULL when out of range), duration in seconds (-1 when out of range) and whether it loops (1:
 * played over and over, as a walk cycle; 0: played once; -1 when out of range). Sampling poses
 * the rig as the clip has it at `seconds` since it started playing (a looping clip wraps around,
 * so its end shows its start, as Spine and DragonBones loop; one played once is clamped into the
 * clip; before 0 a looping clip runs from its end backwards), from the pose the rig was loaded
 * with: keyed channels interpolated, then every chain whose mix is above 0 solved toward its
 * keyed or loaded target, as bw_rig_solve_chains does; chains under a searching solver follow
 * their targets through the clip as if it were played from 0 at 60 Hz, never refolding from one
 * frame to the next (worked out as far as samples ask, kept per clip). Deterministic; after the
 * first sample of a clip, sampling it allocates nothing. A sample sets the chains' targets and
 * mixes and the roots as the loaded rig or the clip has them, undoing bw_rig_set_chain_target,
 * bw_rig_set_chain_mix and bw_rig_set_root_transform: to aim a chain over a clip, sample, then set
 * its target and solve it (bw_rig_solve_chain). A time that is not finite is BW_ERROR_ARGUMENT. */
BW_API int32_t bw_rig_animation_count(const bw_rig* rig);
BW_API int32_t bw_rig_find_animation(const bw_rig* rig, const char* name);
BW_API const char* bw_rig_animation_name(const bw_rig* rig, int32_t animation);
BW_API double bw_rig_animation_duration(const bw_rig* rig, int32_t animation);
BW_API int32_t bw_rig_animation_loops(const bw_rig* rig, int32_t animation);
BW_API bw_status bw_rig_sample_animation(bw_rig* rig, int32_t animation, double seconds);

/* The pose: a joint's world position and the world direction of the bone ending at it (for a
 * root: its rotation; any of x, y and degrees may be NULL when not wanted), or every joint's
 * into `xyd` (3 doubles a joint: x, y, degrees; `capacity` in joints, at least
 * bw_rig_joint_count). */
BW_API bw_status bw_rig_world_transform(const bw_rig* rig, int32_t joint, double* x, double* y, double* degrees);
BW_API bw_status bw_rig_world_transforms(const bw_rig* rig, double* xyd, size_t capacity);

/* Art: the slots (images on bones) in draw order, back to front, as the pose has them (a clip's
 * sample swaps their images, shows, hides and fades them). Names and image paths stay valid
 * until the rig is posed again or freed; an index out of range gives NULL, -1 or
 * BW_ERROR_ARGUMENT. An image path is relative to the rig file's folder, as in the file. */
BW_API int32_t bw_rig_slot_count(const bw_rig* rig);
BW_API int32_t bw_rig_find_slot(const bw_rig* rig, const char* name);
BW_API const char* bw_rig_slot_name(const bw_rig* rig, int32_t slot);
BW_API const char* bw_rig_slot_image(const bw_rig* rig, int32_t slot);
BW_API int32_t bw_rig_slot_joint(const bw_rig* rig, int32_t slot);
/* Whether the slot shows (`visible` 1 or 0) and its opacity (0 to 1); either may be NULL. */
BW_API bw_status bw_rig_slot_state(const bw_rig* rig, int32_t slot, int32_t* visible, double* opacity);
/* Where the slot's image goes, for an image `width` by `height` pixels (finite, above 0): the
 * affine map m[6] = {a, b, c, d, tx, ty} taking the image's pixel (u, v), from its top-left
 * corner, y down, to rig coordinates (X, Y) = (a u + c v + tx, b u + d v + ty). A mirrored
 * image (a negative scale in the rig file) gives a map with a d - b c < 0: its quad winds the
 * other way, so draw it without back-face culling. */
BW_API bw_status bw_rig_slot_transform(const bw_rig* rig, int32_t slot, double width, double height, double m[6]);

#ifdef __cplusplus
}
#endif

#endif /* BONEWORK_H */
