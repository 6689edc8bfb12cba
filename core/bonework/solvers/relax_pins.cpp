// How RelaxSolver keeps its pins after a trial step (see relax_solver.h, pin_limbs.h): each
// pin's limb re-posed in closed form, and where a limb cannot reach, a correction that moves the
// skeleton above toward where it can. The step moves along what the pins allow to first order
// only and drifts off by its square, which a limb at full stretch or at a limit cannot take up:
// a pelvis swinging about a straight leg needs the correction.

#include "bonework/solvers/relax_solver.h"

#include "bonework/solvers/pin_limbs.h"

namespace bonework::solvers {
namespace {

// Corrections tried after a step before it is halved instead.
constexpr int kCorrections = 3;

} // namespace

bool RelaxSolver::placePins(Rig& rig, std::size_t g)
{
    bool all = true;
    for (HeldPin& pin : m_pins)
        if (pin.group == static_cast<int>(g)) {
            pin.placed = placePinLimb(rig, pin.joint, m_world[rig.parent(rig.parent(pin.joint))], pin.spot);
            all = all && pin.placed;
        }
    return all;
}

bool RelaxSolver::pinsBack(std::size_t g)
{
    bool all = true;
    for (HeldPin& pin : m_pins)
        if (pin.group == static_cast<int>(g)) {
            pin.placed = pin.placed && pinInPlace(m_world[pin.joint].position, pin.spot, pin.reach);
            all = all && pin.placed;
        }
    return all;
}

bool RelaxSolver::putPinsBack(Rig& rig, const SolveRequest& request)
{
    for (int round = 0;; ++round) {
        for (std::size_t g = 0; g < m_groups.size(); ++g)
            if (!m_groups[g].pinsPlaced)
                m_groups[g].limbsPosed = placePins(rig, g);
        updateWorld(rig);
        bool failing = false;
        for (std::size_t g = 0; g < m_groups.size(); ++g) {
            Group& group = m_groups[g];
            if (!group.pinsPlaced) {
                group.pinsPlaced = pinsBack(g) && group.limbsPosed;
                failing = failing || !group.pinsPlaced;
            }
        }
        if (!failing || round == kCorrections)
            return failing;
        // A limb that could not reach stays as the step left it (placePinLimb changes nothing
        // then), and what lies above moves to bring its pin back, to first order: a Gauss-Newton
        // step on the pins' rows with those limbs held, the effectors asked to stay. (Laying the
        // limbs as near their spots as they reach first, and leaving them free, both did worse:
        // on the humanoid, one foot pinned and the pelvis dragged 120 px sideways, the pelvis
        // then stopped 13 and 17 px short of a target this reaches.)
        buildSystem(rig, request, true);
        if (!computeStep(m_correction))
            return true;
        for (const Group& group : m_groups)
            if (!group.pinsPlaced)
                applyCorrection(rig, group);
        updateWorld(rig);
    }
}

} // namespace bonework::solvers
