#pragma once
// The rig's IK chains as a list model for the Chains panel: one row per chain with its name, the
// joints it runs between, its solver, iterations, tolerance, bend and mix, in the order chains
// hold in. Rows change when the chains
// do (an edit, undo, another file), not on every pose: dragging leaves the list alone.

#include "bonework/chain.h"

#include <QAbstractListModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace bonework::editor {

class Document;

class ChainListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)
    Q_MOC_INCLUDE("document.h")

public:
    enum Role { NameRole = Qt::UserRole + 1, RootNameRole, TipNameRole, SolverRole, IterationsRole, ToleranceRole, BendRole, MixRole };

    explicit ChainListModel(QObject* parent = nullptr);
    Document* document() const { return m_document; }
    void setDocument(Document* document);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void documentChanged();

private:
    void rigChanged();
    QPointer<Document> m_document;
    std::vector<Chain> m_chains;               // as shown
    std::vector<std::string> m_rootNames, m_tipNames;
};

} // namespace bonework::editor
