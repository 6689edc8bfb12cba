#include "bonework/exporters/export_report.h"

namespace bonework::exporters {

QString ExportReport::toText() const
{
    if (losses.isEmpty())
        return QStringLiteral("%1 export: nothing lost\n").arg(format);
    QString text = QStringLiteral("%1 export: %2 thing(s) the format cannot carry:\n").arg(format).arg(losses.size());
    for (const QString& loss : losses)
        text += QStringLiteral("  - ") + loss + QLatin1Char('\n');
    return text;
}

} // namespace bonework::exporters
