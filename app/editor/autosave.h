#pragma once
// Autosave to a recovery file: while the document has unsaved changes, its rig is written every
// few seconds (atomically) next to the path of the file it came from and to where its images are
// read from (imports not yet copied beside the rig, an untitled example's art folder). A clean
// exit removes them; after a crash the next start finds them and offers to recover.

#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class Document;

class Autosave : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Created by the application")
    Q_PROPERTY(bool hasRecovery READ hasRecovery NOTIFY recoveryChanged)
    Q_PROPERTY(QString recoveryDescription READ recoveryDescription NOTIFY recoveryChanged)

public:
    // `directory` empty: the platform's application data folder (BONEWORK_RECOVERY_DIR overrides).
    Autosave(Document* document, QString directory = {}, int intervalMs = 10000, QObject* parent = nullptr);
    ~Autosave() override;

    bool hasRecovery() const { return m_hasRecovery; }
    QString recoveryDescription() const;
    QString recoveryFile() const;

    // Loads the recovered rig into the document as an unsaved change.
    Q_INVOKABLE bool recover();
    Q_INVOKABLE void discardRecovery();
    // Writes (or removes) the recovery file now.
    Q_INVOKABLE void saveNow();

signals:
    void recoveryChanged();

private:
    QString pathFile() const;
    QString imagesFile() const; // where the images are read from (image_sources.h)
    void removeFiles();

    QPointer<Document> m_document;
    QString m_directory;
    QTimer m_timer;
    bool m_hasRecovery = false;
};

} // namespace bonework::editor
