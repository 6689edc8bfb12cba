// Document's slots (the images the bones carry): adding, removing, reordering and changing them,
// each one undo step (RigEditCommand, through applyEdit; slot edits move no joint, so the chains
// are not held again), a canvas drag as one step, the slot selection and the editor-only locks.
#include "document.h"

#include "pose_controller.h"

#include "rig_edit_command.h"

#include "bonework/angles.h"
#include "bonework/slot_placement.h"

#include <cmath>

#include <QFileInfo>

namespace bonework::editor {

void Document::setSelectedSlot(int slot)
{
    if (slot < 0 || slot >= slotCount())
        slot = -1;
    if (slot >= 0 && isSlotLocked(slot))
        slot = -1; // locked images cannot be picked
    if (slot == m_selectedSlot)
        return;
    m_selectedSlot = slot;
    m_selectedSlotName = slot >= 0 ? m_rig.slotList()[slot].name : std::string();
    if (slot >= 0)
        m_selectedJoint = -1; // one thing selected: the inspector shows it
    emit selectionChanged();
}

void Document::slotListChanged()
{
    // Follow the selected slot by name (indices shift when joints or slots come and go); a
    // rename, or its undo, changes the name instead, so then keep the index.
    if (m_selectedSlot < 0)
        return;
    const auto& list = m_rig.slotList();
    const bool sameName = m_selectedSlot < slotCount() && list[m_selectedSlot].name == m_selectedSlotName;
    if (!sameName) {
        const int found = m_rig.findSlot(m_selectedSlotName);
        setSelectedSlot(found >= 0 ? found : m_selectedSlot < slotCount() ? m_selectedSlot : -1);
    }
    m_selectedSlotName = m_selectedSlot >= 0 ? list[m_selectedSlot].name : std::string();
}

bool Document::refuseInvalidSlot(int index)
{
    if (index >= 0 && index < slotCount())
        return false;
    emit editRefused(tr("No such image"));
    return true;
}

QString Document::slotLabel(int index) const
{
    return index >= 0 && index < slotCount() ? QString::fromStdString(m_rig.slotList()[index].name) : QString();
}

std::string Document::newSlotName(const std::string& base) const
{
    const std::string stem = base.empty() ? std::string("image") : base;
    std::string name = stem;
    for (int n = 2; m_rig.findSlot(name) >= 0; ++n)
        name = stem + std::to_string(n);
    return name;
}

int Document::addSlot(int joint, const QString& image, double x, double y)
{
    return addSlotNamed(joint, image, QFileInfo(image).completeBaseName(), x, y);
}

int Document::addSlotNamed(int joint, const QString& image, const QString& baseName, double x, double y)
{
    if (refuseWhilePlaying() || !refuseInvalid(joint))
        return -1;
    Slot slot;
    slot.name = newSlotName(baseName.toStdString());
    slot.joint = joint;
    slot.image = image.toStdString();
    // The image's centre at (x, y), upright on screen whatever the bone's direction.
    const WorldTransform frame = slotFrameOf(m_rig, joint);
    SlotPlacement placement = placeSlot(slot, frame);
    placement.pivot = {x, y};
    placement.rotation = Rotation{};
    slot = slotAt(slot, placement, frame);
    // Kept to a billionth of a pixel, as a drawn bone is (bone_placement.cpp): imported onto a
    // slanted bone the middle came out at x 50.00000000000002, y -3.55e-15 (shown as -0.00).
    // Adding 0.0 turns a rounded -0 into 0.
    slot.x = std::round(slot.x * 1e9) / 1e9 + 0.0;
    slot.y = std::round(slot.y * 1e9) / 1e9 + 0.0;
    // Upright: against the bone's world angle, summed in degrees (a 30 degree bone gives -30,
    // where the rotation's cos and sin gave -29.999999999999996).
    double world = 0.0;
    for (JointIndex j = joint; j != kNoJoint; j = m_rig.parent(j))
        world += m_rig.angle(j);
    slot.rotation = wrapDegrees(-world);
    if (!applyEdit(tr("Add image %1").arg(QString::fromStdString(slot.name)), [&](Rig& r) { return r.addSlot(slot); },
                   false))
        return -1;
    setSelectedSlot(slotCount() - 1);
    return slotCount() - 1;
}

bool Document::removeSlot(int index)
{
    if (refuseInvalidSlot(index))
        return false;
    return applyEdit(tr("Delete image %1").arg(slotLabel(index)), [&](Rig& r) { return r.removeSlot(index); }, false);
}

bool Document::moveSlot(int from, int to)
{
    if (refuseInvalidSlot(from))
        return false;
    if (from == to)
        return true;
    const bool selected = m_selectedSlot == from;
    if (!applyEdit(tr("Reorder %1").arg(slotLabel(from)), [&](Rig& r) { return r.moveSlot(from, to); }, false))
        return false;
    if (selected)
        setSelectedSlot(to);
    return true;
}

bool Document::setSlot(int index, const Slot& slot, const QString& text)
{
    if (refuseInvalidSlot(index))
        return false;
    return applyEdit(text, [&](Rig& r) { return r.setSlot(index, slot); }, false);
}

bool Document::renameSlot(int index, const QString& name)
{
    if (refuseInvalidSlot(index))
        return false;
    Slot slot = m_rig.slotList()[index];
    const QString old = QString::fromStdString(slot.name);
    slot.name = name.trimmed().toStdString();
    if (!setSlot(index, slot, tr("Rename %1 to %2").arg(old, name.trimmed())))
        return false;
    if (m_lockedSlots.remove(old)) // the lock goes with the slot
        m_lockedSlots.insert(name.trimmed());
    return true;
}

bool Document::setSlotJoint(int index, int joint)
{
    if (refuseInvalidSlot(index) || !refuseInvalid(joint))
        return false;
    const Slot& slot = m_rig.slotList()[index];
    if (slot.joint == joint)
        return true;
    const SlotPlacement placement = placeSlot(slot, slotFrameOf(m_rig, slot.joint));
    Slot moved = slotAt(slot, placement, slotFrameOf(m_rig, joint));
    moved.joint = joint;
    return setSlot(index, moved, tr("Put %1 on %2").arg(slotLabel(index), jointLabel(joint)));
}

bool Document::setSlotImage(int index, const QString& image)
{
    if (refuseInvalidSlot(index))
        return false;
    if (m_posing->isAnimating()) // a clip is open: the image is a key at the playhead (a swap)
        return m_animation->keySlotImage(index, image.trimmed().toStdString());
    Slot slot = m_rig.slotList()[index];
    slot.image = image.trimmed().toStdString();
    return setSlot(index, slot, tr("Change image of %1").arg(slotLabel(index)));
}

bool Document::setSlotValue(int index, const QString& field, double value)
{
    if (refuseInvalidSlot(index))
        return false;
    if (m_posing->isAnimating() && field == u"opacity") // a clip is open: a key at the playhead
        return m_animation->keySlotOpacity(index, value);
    Slot slot = m_rig.slotList()[index];
    double* target = field == u"x"          ? &slot.x
                     : field == u"y"        ? &slot.y
                     : field == u"rotation" ? &slot.rotation
                     : field == u"scaleX"   ? &slot.scaleX
                     : field == u"scaleY"   ? &slot.scaleY
                     : field == u"pivotX"   ? &slot.pivotX
                     : field == u"pivotY"   ? &slot.pivotY
                     : field == u"opacity"  ? &slot.opacity
                                            : nullptr;
    if (!target) {
        emit editRefused(tr("No such slot field: %1").arg(field));
        return false;
    }
    *target = value;
    return setSlot(index, slot, tr("Set %1 of %2").arg(field, slotLabel(index)));
}

bool Document::setSlotVisible(int index, bool visible)
{
    if (refuseInvalidSlot(index))
        return false;
    if (m_posing->isAnimating())
        return m_animation->keySlotVisible(index, visible);
    Slot slot = m_rig.slotList()[index];
    slot.visible = visible;
    return setSlot(index, slot, (visible ? tr("Show %1") : tr("Hide %1")).arg(slotLabel(index)));
}

bool Document::flipSlot(int index, bool horizontally)
{
    if (refuseInvalidSlot(index))
        return false;
    Slot slot = m_rig.slotList()[index];
    // The image's own x axis on screen (the rig as shown: a clip's pose while one is open).
    const Rotation xAxis = placeSlot(slot, slotFrameOf(m_rig, slot.joint)).rotation;
    const bool xRunsAcross = std::fabs(xAxis.c) >= std::fabs(xAxis.s);
    double& scale = horizontally == xRunsAcross ? slot.scaleX : slot.scaleY;
    scale = -scale;
    return setSlot(index, slot, (horizontally ? tr("Flip %1 Horizontally") : tr("Flip %1 Vertically")).arg(slotLabel(index)));
}

bool Document::isSlotLocked(int index) const { return m_lockedSlots.contains(slotLabel(index)); }

void Document::setSlotLocked(int index, bool locked)
{
    if (index < 0 || index >= slotCount() || isSlotLocked(index) == locked)
        return;
    if (locked)
        m_lockedSlots.insert(slotLabel(index));
    else
        m_lockedSlots.remove(slotLabel(index));
    if (locked && m_selectedSlot == index)
        setSelectedSlot(-1);
    emit slotLocksChanged();
}

bool Document::beginSlotDrag(int index)
{
    if (refuseWhilePlaying() || refuseInvalidSlot(index))
        return false;
    m_slotDrag = index;
    m_slotDragStart = m_rig.slotList()[index];
    return true;
}

bool Document::dragSlot(const Slot& slot)
{
    if (m_slotDrag < 0)
        return false;
    // In place, no undo step yet: endSlotDrag pushes the whole drag as one.
    const EditResult result = m_rig.setSlot(m_slotDrag, slot);
    if (!result.ok())
        return false;
    emit rigChanged();
    return true;
}

void Document::endSlotDrag(const QString& text)
{
    if (m_slotDrag < 0)
        return;
    const int index = m_slotDrag;
    m_slotDrag = -1;
    const Slot end = m_rig.slotList()[index];
    if (end == m_slotDragStart)
        return;
    Rig before = m_rig;
    before.restoreSlots([&] {
        std::vector<Slot> list = m_rig.slotList();
        list[index] = m_slotDragStart;
        return list;
    }());
    auto command = RigEditCommand::between(this, text, before, m_rig);
    m_rig = before; // the push's redo puts the end of the drag back
    m_undo.push(command.release());
}

} // namespace bonework::editor
