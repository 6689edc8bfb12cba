// How RelaxSolver keeps its pins after a trial step (see relax_solver.h, pin_limbs.h): each
// pin's limb re-posed in closed form, and where a limb cannot reach, a correction that moves the
// skeleton above toward where it can (a step along the pins' rows only: the first-order step
// drifts off what the pins allow by its square, which a limb at full stretch or at a limit
// cannot take up, so a pelvis swinging about a straight leg needs it).

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
        // Each limb that could not reach lies as near its spot as it can; the rest of the way
        // is a correction of what lies above, which then lets the limbs reach.
        for (const HeldPin& pin : m_pins)
            if (!pin.placed && !m_groups[static_cast<std::size_t>(pin.group)].pinsPlaced) {
                const Effector toSpot{pin.joint, pin.spot, 1.0};
                m_twoBone.runOnLimb(rig, toSpot, 0.0, m_limbResult);
            }
        updateWorld(rig);
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
