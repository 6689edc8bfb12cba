#pragma once
// Autosave to a recovery file: while the document has unsaved changes, its rig is written every
// few seconds (atomically), next to the path of the file it came from and to where its images
// are read from (imports not yet copied beside the rig, an untitled example's art folder). A
// clean exit removes them; after a crash the next start finds them and offers to recover.
//
// Each running editor writes into a session folder of its own (session-PID-TIME/ in the
// recovery folder), locked while it runs (QLockFile), so two editors never remove or overwrite
// each other's recovery, and a start offers only what a session that is no longer running left
// (a lock whose process has died is stale). The newest such recovery is offered; while it waits
// for an answer (Esc decides nothing) this session's own work is autosaved all the same.

#include <QLockFile>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <memory>

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

    // Whether a session that did not close cleanly left work to recover.
    bool hasRecovery() const { return !m_offered.isEmpty(); }
    QString recoveryDescription() const;
    // This session's recovery file (written while the document has unsaved changes).
    QString recoveryFile() const;

    // Loads the recovered rig into the document as an unsaved change; it is autosaved in this
    // session at once, then the old session's files go.
    Q_INVOKABLE bool recover();
    Q_INVOKABLE void discardRecovery();
    // Writes (or removes) this session's recovery file now.
    Q_INVOKABLE void saveNow();

    // For tests: stops, and lets go of the session as a crash would, its files left behind.
    void leaveAsCrashed();

signals:
    void recoveryChanged();

private:
    // The newest folder a session that is not running left a recovery in (or the recovery
    // folder itself, where versions before session folders wrote), locked by this session.
    void findOffered();
    void removeSessionFiles(const QString& folder);

    QPointer<Document> m_document;
    QString m_directory;      // the recovery folder
    QString m_session;        // this session's folder in it
    std::unique_ptr<QLockFile> m_lock;
    QString m_offered;        // the folder holding the recovery on offer (empty: none)
    std::unique_ptr<QLockFile> m_offeredLock;
    QTimer m_timer;
};

} // namespace bonework::editor
