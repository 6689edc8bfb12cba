// Rig's animation clips: adding and checking them, the sampling fast paths, and keeping their
// tracks true to the joints, chains and slots they name as those are renamed, removed or their
// limits narrowed (rig.h).
#include "bonework/rig.h"

#include "bonework/animation/clip_rules.h"
#include "bonework/rig_rules.h"

#include <algorithm>

namespace bonework {
using rig_rules::quoted;

int Rig::findAnimation(std::string_view name) const
{
    for (std::size_t i = 0; i < m_animations.size(); ++i)
        if (m_animations[i].name == name)
            return static_cast<int>(i);
    return -1;
}

EditResult Rig::addAnimation(animation::Clip clip, int index)
{
    if (index < -1 || index > static_cast<int>(m_animations.size()))
        return EditResult::refused("no such place in the list of animations");
    if (auto problem = animation::checkClip(*this, clip))
        return EditResult::refused(problem->toString());
    if (findAnimation(clip.name) >= 0)
        return EditResult::refused("there is already an animation named " + quoted(clip.name));
    animation::sortTracks(clip); // as a load would give it back
    m_animations.insert(index < 0 ? m_animations.end() : m_animations.begin() + index, std::move(clip));
    return EditResult::success();
}

EditResult Rig::removeAnimation(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_animations.size())
        return EditResult::refused("no such animation");
    m_animations.erase(m_animations.begin() + index);
    return EditResult::success();
}

EditResult Rig::setAnimation(int index, animation::Clip clip)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_animations.size())
        return EditResult::refused("no such animation");
    if (auto problem = animation::checkClip(*this, clip))
        return EditResult::refused(problem->toString());
    const int other = findAnimation(clip.name);
    if (other >= 0 && other != index)
        return EditResult::refused("there is already an animation named " + quoted(clip.name));
    animation::sortTracks(clip);
    m_animations[static_cast<std::size_t>(index)] = std::move(clip);
    return EditResult::success();
}

void Rig::setChainLook(int chain, Vec2 target, double mix)
{
    Chain& c = m_chains[static_cast<std::size_t>(chain)];
    if (!c.target.isAttached())
        c.target.point = target;
    c.mix = std::clamp(mix, 0.0, 1.0);
}

void Rig::setSlotLook(int slot, bool visible, double opacity)
{
    Slot& s = m_slots[static_cast<std::size_t>(slot)];
    s.visible = visible;
    s.opacity = std::clamp(opacity, 0.0, 1.0);
}

// kind: 0 joints, 1 chains, 2 slots.
void Rig::renameTracks(int kind, const std::string& from, const std::string& to)
{
    if (from == to)
        return;
    for (animation::Clip& clip : m_animations) {
        if (kind == 0)
            for (auto& t : clip.joints)
                t.joint = t.joint == from ? to : t.joint;
        else if (kind == 1)
            for (auto& t : clip.chains)
                t.chain = t.chain == from ? to : t.chain;
        else
            for (auto& t : clip.slotTracks)
                t.slot = t.slot == from ? to : t.slot;
        animation::sortTracks(clip); // the new name may sort elsewhere
    }
}

void Rig::dropRemovedTracks()
{
    for (animation::Clip& clip : m_animations) {
        std::erase_if(clip.joints, [&](const animation::JointTracks& t) { return findJoint(t.joint) == kNoJoint; });
        std::erase_if(clip.chains, [&](const animation::ChainTracks& t) { return findChain(t.chain) < 0; });
        std::erase_if(clip.slotTracks, [&](const animation::SlotTracks& t) { return findSlot(t.slot) < 0; });
    }
}

void Rig::clampAngleKeys(JointIndex j)
{
    for (animation::Clip& clip : m_animations) {
        for (animation::JointTracks& t : clip.joints) {
            if (t.joint != m_names[j])
                continue;
            for (animation::Key& key : t.angle)
                key.value = std::clamp(key.value, m_min[j], m_max[j]);
            if (isRoot(j)) { // a joint that became a root keeps no angle keys
                t.angle.clear();
            } else { // nor a root that got a parent its x, y and rotation
                t.x.clear();
                t.y.clear();
                t.rotation.clear();
            }
        }
    }
}

} // namespace bonework
