#include "selected_chain.h"

#include "document.h"

namespace bonework::editor {

SelectedChain::SelectedChain(QObject* parent) : DocumentView(parent) {}

const Chain* SelectedChain::chainOrNull() const
{
    if (!m_document)
        return nullptr;
    const int i = m_document->selectedChain();
    const auto& chains = m_document->rig().chains();
    return i >= 0 && static_cast<std::size_t>(i) < chains.size() ? &chains[static_cast<std::size_t>(i)] : nullptr;
}

QString SelectedChain::jointName(int joint) const
{
    return joint >= 0 ? QString::fromStdString(m_document->rig().jointName(joint)) : QString();
}

int SelectedChain::index() const { return valid() ? m_document->selectedChain() : -1; }
QString SelectedChain::name() const { return valid() ? QString::fromStdString(chainOrNull()->name) : QString(); }
int SelectedChain::root() const { return valid() ? chainOrNull()->root : -1; }
int SelectedChain::tip() const { return valid() ? chainOrNull()->tip : -1; }
QString SelectedChain::rootName() const { return jointName(root()); }
QString SelectedChain::tipName() const { return jointName(tip()); }
QString SelectedChain::solver() const
{
    return valid() ? QString::fromLatin1(solverName(chainOrNull()->solver)) : QString();
}
int SelectedChain::iterations() const { return valid() ? chainOrNull()->iterations : 0; }
double SelectedChain::tolerance() const { return valid() ? chainOrNull()->tolerance : 0.0; }
QString SelectedChain::bend() const { return valid() ? QString::fromLatin1(bendName(chainOrNull()->bend)) : QString(); }
double SelectedChain::mix() const { return valid() ? chainOrNull()->mix : 1.0; }
QString SelectedChain::attachedTo() const
{
    const Chain* c = chainOrNull();
    return c && c->target.isAttached() ? jointName(c->target.joint) : QString();
}

QStringList SelectedChain::rootChoices() const
{
    QStringList names;
    const Chain* c = chainOrNull();
    if (!c)
        return names;
    if (c->solver == SolverKind::TwoBone) // two bones above its tip, always: the tip decides
        return {jointName(c->root)};
    const Rig& rig = m_document->rig();
    for (JointIndex j = rig.parent(c->tip); j != kNoJoint; j = rig.parent(j))
        names.prepend(jointName(j));
    return names;
}

QStringList SelectedChain::tipChoices() const
{
    QStringList names;
    const Chain* c = chainOrNull();
    if (!c)
        return names;
    const Rig& rig = m_document->rig();
    if (c->solver == SolverKind::TwoBone) { // any joint two bones below another: the root follows
        for (std::size_t i = 0; i < rig.jointCount(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (!rig.isRoot(j) && !rig.isRoot(rig.parent(j)))
                names.append(jointName(j));
        }
        return names;
    }
    for (JointIndex j : rig.subtree(c->root))
        if (j != c->root)
            names.append(jointName(j));
    return names;
}

QStringList SelectedChain::targetChoices() const
{
    QStringList names;
    const Chain* c = chainOrNull();
    if (!c)
        return names;
    const Rig& rig = m_document->rig();
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (!rig.isAncestor(c->root, j)) // a joint the chain moves would run from its own tip
            names.append(jointName(j));
    }
    return names;
}

} // namespace bonework::editor
