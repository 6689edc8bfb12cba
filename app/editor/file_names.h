#pragma once
// The file logic behind the editor's own file dialog (FileChooser.qml): what a typed name means,
// where a dialog starts, what exists. Qt 6.4's Qt Quick FileDialog ignores a name typed into its
// "File name" field, so a new rig could not be saved from it; the editor has its own dialog, and
// its rules live here, testable without a window.

#include <QObject>
#include <QString>
#include <QUrl>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class FileNames : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    using QObject::QObject;

    // The file a name typed in `folder` stands for: absolute paths and ~/ are taken as they are,
    // anything else is relative to `folder`. In a save dialog a name without an extension gets
    // `defaultSuffix` ("rig.json"). Empty when nothing was typed.
    Q_INVOKABLE static QUrl resolve(const QUrl& folder, const QString& typed, const QString& defaultSuffix = {});
    Q_INVOKABLE static bool exists(const QUrl& file);
    Q_INVOKABLE static bool isFolder(const QUrl& file);
    // Whether a new file can be written there (the folder exists and is writable).
    Q_INVOKABLE static bool canCreateIn(const QUrl& file);
    Q_INVOKABLE static QUrl parentFolder(const QUrl& folder);
    // The folder `file` would be in, whether it exists or not.
    Q_INVOKABLE static QUrl folderOf(const QUrl& file);
    // Makes `folder` and the folders above it that are missing; false when it cannot.
    Q_INVOKABLE static bool makeFolder(const QUrl& folder);
    Q_INVOKABLE static QString fileName(const QUrl& file);
    Q_INVOKABLE static QString localPath(const QUrl& file);
    // Where a file dialog opens: beside `currentFile` if there is one, else the folder used last
    // (QSettings), else the home folder.
    Q_INVOKABLE static QUrl startFolder(const QString& currentFile);
    // Where choosing another file for an image opens: the folder its path `image` leads to from
    // the rig file's folder (art/, where a missing file was expected), when that folder exists;
    // else as startFolder.
    Q_INVOKABLE static QUrl imageFolder(const QString& rigFile, const QString& image);
    Q_INVOKABLE static void rememberFolder(const QUrl& file);
};

} // namespace bonework::editor
