/* A game's use of Bonework's C API: load a rig, aim a chain, solve, read the pose.
 * Exits 0 when the hand reached the target; checks the errors the API reports too. */
#include <bonework.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char** argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: pose_arm_c RIG.json\n");
        return 2;
    }
    bw_rig* missing = NULL;
    if (bw_rig_load_file("no-such-file.rig.json", &missing) != BW_ERROR_LOAD || missing != NULL
        || strstr(bw_last_error(), "no-such-file.rig.json") == NULL) {
        fprintf(stderr, "a missing file is not reported as such: %s\n", bw_last_error());
        return 1;
    }
    bw_rig* rig = NULL;
    if (bw_rig_load_file(argv[1], &rig) != BW_OK) {
        fprintf(stderr, "%s\n", bw_last_error());
        return 1;
    }
    const int32_t arm = bw_rig_find_chain(rig, "arm_l");
    const int32_t hand = bw_rig_find_joint(rig, "hand_l");
    double x0, y0, d0; /* toward the shoulder from where the hand is: within reach */
    bw_rig_world_transform(rig, hand, &x0, &y0, &d0);
    const double tx = x0 + 10, ty = y0 - 25;
    bw_solve_result result;
    if (arm < 0 || hand < 0 || bw_rig_set_chain_target(rig, arm, tx, ty) != BW_OK
        || bw_rig_solve_chain(rig, arm, &result) != BW_OK) {
        fprintf(stderr, "could not solve: %s\n", bw_last_error());
        return 1;
    }
    double x, y, degrees;
    bw_rig_world_transform(rig, hand, &x, &y, &degrees);
    printf("Bonework %s: hand at %.3f, %.3f (target %.3f, %.3f), error %.6f\n", bw_version(), x, y, tx, ty,
           result.error);
    if (bw_rig_solve(rig, BW_SOLVER_FABRIK, NULL, 0, -1, NULL) != BW_ERROR_ARGUMENT) {
        fprintf(stderr, "a solve without effectors was not refused\n");
        return 1;
    }
    bw_rig_free(rig);
    return result.reached && fabs(x - tx) < 0.05 && fabs(y - ty) < 0.05 ? 0 : 1;
}
