#include "bonework/sim/solve_order.h"

#include <cstddef>

namespace bonework::sim {

bool chainCanMove(const Rig& rig, const Chain& chain, JointIndex j)
{
    if (!rig.isValidJoint(j) || !rig.isValidJoint(chain.root) || !rig.isValidJoint(chain.tip))
        return false;
    if (chain.solver == SolverKind::Follow)
        return rig.rootOf(j) == rig.rootOf(chain.tip);
    if (chain.tip == chain.root)
        return false;
    // The joint on the chain just below its root: everything the solve turns hangs from it.
    JointIndex top = chain.tip;
    while (rig.parent(top) != chain.root)
        top = rig.parent(top);
    return j == top || rig.isAncestor(top, j);
}

std::vector<int> attachedChainOrder(const Rig& rig, int first)
{
    const auto& chains = rig.chains();
    const int n = static_cast<int>(chains.size());
    std::vector<int> attached;
    for (int i = 0; i < n; ++i)
        if (i != first && chains[i].target.isAttached())
            attached.push_back(i);

    // Kahn's algorithm on "a can move b's target", always taking the earliest ready chain so the
    // order is stable; when only a cycle is left, the earliest remaining chain goes next.
    const std::size_t m = attached.size();
    std::vector<char> done(m, 0);
    std::vector<int> order;
    order.reserve(m);
    const auto moves = [&](std::size_t a, std::size_t b) {
        return a != b && chainCanMove(rig, chains[attached[a]], chains[attached[b]].target.joint);
    };
    while (order.size() < m) {
        std::size_t pick = m;
        for (std::size_t b = 0; b < m && pick == m; ++b) {
            if (done[b])
                continue;
            bool ready = true;
            for (std::size_t a = 0; a < m && ready; ++a)
                if (!done[a] && moves(a, b))
                    ready = false;
            if (ready)
                pick = b;
        }
        if (pick == m) // a cycle: fall back to rig order
            for (pick = 0; done[pick]; ++pick) {}
        done[pick] = 1;
        order.push_back(attached[pick]);
    }
    return order;
}

} // namespace bonework::sim
