#pragma once
// Where Help > Editor Guide points: the guide installed beside the editor
// (PREFIX/share/doc/bonework), else the one in the source tree it was built from.

#include <QObject>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class HelpLinks : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    using QObject::QObject;

    // docs/editor.md as a file URL; an empty URL when neither copy exists.
    Q_INVOKABLE static QUrl editorGuide();
};

} // namespace bonework::editor
