#pragma once
// Watches the document's file for versions written by other programs while it is open, so the
// editor can offer to reload at once instead of finding out at the next save (FileWatch: the
// file and its folder, after the writer has been quiet for a moment). Each version is told
// once, by a digest of its bytes; versions the editor knows are not told.

#include "file_watch.h"

#include <QByteArray>
#include <QObject>
#include <QString>

namespace bonework::editor {

class DiskWatch : public QObject {
    Q_OBJECT
public:
    explicit DiskWatch(QObject* parent = nullptr);

    // A SHA-256 of the file's bytes; empty when it cannot be read.
    static QByteArray digestOf(const QString& path) { return FileWatch::digestOf(path); }

    // Watch `path` (nothing when empty), whose version on disk is `known`.
    void follow(const QString& path, const QByteArray& known);
    // A version the user has seen and answered: it is not told again.
    void dismiss(const QByteArray& digest) { m_told = digest; }
    // Compare the file on disk now (the watch calls it after a quiet moment).
    void check();

signals:
    // The file holds a version this editor neither read, wrote nor was told of.
    void changed(const QString& path);
    // The file is gone (deleted, or moved away); told once until it is back.
    void removed(const QString& path);

private:
    FileWatch m_watch;
    QString m_path;
    QByteArray m_known; // as read or written here
    QByteArray m_told;  // the last version told (or dismissed)
    bool m_toldGone = false;
};

} // namespace bonework::editor
