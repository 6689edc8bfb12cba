#include "chain_list_model.h"

#include "document.h"
#include "follow_document.h"

namespace bonework::editor {

ChainListModel::ChainListModel(QObject* parent) : QAbstractListModel(parent) {}

void ChainListModel::setDocument(Document* document)
{
    if (!followDocument(this, m_document, document, &ChainListModel::rigChanged))
        return;
    rigChanged();
    emit documentChanged();
}

void ChainListModel::rigChanged()
{
    static const std::vector<Chain> none;
    const Rig* rig = m_document ? &m_document->rig() : nullptr;
    const std::vector<Chain>& chains = rig ? rig->chains() : none;
    // Names of the end joints too: a rename of a chain's joint changes what a row shows.
    std::vector<std::string> roots, tips;
    for (const Chain& c : chains) {
        roots.push_back(rig->jointName(c.root));
        tips.push_back(rig->jointName(c.tip));
    }
    // The target point moves with every drag of it; rows do not show it.
    auto sameShown = [](const Chain& a, const Chain& b) {
        return a.name == b.name && a.root == b.root && a.tip == b.tip && a.solver == b.solver
               && a.iterations == b.iterations && a.tolerance == b.tolerance && a.bend == b.bend && a.mix == b.mix;
    };
    if (chains.size() != m_chains.size()) {
        beginResetModel();
        m_chains = chains;
        m_rootNames = std::move(roots);
        m_tipNames = std::move(tips);
        endResetModel();
        return;
    }
    for (std::size_t i = 0; i < chains.size(); ++i) {
        if (sameShown(chains[i], m_chains[i]) && roots[i] == m_rootNames[i] && tips[i] == m_tipNames[i])
            continue;
        m_chains[i] = chains[i];
        m_rootNames[i] = roots[i];
        m_tipNames[i] = tips[i];
        const QModelIndex row = index(static_cast<int>(i));
        emit dataChanged(row, row);
    }
}

int ChainListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_chains.size());
}

QVariant ChainListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto i = static_cast<std::size_t>(index.row());
    const Chain& c = m_chains[i];
    switch (role) {
    case Qt::DisplayRole:
    case NameRole: return QString::fromStdString(c.name);
    case RootNameRole: return QString::fromStdString(m_rootNames[i]);
    case TipNameRole: return QString::fromStdString(m_tipNames[i]);
    case SolverRole: return QString::fromLatin1(solverName(c.solver));
    case IterationsRole: return c.iterations;
    case ToleranceRole: return c.tolerance;
    case BendRole: return QString::fromLatin1(bendName(c.bend));
    case MixRole: return c.mix;
    default: return {};
    }
}

QHash<int, QByteArray> ChainListModel::roleNames() const
{
    return {{NameRole, "name"},          {RootNameRole, "rootName"},     {TipNameRole, "tipName"},
            {SolverRole, "solver"},      {IterationsRole, "iterations"}, {ToleranceRole, "tolerance"},
            {BendRole, "bend"},          {MixRole, "mix"}};
}

} // namespace bonework::editor
