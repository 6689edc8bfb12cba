#include "solver_comparison_model.h"

#include "document.h"
#include "solver_colours.h"

#include <QSettings>

namespace bonework::editor {
namespace {

constexpr char kEnabledKey[] = "editor/compareSolvers";

// Three significant digits, no exponents: "0 px", "< 0.001 px", "0.00471 px", "20.4 px", "2704 px".
QString errorText(double error)
{
    if (error == 0.0)
        return QStringLiteral("0 px");
    if (error < 0.001)
        return QStringLiteral("< 0.001 px");
    return QStringLiteral("%1 px").arg(error, 0, error < 1000 ? 'g' : 'f', error < 1000 ? 3 : 0);
}
QString timeText(double micros) { return QStringLiteral("%1 \u00b5s").arg(micros, 0, 'f', micros < 100 ? 1 : 0); }

} // namespace

SolverComparisonModel::SolverComparisonModel(Document* document)
    : QAbstractListModel(document), m_document(document)
{
    m_enabled = QSettings().value(kEnabledKey, false).toBool();
    // Whatever can change a solve: the rig and its pose, the selection, and the saved pose the
    // solves start from (a save, another file).
    connect(document, &Document::rigChanged, this, &SolverComparisonModel::refresh);
    connect(document, &Document::selectionChanged, this, &SolverComparisonModel::refresh);
    connect(document, &Document::fileChanged, this, &SolverComparisonModel::refresh);
    connect(document, &Document::modifiedChanged, this, &SolverComparisonModel::refresh);
}

void SolverComparisonModel::setEnabled(bool enabled)
{
    if (enabled == m_enabled)
        return;
    m_enabled = enabled;
    QSettings().setValue(kEnabledKey, enabled);
    emit enabledChanged();
    refresh();
}

void SolverComparisonModel::refresh()
{
    const int chain = m_document->selectedChain();
    // Play mode shows the simulation: no ghosts, and no solves on every frame of it. A clip
    // open on the timeline is compared at the frame shown, as the setup pose is.
    if (!m_enabled || chain < 0 || chain >= m_document->chainCount() || m_document->isSimulating()) {
        if (m_chain < 0 && m_rows.empty())
            return;
        beginResetModel();
        m_comparison.clear();
        m_rows.clear();
        m_chain = -1;
        endResetModel();
        emit changed();
        return;
    }
    const Rig* start = m_document->skeletonMatchesSaved() ? &m_document->savedRig() : nullptr;
    m_comparison.compare(m_document->rig(), chain, start);
    const auto outcomes = m_comparison.outcomes();
    bool sameRows = chain == m_chain && outcomes.size() == m_rows.size();
    for (std::size_t i = 0; sameRows && i < outcomes.size(); ++i)
        sameRows = outcomes[i].kind == m_rows[i].kind;
    if (!sameRows)
        beginResetModel();
    m_chain = chain;
    m_rows.resize(outcomes.size());
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const solvers::SolverOutcome& o = outcomes[i];
        Row& row = m_rows[i];
        row.kind = o.kind;
        row.errorText = errorText(o.error);
        row.timeText = timeText(o.micros);
        row.label = QStringLiteral("%1 \u00b7 %2 \u00b7 %3 it \u00b7 %4 %5")
                        .arg(QString::fromLatin1(solverName(o.kind)), row.errorText)
                        .arg(o.iterations)
                        .arg(row.timeText, o.reached ? QStringLiteral("\u2713") : QStringLiteral("\u2717"));
    }
    if (!sameRows)
        endResetModel();
    else if (!m_rows.empty())
        emit dataChanged(index(0), index(count() - 1));
    emit changed();
}

bool SolverComparisonModel::choose(int row)
{
    if (row < 0 || row >= count() || m_chain < 0)
        return false;
    const auto kind = m_rows[static_cast<std::size_t>(row)].kind;
    if (kind == m_document->rig().chains()[static_cast<std::size_t>(m_chain)].solver)
        return true; // already the chain's: no undo step
    return m_document->setChainSolver(m_chain, QString::fromLatin1(solverName(kind)));
}

int SolverComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : count();
}

QVariant SolverComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= count())
        return {};
    const auto i = static_cast<std::size_t>(index.row());
    const Row& row = m_rows[i];
    const solvers::SolverOutcome& o = m_comparison.outcomes()[i];
    switch (role) {
    case Qt::DisplayRole:
    case SolverRole: return QString::fromLatin1(solverName(row.kind));
    case CurrentRole: return o.current;
    case ErrorRole: return o.error;
    case IterationsRole: return o.iterations;
    case ReachedRole: return o.reached;
    case MicrosRole: return o.micros;
    case ErrorTextRole: return row.errorText;
    case TimeTextRole: return row.timeText;
    case LabelRole: return row.label;
    case ColourRole: return solverColour(row.kind);
    default: return {};
    }
}

QHash<int, QByteArray> SolverComparisonModel::roleNames() const
{
    return {{SolverRole, "solver"},       {CurrentRole, "current"},         {ErrorRole, "error"},
            {IterationsRole, "iterations"}, {ReachedRole, "reached"},       {MicrosRole, "micros"},
            {ErrorTextRole, "errorText"}, {TimeTextRole, "timeText"},       {LabelRole, "label"},
            {ColourRole, "colour"}};
}

} // namespace bonework::editor
