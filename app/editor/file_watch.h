#pragma once
// Watches files for what other programs do to them (write into them, replace them, create or
// delete them) and tells which were touched once the writers have been quiet for a moment:
// editors write in steps. Each file's folder is watched too, since a program that saves
// atomically replaces the file, which ends a watch on the file alone; a folder that does not
// exist yet is watched through the nearest one that does, so a file appearing there is seen.
// A touched file may be unchanged: the owners (DiskWatch, ImageWatch) tell by its bytes.

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>

namespace bonework::editor {

class FileWatch : public QObject {
    Q_OBJECT
public:
    explicit FileWatch(QObject* parent = nullptr);

    // A SHA-256 of the file's bytes; empty when it cannot be read.
    static QByteArray digestOf(const QString& path);

    // Watches exactly these files (made absolute; resource paths, ":/...", never change and are
    // not watched). Files still watched that were touched are still told.
    void watch(const QStringList& files);
    const QStringList& files() const { return m_files; }

signals:
    // After a quiet moment: the watched files written, replaced, created or deleted since.
    void touched(const QStringList& files);

private:
    void settle();
    // Watches every file that exists and every file's nearest existing folder; `renewed` files are
    // watched afresh (a replaced file is another file under the same name).
    void rewatch(const QSet<QString>& renewed = {});

    QFileSystemWatcher m_watcher;
    QTimer m_quiet;
    QStringList m_files;
    QHash<QString, QStringList> m_byFolder; // watched folder -> the files it holds (or will)
    QSet<QString> m_touched;
};

} // namespace bonework::editor
