#include "arm_rig.h"

#include "bonework/forward_kinematics.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace bonework::bench {
namespace {

constexpr int kFabrikBones = 6;

// Arm a's joint b (0: its first bone) in the order armRig adds them.
JointIndex armJoint(const ArmRigShape& shape, int arm, int bone) { return 1 + arm * shape.bones + bone; }

} // namespace

Rig armRig(const ArmRigShape& shape)
{
    Rig rig;
    rig.reserve(static_cast<std::size_t>(1 + shape.arms * shape.bones));
    JointDesc root;
    root.name = "root";
    rig.addJoint(root);
    for (int arm = 0; arm < shape.arms; ++arm) {
        JointIndex parent = 0;
        for (int b = 0; b < shape.bones; ++b) {
            JointDesc d;
            d.name = "a" + std::to_string(arm) + "_" + std::to_string(b);
            d.parent = parent;
            d.length = shape.boneLength;
            // A slight curl, alternating by arm, so the arms read as limbs rather than spokes;
            // limits wide enough that the chains can reach their targets.
            d.angle = b == 0 ? 360.0 * arm / shape.arms - 180.0 : (arm % 2 == 0 ? 1.5 : -1.5);
            d.minAngle = b == 0 ? -180.0 : -120.0;
            d.maxAngle = b == 0 ? 180.0 : 120.0;
            if (!rig.addJointWithNewName(d, &parent))
                throw std::logic_error("armRig: a bone was refused");
        }
    }
    std::vector<WorldTransform> world(rig.jointCount());
    forwardKinematics(rig, world);
    for (int arm = 0; arm < shape.arms; ++arm) {
        const bool fabrik = arm % 2 == 0;
        const int chainBones = std::min(fabrik ? kFabrikBones : 2, shape.bones);
        Chain chain;
        chain.name = "arm" + std::to_string(arm);
        chain.tip = armJoint(shape, arm, shape.bones - 1);
        chain.root = armJoint(shape, arm, shape.bones - 1 - chainBones);
        chain.solver = fabrik ? SolverKind::Fabrik : SolverKind::TwoBone;
        // The target sits a little inside the tip's rest place, so holding bends the chain.
        const Vec2 base = world[static_cast<std::size_t>(chain.root)].position;
        const Vec2 tip = world[static_cast<std::size_t>(chain.tip)].position;
        chain.target.point = base + (tip - base) * 0.85;
        if (!rig.addChain(chain))
            throw std::logic_error("armRig: a chain was refused");
    }
    return rig;
}

JointIndex armDragJoint(const ArmRigShape& shape) { return armJoint(shape, 0, shape.bones / 2); }

} // namespace bonework::bench
