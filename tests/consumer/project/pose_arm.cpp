// A game's use of Bonework's C++ core: load a rig, aim a chain, solve, read the pose.
// Exits 0 when the hand reached the target and every bone kept its length.
#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/solver.h"

#include <cmath>
#include <cstdio>

int main(int argc, char** argv)
{
    using namespace bonework;
    if (argc != 2) {
        std::fprintf(stderr, "usage: pose_arm RIG.json\n");
        return 2;
    }
    const io::LoadResult loaded = io::loadRigFile(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error.toString().c_str());
        return 1;
    }
    Rig rig = *loaded.rig;
    const int arm = rig.findChain("arm_l");
    const Chain& chain = rig.chains()[static_cast<std::size_t>(arm)];
    const Vec2 from = worldTransformOf(rig, chain.tip).position; // toward the shoulder: within reach
    const Vec2 target{from.x + 10, from.y - 25};
    const solvers::Effector hand{chain.tip, target, 1.0};
    auto solver = solvers::makeSolver(chain.solver);
    const solvers::SolveRequest request = solvers::chainRequest(chain, hand);
    if (const std::string why = solver->validate(rig, request); !why.empty()) {
        std::fprintf(stderr, "cannot solve: %s\n", why.c_str());
        return 1;
    }
    solvers::SolveResult result;
    solver->run(rig, request, result);
    const auto world = forwardKinematics(rig);
    for (std::size_t j = 0; j < rig.jointCount(); ++j) {
        const JointIndex p = rig.parent(static_cast<JointIndex>(j));
        if (p != kNoJoint && std::fabs(norm(world[j].position - world[static_cast<std::size_t>(p)].position)
                                       - rig.length(static_cast<JointIndex>(j))) > 1e-6) {
            std::fprintf(stderr, "bone %s changed its length\n", rig.jointName(static_cast<JointIndex>(j)).c_str());
            return 1;
        }
    }
    const Vec2 tip = world[static_cast<std::size_t>(chain.tip)].position;
    std::printf("hand at %.3f, %.3f (target %.3f, %.3f), error %.6f\n", tip.x, tip.y, target.x, target.y, result.error);
    return result.reached ? 0 : 1;
}
