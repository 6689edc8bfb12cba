#include "slot_list_model.h"

#include "document.h"
#include "follow_document.h"

namespace bonework::editor {

SlotListModel::SlotListModel(QObject* parent) : QAbstractListModel(parent) {}

void SlotListModel::setDocument(Document* document)
{
    if (!followDocument(this, m_document, document, &SlotListModel::refresh))
        return;
    if (m_document) {
        connect(m_document, &Document::slotLocksChanged, this, &SlotListModel::refresh);
        connect(m_document, &Document::slotImagesChanged, this, &SlotListModel::refresh);
    }
    refresh();
    emit documentChanged();
}

void SlotListModel::refresh()
{
    std::vector<Row> rows;
    if (m_document) {
        const Rig& rig = m_document->rig();
        const auto& list = rig.slotList();
        rows.reserve(list.size());
        for (int i = static_cast<int>(list.size()) - 1; i >= 0; --i) {
            const Slot& s = list[static_cast<std::size_t>(i)];
            const QString image = QString::fromStdString(s.image);
            rows.push_back({QString::fromStdString(s.name),
                            rig.isValidJoint(s.joint) ? QString::fromStdString(rig.jointName(s.joint)) : QString(),
                            image, s.visible, m_document->isSlotLocked(i), m_document->imageProblem(image)});
        }
    }
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i] == m_rows[i])
            continue;
        m_rows[i] = std::move(rows[i]);
        const QModelIndex row = index(static_cast<int>(i));
        emit dataChanged(row, row);
    }
}

int SlotListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant SlotListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return r.name;
    case JointNameRole: return r.jointName;
    case ImageRole: return r.image;
    case VisibleRole: return r.visible;
    case LockedRole: return r.locked;
    case MissingRole: return !r.problem.isEmpty();
    case SlotIndexRole: return slotIndex(index.row());
    case ProblemRole: return r.problem;
    default: return {};
    }
}

QHash<int, QByteArray> SlotListModel::roleNames() const
{
    return {{NameRole, "name"},       {JointNameRole, "jointName"}, {ImageRole, "image"},          {VisibleRole, "shown"},
            {LockedRole, "locked"},   {MissingRole, "missing"},     {SlotIndexRole, "slotIndex"},
            {ProblemRole, "problem"}};
}

} // namespace bonework::editor
