// Rig's slots: the rules a slot must keep, adding, removing, changing and reordering slots, and
// keeping a joint's images in place on screen when its bone frame changes (reparenting).
#include "bonework/rig.h"

#include "bonework/names.h"
#include "bonework/rig_rules.h"
#include "bonework/slot_placement.h"

#include <algorithm>
#include <cmath>

namespace bonework {

using rig_rules::finite;
using rig_rules::quoted;

int Rig::findSlot(std::string_view name) const
{
    for (std::size_t i = 0; i < m_slots.size(); ++i)
        if (m_slots[i].name == name)
            return static_cast<int>(i);
    return -1;
}

std::string Rig::checkSlot(const Slot& s, int ignoreIndex) const
{
    if (s.name.empty())
        return "a slot needs a name";
    if (hasControlCharacter(s.name))
        return "a slot's name must not contain control characters";
    for (std::size_t i = 0; i < m_slots.size(); ++i)
        if (static_cast<int>(i) != ignoreIndex && m_slots[i].name == s.name)
            return "there is already a slot named " + quoted(s.name);
    if (!isValidJoint(s.joint))
        return "the slot's joint does not exist";
    if (auto why = imagePathProblem(s.image); !why.empty())
        return "the image path " + why;
    if (!finite(s.x) || !finite(s.y) || !finite(s.rotation) || !finite(s.pivotX) || !finite(s.pivotY))
        return "the image's position, rotation and pivot must be finite numbers";
    // A negative scale mirrors the image along that axis; 0 would flatten it to a line.
    if (!(finite(s.scaleX) && s.scaleX != 0.0 && finite(s.scaleY) && s.scaleY != 0.0))
        return "the image's scale must be finite and not 0";
    // So that the image's corners stay far inside the doubles (rig.h).
    if (std::fabs(s.x) > kMostSlotOffset || std::fabs(s.y) > kMostSlotOffset)
        return "the image's x and y must lie within [-" + boundText(kMostSlotOffset) + ", " + boundText(kMostSlotOffset) + "]";
    if (std::fabs(s.scaleX) > kMostSlotScale || std::fabs(s.scaleY) > kMostSlotScale)
        return "the image's scale must lie within [-" + boundText(kMostSlotScale) + ", " + boundText(kMostSlotScale) + "]";
    if (std::fabs(s.pivotX) > kMostSlotPivot || std::fabs(s.pivotY) > kMostSlotPivot)
        return "the image's pivot must lie within [-" + boundText(kMostSlotPivot) + ", " + boundText(kMostSlotPivot) + "]";
    if (!(s.opacity >= 0.0 && s.opacity <= 1.0)) // NaN fails too
        return "the opacity must be between 0 and 1";
    return {};
}

EditResult Rig::addSlot(const Slot& slot, int index)
{
    const auto count = static_cast<int>(m_slots.size());
    if (index < -1 || index > count)
        return EditResult::refused("no such place in the draw order");
    if (auto why = checkSlot(slot); !why.empty())
        return EditResult::refused(why);
    m_slots.insert(m_slots.begin() + (index < 0 ? count : index), slot);
    return EditResult::success();
}

EditResult Rig::removeSlot(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_slots.size())
        return EditResult::refused("no such slot");
    m_slots.erase(m_slots.begin() + index);
    dropRemovedTracks();
    return EditResult::success();
}

EditResult Rig::setSlot(int index, const Slot& slot)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_slots.size())
        return EditResult::refused("no such slot");
    if (auto why = checkSlot(slot, index); !why.empty())
        return EditResult::refused(why);
    renameTracks(2, m_slots[static_cast<std::size_t>(index)].name, slot.name);
    m_slots[static_cast<std::size_t>(index)] = slot;
    return EditResult::success();
}

EditResult Rig::moveSlot(int from, int to)
{
    const auto count = static_cast<int>(m_slots.size());
    if (from < 0 || from >= count || to < 0 || to >= count)
        return EditResult::refused("no such slot");
    // A rotation, not a swap: every slot between the two places keeps its place in the order.
    if (from < to)
        std::rotate(m_slots.begin() + from, m_slots.begin() + from + 1, m_slots.begin() + to + 1);
    else if (from > to)
        std::rotate(m_slots.begin() + to, m_slots.begin() + from, m_slots.begin() + from + 1);
    return EditResult::success();
}

void Rig::keepSlotsInPlace(JointIndex j, const Rig& before)
{
    // Only j's own frame changed: its children's bones still start at j and keep their world
    // directions, so their slots stay put by themselves.
    bool any = false;
    for (const Slot& s : m_slots)
        any = any || s.joint == j;
    if (!any)
        return;
    const WorldTransform oldFrame = slotFrameOf(before, j);
    const WorldTransform newFrame = slotFrameOf(*this, j);
    for (Slot& s : m_slots)
        if (s.joint == j)
            s = slotAt(s, placeSlot(s, oldFrame), newFrame);
}

} // namespace bonework
