#include "clip_choice.h"

#include <QStringList>

namespace bonework::cli {

int findClip(const Rig& rig, const QString& file, const QString& name, QString& why)
{
    const int index = rig.findAnimation(name.toStdString());
    if (index >= 0)
        return index;
    QStringList names;
    for (const animation::Clip& clip : rig.animations())
        names << QString::fromStdString(clip.name);
    why = QStringLiteral("%1 has no animation named '%2'").arg(file, name)
          + (names.isEmpty() ? QStringLiteral(" (it has none)") : QStringLiteral(" (it has: %1)").arg(names.join(QStringLiteral(", "))));
    return -1;
}

} // namespace bonework::cli
