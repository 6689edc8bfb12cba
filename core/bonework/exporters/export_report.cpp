#include "bonework/exporters/export_report.h"

#include <QLocale>

namespace bonework::exporters {

void ExportReport::add(const QString& kind, const QString& subject, const QString& line)
{
    losses << line;
    m_entries.push_back({kind, subject});
}

void ExportReport::clear()
{
    losses.clear();
    files.clear();
    decisions.clear();
    m_entries.clear();
}

QString ExportReport::toText() const
{
    QString written;
    for (const QString& file : files)
        written += QStringLiteral("wrote %1\n").arg(file);
    QString decided;
    if (!decisions.isEmpty())
        decided = QStringLiteral("decisions:\n  - ") + decisions.join(QStringLiteral("\n  - ")) + QLatin1Char('\n');
    return lossesText() + decided + written;
}

QString ExportReport::lossesText() const
{
    if (losses.isEmpty())
        return QStringLiteral("%1 export: nothing lost\n").arg(format);
    const QLocale english(QLocale::English); // "100,000"
    QString text = (losses.size() == 1 ? QStringLiteral("%1 export: %2 thing the format cannot carry:\n")
                                         : QStringLiteral("%1 export: %2 things the format cannot carry:\n"))
                        .arg(format, english.toString(losses.size()));
    // Kinds in the order they first appear; a kind listed line by line while it is short.
    QStringList kinds;
    for (const Entry& e : m_entries)
        if (!kinds.contains(e.kind))
            kinds << e.kind;
    for (const QString& kind : kinds) {
        std::vector<qsizetype> of;
        for (qsizetype i = 0; i < losses.size(); ++i)
            if (static_cast<std::size_t>(i) < m_entries.size() && m_entries[static_cast<std::size_t>(i)].kind == kind)
                of.push_back(i);
        if (of.size() <= static_cast<std::size_t>(kListedPerKind)) {
            for (qsizetype i : of)
                text += QStringLiteral("  - ") + losses[i] + QLatin1Char('\n');
            continue;
        }
        QStringList shown;
        for (std::size_t k = 0; k < static_cast<std::size_t>(kListedPerKind); ++k)
            shown << m_entries[static_cast<std::size_t>(of[k])].subject;
        text += QStringLiteral("  - %1 (%2): %3, ... (%4 more)\n")
                    .arg(kind, english.toString(static_cast<qlonglong>(of.size())), shown.join(QStringLiteral(", ")),
                         english.toString(static_cast<qlonglong>(of.size() - kListedPerKind)));
    }
    return text;
}

} // namespace bonework::exporters
