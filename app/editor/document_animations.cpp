// The document's animation clips: added, renamed, duplicated, removed, lengthened, and their
// keys edited, each as one undo step. These edits also go on in animate mode: they change the
// clips and leave the pose alone, and the clip on show follows (AnimationPlayer).
#include "document.h"

#include "pose_controller.h"
#include "rig_edit_command.h"

#include "bonework/animation/clip_edit.h"

#include <cmath>

namespace bonework::editor {

bool Document::applyAnimationEdit(const QString& text, const std::function<EditResult(Rig&)>& edit)
{
    if (m_posing->isPreviewing() && !m_posing->isAnimating())
        return !refuseWhilePlaying(); // says why
    Rig changed = m_rig;
    const EditResult result = edit(changed);
    if (!result.ok()) {
        emit editRefused(QString::fromStdString(result.error));
        return false;
    }
    if (changed.animations() == m_rig.animations())
        return true;
    // Only the clips differ (the pose on show is in both), so that is all the step keeps.
    auto command = RigEditCommand::between(this, text, m_rig, changed);
    Q_ASSERT(command);
    m_undo.push(command.release());
    return true;
}

bool Document::addAnimation(const animation::Clip& clip)
{
    return applyAnimationEdit(tr("Add animation %1").arg(QString::fromStdString(clip.name)),
                              [&](Rig& r) { return r.addAnimation(clip); });
}

int Document::newAnimation()
{
    animation::Clip clip;
    clip.name = animation::uniqueClipName(m_rig.animations(), "animation");
    clip.duration = 1.0;
    if (!addAnimation(clip))
        return -1;
    return m_rig.findAnimation(clip.name);
}

bool Document::renameAnimation(int index, const QString& name)
{
    if (index < 0 || index >= static_cast<int>(m_rig.animations().size()))
        return false;
    const std::string newName = name.trimmed().toStdString();
    animation::Clip clip = m_rig.animations()[static_cast<std::size_t>(index)];
    if (clip.name == newName)
        return true;
    const QString text = tr("Rename animation %1 to %2").arg(QString::fromStdString(clip.name), name.trimmed());
    clip.name = newName;
    return applyAnimationEdit(text, [&](Rig& r) { return r.setAnimation(index, clip); });
}

int Document::duplicateAnimation(int index)
{
    if (index < 0 || index >= static_cast<int>(m_rig.animations().size()))
        return -1;
    animation::Clip copy = m_rig.animations()[static_cast<std::size_t>(index)];
    const QString text = tr("Duplicate animation %1").arg(QString::fromStdString(copy.name));
    copy.name = animation::uniqueClipName(m_rig.animations(), copy.name + " copy");
    if (!applyAnimationEdit(text, [&](Rig& r) { return r.addAnimation(copy, index + 1); }))
        return -1;
    return index + 1;
}

bool Document::removeAnimation(int index)
{
    if (index < 0 || index >= static_cast<int>(m_rig.animations().size()))
        return false;
    const QString text = tr("Delete animation %1").arg(QString::fromStdString(m_rig.animations()[static_cast<std::size_t>(index)].name));
    return applyAnimationEdit(text, [&](Rig& r) { return r.removeAnimation(index); });
}

bool Document::setAnimationDuration(int index, double seconds)
{
    // At least one frame at the Timeline's rate: a shorter clip showed as "0.00 s", one
    // frame wide, having dropped every key after 0 (QA).
    const double frame = 1.0 / m_animation->fps();
    if (!std::isfinite(seconds) || !(seconds > frame * (1.0 - 1e-9))) {
        emit editRefused(tr("An animation lasts at least one frame (%1 s at %2 fps)").arg(frame, 0, 'g', 3).arg(m_animation->fps()));
        return false;
    }
    return editClip(index, tr("Set animation length to %1 s").arg(seconds, 0, 'g', 4),
                    [&](animation::Clip& clip) { animation::setDuration(clip, seconds); });
}

bool Document::setAnimationLoop(int index, bool loop)
{
    if (index < 0 || index >= static_cast<int>(m_rig.animations().size()))
        return false;
    const animation::Clip& clip = m_rig.animations()[static_cast<std::size_t>(index)];
    if (clip.loop == loop)
        return true;
    const QString name = QString::fromStdString(clip.name);
    return editClip(index, loop ? tr("Loop animation %1").arg(name) : tr("Play animation %1 once").arg(name),
                    [&](animation::Clip& c) { c.loop = loop; });
}

bool Document::editClip(int index, const QString& text, const std::function<void(animation::Clip&)>& edit)
{
    if (index < 0 || index >= static_cast<int>(m_rig.animations().size()))
        return false;
    return applyAnimationEdit(text, [&](Rig& r) {
        animation::Clip clip = r.animations()[static_cast<std::size_t>(index)];
        edit(clip);
        return r.setAnimation(index, std::move(clip));
    });
}

} // namespace bonework::editor
