#include "help_links.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace bonework::editor {

QUrl HelpLinks::editorGuide()
{
    const QString candidates[] = {
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/doc/bonework/editor.md"),
        QStringLiteral(BONEWORK_DOCS_DIR "/editor.md"),
    };
    for (const QString& path : candidates) {
        if (QFileInfo::exists(path))
            return QUrl::fromLocalFile(QFileInfo(path).canonicalFilePath());
    }
    return {};
}

} // namespace bonework::editor
