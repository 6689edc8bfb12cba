#include "selected_joint.h"

#include "document.h"

#include "bonework/angles.h"
#include "bonework/forward_kinematics.h"

namespace bonework::editor {

SelectedJoint::SelectedJoint(QObject* parent) : DocumentView(parent) {}

// Every read goes to the rig: one joint's fields cost nothing to read, and a stored copy could
// fall out of step.
bool SelectedJoint::valid() const { return m_document && m_document->rig().isValidJoint(m_document->selectedJoint()); }
int SelectedJoint::index() const { return valid() ? m_document->selectedJoint() : -1; }
QString SelectedJoint::name() const
{
    return valid() ? QString::fromStdString(m_document->rig().jointName(index())) : QString();
}
int SelectedJoint::parent() const { return valid() ? m_document->rig().parent(index()) : -1; }
QString SelectedJoint::parentName() const
{
    return parent() >= 0 ? QString::fromStdString(m_document->rig().jointName(parent())) : QString();
}
bool SelectedJoint::isRoot() const { return valid() && m_document->rig().isRoot(index()); }
double SelectedJoint::length() const { return valid() ? m_document->rig().length(index()) : 0.0; }
double SelectedJoint::angle() const { return valid() ? m_document->rig().angle(index()) : 0.0; }
double SelectedJoint::minAngle() const { return valid() ? m_document->rig().minAngle(index()) : kMinLimit; }
double SelectedJoint::maxAngle() const { return valid() ? m_document->rig().maxAngle(index()) : kMaxLimit; }
bool SelectedJoint::pinned() const { return valid() && m_document->rig().isPinned(index()); }
double SelectedJoint::x() const { return isRoot() ? m_document->rig().rootPosition(index()).x : 0.0; }
double SelectedJoint::y() const { return isRoot() ? m_document->rig().rootPosition(index()).y : 0.0; }
double SelectedJoint::worldX() const { return valid() ? worldTransformOf(m_document->rig(), index()).position.x : 0.0; }
double SelectedJoint::worldY() const { return valid() ? worldTransformOf(m_document->rig(), index()).position.y : 0.0; }
int SelectedJoint::chain() const { return valid() ? m_document->chainWithTip(index()) : -1; }

} // namespace bonework::editor
