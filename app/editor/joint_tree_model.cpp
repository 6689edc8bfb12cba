#include "joint_tree_model.h"

#include "document.h"
#include "follow_document.h"

namespace bonework::editor {

JointTreeModel::JointTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void JointTreeModel::setDocument(Document* document)
{
    if (!followDocument(this, m_document, document, &JointTreeModel::rigChanged))
        return;
    beginResetModel();
    rebuild();
    endResetModel();
    emit documentChanged();
}

void JointTreeModel::rebuild()
{
    m_roots.clear();
    m_children.clear();
    m_row.clear();
    m_parents.clear();
    m_names.clear();
    m_pinned.clear();
    if (!m_document)
        return;
    const Rig& rig = m_document->rig();
    const std::size_t n = rig.jointCount();
    m_children.resize(n);
    m_row.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const auto j = static_cast<JointIndex>(i);
        m_parents.push_back(rig.parent(j));
        m_names.push_back(rig.jointName(j));
        m_pinned.push_back(rig.isPinned(j) ? 1 : 0);
        auto& siblings = rig.isRoot(j) ? m_roots : m_children[rig.parent(j)];
        m_row[i] = static_cast<int>(siblings.size());
        siblings.push_back(static_cast<int>(i));
    }
}

void JointTreeModel::rigChanged()
{
    const Rig& rig = m_document->rig();
    bool same = rig.jointCount() == m_parents.size();
    for (std::size_t i = 0; same && i < m_parents.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        same = rig.parent(j) == m_parents[i] && rig.jointName(j) == m_names[i];
    }
    if (same) {
        // Only values changed (a pose, a pin): the tree shows names and pins, so only rows whose
        // pin changed need refreshing. Posing a big rig then costs the tree nothing.
        for (std::size_t i = 0; i < m_pinned.size(); ++i) {
            const unsigned char pinned = rig.isPinned(static_cast<JointIndex>(i)) ? 1 : 0;
            if (pinned != m_pinned[i]) {
                m_pinned[i] = pinned;
                const QModelIndex row = indexOfJoint(static_cast<int>(i));
                emit dataChanged(row, row, {PinnedRole});
            }
        }
        return;
    }
    beginResetModel();
    rebuild();
    endResetModel();
}

QModelIndex JointTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column != 0 || row < 0)
        return {};
    const std::vector<int>& siblings = parent.isValid() ? m_children[parent.internalId() - 1] : m_roots;
    if (row >= static_cast<int>(siblings.size()))
        return {};
    return createIndex(row, 0, static_cast<quintptr>(siblings[row] + 1));
}

QModelIndex JointTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int parent = m_parents[child.internalId() - 1];
    if (parent < 0)
        return {};
    return createIndex(m_row[parent], 0, static_cast<quintptr>(parent + 1));
}

int JointTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_roots.size());
    return static_cast<int>(m_children[parent.internalId() - 1].size());
}

int JointTreeModel::columnCount(const QModelIndex&) const { return 1; }

QVariant JointTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_document)
        return {};
    const int joint = static_cast<int>(index.internalId()) - 1;
    const Rig& rig = m_document->rig();
    if (!rig.isValidJoint(joint))
        return {};
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return QString::fromStdString(rig.jointName(joint));
    case JointRole: return joint;
    case PinnedRole: return rig.isPinned(joint);
    case IsRootRole: return rig.isRoot(joint);
    default: return {};
    }
}

QHash<int, QByteArray> JointTreeModel::roleNames() const
{
    return {{Qt::DisplayRole, "display"}, {JointRole, "joint"}, {PinnedRole, "pinned"}, {IsRootRole, "isRoot"}, {NameRole, "name"}};
}

QModelIndex JointTreeModel::indexOfJoint(int joint) const
{
    if (joint < 0 || joint >= static_cast<int>(m_row.size()))
        return {};
    return createIndex(m_row[joint], 0, static_cast<quintptr>(joint + 1));
}

int JointTreeModel::jointAt(const QModelIndex& index) const
{
    return index.isValid() ? static_cast<int>(index.internalId()) - 1 : -1;
}

QString JointTreeModel::shownNameAt(const QModelIndex& index) const
{
    const int joint = jointAt(index);
    return joint >= 0 && joint < static_cast<int>(m_names.size()) ? QString::fromStdString(m_names[joint]) : QString();
}

} // namespace bonework::editor
