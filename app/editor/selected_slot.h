#pragma once
// The selected slot's fields as properties, for the inspector's image section: QML binds to
// them and they notify when the rig or the selection changes. `valid` is false when no slot is
// selected. Edits go through the document (setSlotValue, renameSlot, ...), one undo step each.

#include "document_view.h"

#include "bonework/slot.h"

#include <QString>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {


class SelectedSlot : public DocumentView {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(int index READ index NOTIFY changed)
    Q_PROPERTY(QString name READ name NOTIFY changed)
    Q_PROPERTY(int joint READ joint NOTIFY changed)
    Q_PROPERTY(QString image READ image NOTIFY changed)
    Q_PROPERTY(double x READ x NOTIFY changed)
    Q_PROPERTY(double y READ y NOTIFY changed)
    Q_PROPERTY(double rotation READ rotation NOTIFY changed)
    Q_PROPERTY(double scaleX READ scaleX NOTIFY changed)
    Q_PROPERTY(double scaleY READ scaleY NOTIFY changed)
    Q_PROPERTY(double pivotX READ pivotX NOTIFY changed)
    Q_PROPERTY(double pivotY READ pivotY NOTIFY changed)
    Q_PROPERTY(double opacity READ opacity NOTIFY changed)
    Q_PROPERTY(bool shown READ shown NOTIFY changed) // the slot's `visible`
    Q_PROPERTY(bool missing READ missing NOTIFY changed)
    // Why the image is not shown (empty when it is).
    Q_PROPERTY(QString problem READ problem NOTIFY changed)

public:
    explicit SelectedSlot(QObject* parent = nullptr);

    bool valid() const;
    int index() const;
    QString name() const;
    int joint() const;
    QString image() const;
    double x() const { return field(&Slot::x); }
    double y() const { return field(&Slot::y); }
    double rotation() const { return field(&Slot::rotation); }
    double scaleX() const { return field(&Slot::scaleX); }
    double scaleY() const { return field(&Slot::scaleY); }
    double pivotX() const { return field(&Slot::pivotX); }
    double pivotY() const { return field(&Slot::pivotY); }
    double opacity() const { return field(&Slot::opacity); }
    bool shown() const;
    bool missing() const;
    QString problem() const;

private:
    const Slot* slot() const;
    double field(double Slot::*member) const;
};

} // namespace bonework::editor
