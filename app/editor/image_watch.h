#pragma once
// Watches the image files the open rig shows (its slots' and those its clips key), so that a
// picture another program writes while the rig is open (an image editor saving over it, in place
// or by a rename; a file appearing or going) is read again and the canvas shows it, as Spine and
// DragonBones do, instead of the picture read at open while Export and render read the new one.
// A touched file is told only when its bytes are not those read here (a rig saved beside it, or
// the editor's own art copies, leave it alone).

#include "file_watch.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

namespace bonework::editor {

class ImageWatch : public QObject {
    Q_OBJECT
public:
    explicit ImageWatch(QObject* parent = nullptr);

    // Watches exactly these files (the document calls it after it read them). A file known
    // already keeps its version, and is told at once if it changed while it was not watched (an
    // image removed, changed, then brought back by undo); a new one is known as it is now.
    void follow(const QStringList& files);
    // Every image is read anew (another rig opened): forgets the versions known.
    void reset();

signals:
    // Files whose bytes changed (or that appeared, or went) since they were read.
    void changed(const QStringList& files);

private:
    void check(const QStringList& touched);

    FileWatch m_watch;
    // Absolute file -> digest as read (empty: missing or unreadable); kept when a file is no
    // longer watched, for when it is again.
    QHash<QString, QByteArray> m_known;
};

} // namespace bonework::editor
