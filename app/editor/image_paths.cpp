#include "image_paths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace bonework::editor {

bool isInsideFolder(const QString& file, const QString& folder)
{
    if (folder.isEmpty() || folder.startsWith(QLatin1Char(':')))
        return false;
    const QString relative = QDir(folder).relativeFilePath(file);
    return !relative.startsWith(QLatin1String("..")) && !QDir::isAbsolutePath(relative);
}

QString uniqueImagePath(const QString& wanted, const std::function<bool(const QString&)>& taken)
{
    const QFileInfo info(wanted);
    const QString folder = wanted.contains(QLatin1Char('/')) ? wanted.left(wanted.lastIndexOf(QLatin1Char('/')) + 1) : QString();
    const QString suffix = info.suffix().isEmpty() ? QString() : QLatin1Char('.') + info.suffix();
    QString path = wanted;
    for (int n = 2; taken(path); ++n)
        path = folder + info.completeBaseName() + QLatin1Char('-') + QString::number(n) + suffix; // no arg(): a name may hold "%1"
    return path;
}

bool sameFileBytes(const QString& a, const QString& b)
{
    QFile first(a), second(b);
    if (first.size() != second.size() || !first.open(QIODevice::ReadOnly) || !second.open(QIODevice::ReadOnly))
        return false;
    return first.readAll() == second.readAll();
}

} // namespace bonework::editor
