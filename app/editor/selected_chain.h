#pragma once
// The selected chain's settings as properties, for the Chains panel's form: QML binds to them
// and they notify when the rig or the selection changes. `valid` is false when no chain is
// selected.

#include "document_view.h"

#include <QString>
#include <QStringList>
#include <QtQml/qqmlregistration.h>

namespace bonework {
struct Chain;
}

namespace bonework::editor {

class Document;

class SelectedChain : public DocumentView {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bool valid READ valid NOTIFY changed)
    Q_PROPERTY(int index READ index NOTIFY changed)
    Q_PROPERTY(QString name READ name NOTIFY changed)
    Q_PROPERTY(int root READ root NOTIFY changed)
    Q_PROPERTY(int tip READ tip NOTIFY changed)
    Q_PROPERTY(QString rootName READ rootName NOTIFY changed)
    Q_PROPERTY(QString tipName READ tipName NOTIFY changed)
    Q_PROPERTY(QString solver READ solver NOTIFY changed)   // as in rig files: "fabrik", "two-bone", ...
    Q_PROPERTY(int iterations READ iterations NOTIFY changed)
    Q_PROPERTY(double tolerance READ tolerance NOTIFY changed)
    Q_PROPERTY(QString bend READ bend NOTIFY changed)       // "positive" or "negative"
    Q_PROPERTY(QString attachedTo READ attachedTo NOTIFY changed) // the target's joint, or empty
    Q_PROPERTY(double mix READ mix NOTIFY changed)          // 0 (does not hold) to 1
    // What the form offers: roots (the tip's ancestors, top down), tips (the root's
    // descendants) and joints the target may ride on (any but those the chain moves: the
    // root's descendants). A two-bone chain offers as tips every joint two bones below another
    // (its root then follows, two bones up) and its own root only.
    Q_PROPERTY(QStringList rootChoices READ rootChoices NOTIFY changed)
    Q_PROPERTY(QStringList tipChoices READ tipChoices NOTIFY changed)
    Q_PROPERTY(QStringList targetChoices READ targetChoices NOTIFY changed)

public:
    explicit SelectedChain(QObject* parent = nullptr);

    bool valid() const { return chainOrNull() != nullptr; }
    int index() const;
    QString name() const;
    int root() const;
    int tip() const;
    QString rootName() const;
    QString tipName() const;
    QString solver() const;
    int iterations() const;
    double tolerance() const;
    QString bend() const;
    QString attachedTo() const;
    double mix() const;
    QStringList rootChoices() const;
    QStringList tipChoices() const;
    QStringList targetChoices() const;

private:
    const Chain* chainOrNull() const;
    QString jointName(int joint) const;
};

} // namespace bonework::editor
