#pragma once
// Where an unsaved rig's images are read from, beyond its file's folder: the folder its relative
// paths start from (a bundled example's resource folder while it is untitled) and the images
// imported from elsewhere that a save has not copied beside the rig yet ("art/NAME" -> the
// file). The rig file cannot say either, so autosave keeps this beside the recovered rig, and
// recovery gives it back: recovered work shows its art, and a save still copies it.

#include <QByteArray>
#include <QHash>
#include <QString>

namespace bonework::editor {

struct ImageSources {
    QString folder;                  // the rig's relative image paths start here (none: empty)
    QHash<QString, QString> pending; // the rig's image path -> the file it is copied from on save

    bool isEmpty() const { return folder.isEmpty() && pending.isEmpty(); }

    // {"folder": "...", "pending": {"art/NAME": "/the/file.png", ...}}
    QByteArray toJson() const;
    // Unreadable or foreign JSON gives no sources (the images then show as missing, as before).
    static ImageSources fromJson(const QByteArray& json);
};

} // namespace bonework::editor
