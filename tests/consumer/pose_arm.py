#!/usr/bin/env python3
"""A game's use of Bonework's C API from Python (ctypes): load a rig, aim a chain, solve, read
every joint's pose. Exits 0 when the hand reached the target.
    pose_arm.py LIBBONEWORK.so RIG.json"""
import ctypes
import sys


class SolveResult(ctypes.Structure):
    _fields_ = [("iterations", ctypes.c_int32), ("error", ctypes.c_double), ("reached", ctypes.c_int32)]


def main(library, rig_path):
    bw = ctypes.CDLL(library)
    bw.bw_version.restype = ctypes.c_char_p
    bw.bw_last_error.restype = ctypes.c_char_p
    bw.bw_rig_load_file.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    bw.bw_rig_find_chain.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    bw.bw_rig_find_joint.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    bw.bw_rig_joint_count.argtypes = [ctypes.c_void_p]
    bw.bw_rig_set_chain_target.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_double, ctypes.c_double]
    bw.bw_rig_solve_chain.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(SolveResult)]
    bw.bw_rig_world_transforms.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t]
    bw.bw_rig_free.argtypes = [ctypes.c_void_p]

    rig = ctypes.c_void_p()
    if bw.bw_rig_load_file(rig_path.encode(), ctypes.byref(rig)) != 0:
        print(bw.bw_last_error().decode(), file=sys.stderr)
        return 1
    count = bw.bw_rig_joint_count(rig)
    pose = (ctypes.c_double * (3 * count))()
    bw.bw_rig_world_transforms(rig, pose, count)
    arm = bw.bw_rig_find_chain(rig, b"arm_l")
    hand = bw.bw_rig_find_joint(rig, b"hand_l")
    target = (pose[3 * hand] + 10.0, pose[3 * hand + 1] - 25.0)  # toward the shoulder: within reach
    result = SolveResult()
    if bw.bw_rig_set_chain_target(rig, arm, *target) != 0 or bw.bw_rig_solve_chain(rig, arm, ctypes.byref(result)) != 0:
        print(bw.bw_last_error().decode(), file=sys.stderr)
        return 1
    bw.bw_rig_world_transforms(rig, pose, count)
    x, y = pose[3 * hand], pose[3 * hand + 1]
    print(f"Bonework {bw.bw_version().decode()} from Python: hand at {x:.3f}, {y:.3f}, error {result.error:.6f}")
    bw.bw_rig_free(rig)
    return 0 if result.reached and abs(x - target[0]) < 0.05 and abs(y - target[1]) < 0.05 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
