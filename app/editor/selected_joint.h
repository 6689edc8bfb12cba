#pragma once
// The selected joint's settings and pose as properties, for the inspector: QML binds to them
// and they notify when the rig or the selection changes, so no panel polls the document.
// `valid` is false when nothing is selected.

#include "document_view.h"

#include <QString>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class Document;

class SelectedJoint : public DocumentView {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(int index READ index NOTIFY changed)
    Q_PROPERTY(QString name READ name NOTIFY changed)
    Q_PROPERTY(int parent READ parent NOTIFY changed)       // -1 for a root
    Q_PROPERTY(QString parentName READ parentName NOTIFY changed)
    Q_PROPERTY(bool isRoot READ isRoot NOTIFY changed)
    Q_PROPERTY(double length READ length NOTIFY changed)
    Q_PROPERTY(double angle READ angle NOTIFY changed)      // a root: its rotation
    Q_PROPERTY(double minAngle READ minAngle NOTIFY changed)
    Q_PROPERTY(double maxAngle READ maxAngle NOTIFY changed)
    Q_PROPERTY(bool pinned READ pinned NOTIFY changed)
    Q_PROPERTY(double x READ x NOTIFY changed)              // a root's position
    Q_PROPERTY(double y READ y NOTIFY changed)
    Q_PROPERTY(double worldX READ worldX NOTIFY changed)    // where the joint is on the canvas
    Q_PROPERTY(double worldY READ worldY NOTIFY changed)
    Q_PROPERTY(int chain READ chain NOTIFY changed)         // the chain it is the tip of, or -1

public:
    explicit SelectedJoint(QObject* parent = nullptr);

    bool valid() const;
    int index() const;
    QString name() const;
    int parent() const;
    QString parentName() const;
    bool isRoot() const;
    double length() const;
    double angle() const;
    double minAngle() const;
    double maxAngle() const;
    bool pinned() const;
    double x() const;
    double y() const;
    double worldX() const;
    double worldY() const;
    int chain() const;

};

} // namespace bonework::editor
