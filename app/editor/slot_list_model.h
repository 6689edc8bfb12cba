#pragma once
// The rig's slots (the images the bones carry) as a list model for the Draw Order panel, FRONT
// TO BACK: row 0 is the image drawn last (on top), as layer lists show it. Each row has the
// slot's name, its joint's name, its image path, whether it is shown, locked (editor state),
// whether its image is not shown (`missing`) and why (`problem`), and `slotIndex`, its place in
// the rig's draw order (0: at the back), which is what the document's slot edits take. Rows
// change when the slots do (an edit, undo, another file, a lock, an image found or lost), not on
// every pose.

#include <QAbstractListModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace bonework::editor {

class Document;

class SlotListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_MOC_INCLUDE("document.h")

public:
    enum Role { NameRole = Qt::UserRole + 1, JointNameRole, ImageRole, VisibleRole, LockedRole, MissingRole, SlotIndexRole, ProblemRole };

    explicit SlotListModel(QObject* parent = nullptr);
    Document* document() const { return m_document; }
    void setDocument(Document* document);

    // A row's slot index in the draw order and back (rows run front to back).
    Q_INVOKABLE int slotIndex(int row) const { return static_cast<int>(m_rows.size()) - 1 - row; }
    Q_INVOKABLE int rowOf(int slotIndex) const { return slotIndex < 0 ? -1 : static_cast<int>(m_rows.size()) - 1 - slotIndex; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void documentChanged();

private:
    struct Row {
        QString name, jointName, image;
        bool visible = true, locked = false;
        QString problem; // why the image is not shown ("it does not exist"); empty when it is
        bool operator==(const Row&) const = default;
    };
    void refresh();
    QPointer<Document> m_document;
    std::vector<Row> m_rows; // front to back, as shown
};

} // namespace bonework::editor
