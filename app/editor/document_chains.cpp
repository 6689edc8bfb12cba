// Document's chains: the names the chain form offers, and adding, removing and changing chains,
// each one undo step (RigEditCommand, through applyEdit).
#include "document.h"

#include "animation_player.h"
#include "bonework/animation/clip_edit.h"
#include "pose_controller.h"

#include "bonework/forward_kinematics.h"
#include "bonework/solvers/stuck_drag.h"

namespace bonework::editor {

QStringList Document::solverNames()
{
    QStringList names;
    for (SolverKind k : kAllSolvers)
        names.append(QString::fromLatin1(solverName(k)));
    return names;
}

QStringList Document::bendNames()
{
    return {QString::fromLatin1(bendName(BendDirection::Positive)), QString::fromLatin1(bendName(BendDirection::Negative))};
}

QStringList Document::nodeShapeNames()
{
    QStringList names;
    for (io::NodeShape shape : io::kAllNodeShapes)
        names.append(QString::fromLatin1(io::nodeShapeName(shape)));
    return names;
}

int Document::defaultChainRoot(int tip) const { return bonework::solvers::defaultChainRoot(m_rig, tip); }

int Document::addChain(int tip, int root)
{
    if (!m_rig.isValidJoint(tip) || !m_rig.isValidJoint(root) || !m_rig.isAncestor(root, tip)) {
        emit editRefused(tr("A chain runs from a joint down to one of its descendants"));
        return -1;
    }
    Chain c;
    int n = chainCount();
    do
        c.name = "chain" + std::to_string(++n);
    while (m_rig.findChain(c.name) >= 0);
    c.root = root;
    c.tip = tip;
    const bool twoBones = m_rig.parent(tip) != kNoJoint && m_rig.parent(m_rig.parent(tip)) == root;
    c.solver = twoBones ? SolverKind::TwoBone : SolverKind::Fabrik;
    c.target.point = worldTransformOf(m_rig, tip).position;
    if (!applyEdit(tr("Add chain %1").arg(QString::fromStdString(c.name)), [&](Rig& r) { return r.addChain(c); }))
        return -1;
    setSelectedChain(chainCount() - 1);
    return chainCount() - 1;
}

bool Document::removeChain(int index)
{
    const QString name = index >= 0 && index < chainCount() ? QString::fromStdString(m_rig.chains()[index].name) : QString();
    return applyEdit(tr("Delete chain %1").arg(name), [&](Rig& r) { return r.removeChain(index); });
}

template <typename Change>
static EditResult changeChain(Rig& r, int index, Change change)
{
    if (index < 0 || index >= static_cast<int>(r.chains().size()))
        return EditResult::refused("no such chain");
    Chain c = r.chains()[index];
    change(c);
    return r.setChain(index, c);
}

bool Document::renameChain(int index, const QString& name)
{
    return applyEdit(tr("Rename chain to %1").arg(name), [&](Rig& r) {
        return changeChain(r, index, [&](Chain& c) { c.name = name.trimmed().toStdString(); });
    });
}

bool Document::setChainSolver(int index, const QString& solver)
{
    const auto kind = solverFromName(solver.toStdString());
    if (!kind) {
        emit editRefused(tr("Unknown solver %1").arg(solver));
        return false;
    }
    return applyEdit(tr("Set solver to %1").arg(solver),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.solver = *kind; }); });
}

bool Document::setChainIterations(int index, int iterations)
{
    return applyEdit(tr("Set iterations"),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.iterations = iterations; }); });
}

bool Document::setChainTolerance(int index, double tolerance)
{
    return applyEdit(tr("Set tolerance"),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.tolerance = tolerance; }); });
}

bool Document::setChainBend(int index, const QString& bend)
{
    const auto b = bendFromName(bend.toStdString());
    if (!b)
        return false;
    return applyEdit(tr("Set bend %1").arg(bend),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.bend = *b; }); });
}

bool Document::setChainMix(int index, double mix)
{
    if (m_posing->isAnimating()) { // a clip is open: the mix is a key at the playhead
        if (!m_animation->keyChainMix(index, mix))
            return false;
        sayWhenKeysHoldThePose(index);
        return true;
    }
    return applyEdit(tr("Set mix"), [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.mix = mix; }); });
}

void Document::sayWhenKeysHoldThePose(int index)
{
    // The mix blends the chain's solve with the pose the keys give; where Auto-Key keyed the
    // chain's joints to the solve at this frame, both are the same pose and nothing moves.
    const int open = m_animation->current();
    if (open < 0 || index < 0 || index >= chainCount())
        return;
    const Chain& chain = m_rig.chains()[static_cast<std::size_t>(index)];
    const animation::Clip& clip = m_rig.animations()[static_cast<std::size_t>(open)];
    for (const animation::KeyRef& key : animation::keysAt(clip, m_animation->time())) {
        if (key.track.owner != animation::Owner::Joint || key.track.channel != animation::Channel::Angle)
            continue;
        for (JointIndex j = chain.tip; j != chain.root && j != kNoJoint; j = m_rig.parent(j))
            if (m_rig.jointName(j) == key.track.name) {
                emit notice(tr("%1's joints are keyed at this frame to the pose the chain gave them, so a lower mix shows the "
                               "same pose: delete their keys here to see the mix blend toward the clip's own keys")
                                .arg(QString::fromStdString(chain.name)));
                return;
            }
    }
}

bool Document::setChainRoot(int index, const QString& root)
{
    const int joint = findJoint(root);
    if (joint < 0)
        return false;
    return applyEdit(tr("Set root of chain to %1").arg(root),
                     [&](Rig& r) { return changeChain(r, index, [&](Chain& c) { c.root = joint; }); });
}

bool Document::setChainTip(int index, const QString& tip)
{
    const int joint = findJoint(tip);
    if (joint < 0)
        return false;
    return applyEdit(tr("Set tip of chain to %1").arg(tip), [&](Rig& r) {
        return changeChain(r, index, [&](Chain& c) {
            c.tip = joint;
            // Two-bone stays two bones long: its root comes along, two bones above the tip.
            if (c.solver == SolverKind::TwoBone && !r.isRoot(joint) && !r.isRoot(r.parent(joint)))
                c.root = r.parent(r.parent(joint));
        });
    });
}

bool Document::setChainTargetJoint(int index, const QString& joint)
{
    const int j = joint.isEmpty() ? -1 : findJoint(joint);
    if (!joint.isEmpty() && j < 0)
        return false;
    if (index >= 0 && index < chainCount() && j >= 0 && m_rig.isAncestor(m_rig.chains()[index].root, j)) {
        emit editRefused(tr("The target cannot ride on %1: the chain moves it").arg(joint));
        return false;
    }
    // Detached, the target stays where it is on screen; attached, it goes to the joint.
    const QPointF here = index >= 0 && index < chainCount() ? chainTarget(index) : QPointF();
    return applyEdit(joint.isEmpty() ? tr("Fix target of chain") : tr("Attach target of chain to %1").arg(joint),
                     [&](Rig& r) {
                         return changeChain(r, index, [&](Chain& c) {
                             c.target.joint = j;
                             if (j < 0)
                                 c.target.point = {here.x(), here.y()};
                         });
                     });
}

bool Document::moveChain(int from, int to)
{
    if (from == to)
        return true;
    const QString name = from >= 0 && from < chainCount() ? QString::fromStdString(m_rig.chains()[from].name) : QString();
    const bool selected = m_selectedChain == from;
    if (!applyEdit(tr("Move chain %1").arg(name), [&](Rig& r) { return r.moveChain(from, to); }))
        return false;
    if (selected)
        setSelectedChain(to);
    return true;
}

int Document::chainWithTip(int joint) const
{
    for (int i = 0; i < chainCount(); ++i)
        if (m_rig.chains()[i].tip == joint)
            return i;
    return -1;
}

QPointF Document::chainTarget(int index) const
{
    if (index < 0 || index >= chainCount())
        return {};
    const Chain& c = m_rig.chains()[index];
    const Vec2 p = chainTargetPosition(m_rig, c);
    return {p.x, p.y};
}

} // namespace bonework::editor
