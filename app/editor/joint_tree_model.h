#pragma once
// The skeleton's outline for the joint tree: roots at the top level, children under their parent.
// Rebuilt only when the structure changes (joints added, removed, renamed or moved), so posing
// does not collapse the tree.

#include <QAbstractItemModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <string>
#include <vector>

namespace bonework::editor {

class Document;

class JointTreeModel : public QAbstractItemModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)

public:
    enum Role { JointRole = Qt::UserRole + 1, PinnedRole, IsRootRole, NameRole };

    explicit JointTreeModel(QObject* parent = nullptr);
    Document* document() const { return m_document; }
    void setDocument(Document* document);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // The model index of a joint (for selecting it in the tree), invalid for -1.
    Q_INVOKABLE QModelIndex indexOfJoint(int joint) const;
    Q_INVOKABLE int jointAt(const QModelIndex& index) const;
    // The name of the row as the tree shows it. Differs from the document's during
    // modelAboutToBeReset, where the rig has changed already (joints removed shift indices).
    Q_INVOKABLE QString shownNameAt(const QModelIndex& index) const;

signals:
    void documentChanged();

private:
    void rebuild();
    void rigChanged();

    QPointer<Document> m_document;
    std::vector<int> m_roots;
    std::vector<std::vector<int>> m_children;
    std::vector<int> m_row;      // row of each joint among its siblings
    std::vector<int> m_parents;  // structure signature: parents ...
    std::vector<std::string> m_names; // ... and names
    std::vector<unsigned char> m_pinned; // the only value the tree shows besides names
};

} // namespace bonework::editor
