// Rig's chains: the rules a chain must keep, and adding, removing and changing chains.
#include "bonework/rig.h"

#include "bonework/names.h"
#include "bonework/rig_rules.h"

#include <algorithm>

namespace bonework {

using rig_rules::finite;
using rig_rules::quoted;

namespace {

// Why a chain cannot reach for the point `target`; empty when it can (rig.h: as far out as a root).
std::string targetPointProblem(Vec2 target)
{
    if (!finite(target))
        return "the target must be finite";
    if (!targetWithinReach(target))
        return "the target must lie within " + boundText(kMostTargetCoordinate) + " of the origin on each axis";
    return {};
}

} // namespace

std::string Rig::checkChain(const Chain& c, int ignoreIndex) const
{
    if (c.name.empty())
        return "a chain needs a name";
    if (hasControlCharacter(c.name))
        return "a chain's name must not contain control characters";
    for (std::size_t i = 0; i < m_chains.size(); ++i)
        if (static_cast<int>(i) != ignoreIndex && m_chains[i].name == c.name)
            return "there is already a chain named " + quoted(c.name);
    if (!isValidJoint(c.root))
        return "the chain's root joint does not exist";
    if (!isValidJoint(c.tip))
        return "the chain's tip joint does not exist";
    if (c.tip != c.root && !isAncestor(c.root, c.tip))
        return "the tip " + quoted(m_names[c.tip]) + " is not under the root " + quoted(m_names[c.root]);
    if (c.tip == c.root && c.solver != SolverKind::Follow && c.solver != SolverKind::Relax)
        return "the chain has no bone between its root and its tip";
    if (c.solver == SolverKind::TwoBone
        && (m_parent[c.tip] == kNoJoint || m_parent[m_parent[c.tip]] != c.root))
        return "a two-bone chain must be exactly two bones long";
    if (c.iterations < 1 || c.iterations > 100000)
        return "iterations must be between 1 and 100000";
    if (!finite(c.tolerance) || c.tolerance < 0.0)
        return "the tolerance must be a finite number >= 0";
    if (!(c.mix >= 0.0 && c.mix <= 1.0)) // NaN fails too
        return "the mix must be between 0 and 1";
    if (c.target.isAttached()) {
        if (!isValidJoint(c.target.joint))
            return "the target joint does not exist";
    } else if (auto why = targetPointProblem(c.target.point); !why.empty()) {
        return why;
    }
    return {};
}

EditResult Rig::addChain(const Chain& chain)
{
    if (auto why = checkChain(chain); !why.empty())
        return EditResult::refused(why);
    m_chains.push_back(chain);
    return EditResult::success();
}

EditResult Rig::removeChain(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_chains.size())
        return EditResult::refused("no such chain");
    m_chains.erase(m_chains.begin() + index);
    dropRemovedTracks();
    return EditResult::success();
}

EditResult Rig::moveChain(int from, int to)
{
    const auto count = static_cast<int>(m_chains.size());
    if (from < 0 || from >= count || to < 0 || to >= count)
        return EditResult::refused("no such chain");
    // A rotation, not a swap: every chain between the two places keeps its relative order.
    if (from < to)
        std::rotate(m_chains.begin() + from, m_chains.begin() + from + 1, m_chains.begin() + to + 1);
    else if (from > to)
        std::rotate(m_chains.begin() + to, m_chains.begin() + from, m_chains.begin() + from + 1);
    return EditResult::success();
}

EditResult Rig::setChainTarget(int index, const ChainTarget& target)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_chains.size())
        return EditResult::refused("no such chain");
    if (target.isAttached() && !isValidJoint(target.joint))
        return EditResult::refused("the target joint does not exist");
    if (!target.isAttached())
        if (auto why = targetPointProblem(target.point); !why.empty())
            return EditResult::refused(why);
    m_chains[static_cast<std::size_t>(index)].target = target;
    return EditResult::success();
}

EditResult Rig::setChain(int index, const Chain& chain)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_chains.size())
        return EditResult::refused("no such chain");
    if (auto why = checkChain(chain, index); !why.empty())
        return EditResult::refused(why);
    renameTracks(1, m_chains[index].name, chain.name);
    m_chains[index] = chain;
    return EditResult::success();
}

} // namespace bonework
