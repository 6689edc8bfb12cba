#pragma once
// Compare Solvers (View menu, Chains panel): while on, the selected chain is solved by every
// other solver that can solve it (core's solvers::SolverComparison), again whenever the rig, its
// pose or the selection changes. The canvas draws the outcomes as ghosts; the Chains panel lists
// them, one row per solver (its own marked current), and choosing a row makes that the chain's
// solver as one undo step. Each solver starts from the chain's saved pose (the rig as last saved
// or opened), so the figures compare like with like; from the current pose once the skeleton
// has changed since. The document owns one; QML reaches it as `document.comparison`. The toggle
// is a preference (QSettings).

#include "bonework/solvers/solver_comparison.h"

#include <QAbstractListModel>
#include <QColor>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <vector>

namespace bonework::editor {

class Document;

class SolverComparisonModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The document owns its solver comparison")
    Q_PROPERTY(bool enabled READ isEnabled WRITE setEnabled NOTIFY enabledChanged)
    // The chain compared, or -1 (off, no chain selected, or playing).
    Q_PROPERTY(int chain READ chain NOTIFY changed)
    Q_PROPERTY(int count READ count NOTIFY changed)
    // Whether the solves started from the saved pose (false: from the current one).
    Q_PROPERTY(bool fromSavedPose READ fromSavedPose NOTIFY changed)

public:
    enum Role {
        SolverRole = Qt::UserRole + 1, // "fabrik", ...
        CurrentRole,                   // the chain's own solver
        ErrorRole, IterationsRole, ReachedRole, MicrosRole,
        ErrorTextRole,                 // "0.0042 px"
        TimeTextRole,                  // "8.1 µs"
        LabelRole,                     // the canvas label: "fabrik · 0.0042 px · 12 it · 8.1 µs ✓"
        ColourRole,
    };
    Q_ENUM(Role)

    explicit SolverComparisonModel(Document* document);

    bool isEnabled() const { return m_enabled; }
    void setEnabled(bool enabled);
    int chain() const { return m_chain; }
    int count() const { return static_cast<int>(m_rows.size()); }
    bool fromSavedPose() const { return m_comparison.startedFromStart(); }
    // The solves themselves, for the canvas's ghosts (rows in the same order).
    std::span<const solvers::SolverOutcome> outcomes() const { return m_comparison.outcomes(); }
    QString label(int row) const { return m_rows[static_cast<std::size_t>(row)].label; }

    // Makes row's solver the chain's (through the document's undoable chain edit).
    Q_INVOKABLE bool choose(int row);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

signals:
    void enabledChanged();
    // The outcomes changed (recomputed or cleared): the canvas repaints.
    void changed();

private:
    struct Row {
        SolverKind kind = SolverKind::Fabrik;
        QString errorText, timeText, label;
    };
    // Compares again (or clears, when off or nothing is selected) and updates the rows.
    void refresh();

    Document* m_document;
    bool m_enabled = false;
    int m_chain = -1;
    solvers::SolverComparison m_comparison;
    std::vector<Row> m_rows;
};

} // namespace bonework::editor
