#pragma once
// "Save the changes first?": New, Open, Open Recent, an example and closing the window go through
// here. With no unsaved changes the action runs at once; otherwise the guard asks (the window
// shows its question), then saves (asking for a file name when the rig has none), discards or
// cancels as answered, and runs the action only when nothing would be lost.

#include <QObject>
#include <QPointer>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

#include <optional>

namespace bonework::editor {

class Document;

class UnsavedChangesGuard : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(bonework::editor::Document* document READ document WRITE setDocument NOTIFY documentChanged)

public:
    enum Action { NewRig, Open, OpenRecent, OpenExample, Close };
    Q_ENUM(Action)
    enum Answer { Save, Discard, Cancel };
    Q_ENUM(Answer)

    explicit UnsavedChangesGuard(QObject* parent = nullptr);

    Document* document() const { return m_document; }
    void setDocument(Document* document);

    // Runs `action` (OpenRecent: `argument` is the path; OpenExample: the example's index) now,
    // or first asks what to do with the unsaved changes (askToSave).
    Q_INVOKABLE void request(Action action, const QVariant& argument = {});
    // The user's answer to askToSave.
    Q_INVOKABLE void answer(Answer answer);
    // The file dialog asked for by chooseFileToSave closed: the rig was saved there, or not.
    Q_INVOKABLE void savedAs(bool saved);
    bool isPending() const { return m_pending.has_value(); }

signals:
    void documentChanged();
    void askToSave();        // show "Save the changes to X?"
    void chooseFileToSave(); // the rig has no file yet: show Save As
    void chooseFileToOpen(); // the action is Open: show the Open dialog
    void closeApproved();    // nothing would be lost: close the window

private:
    void run(Action action, const QVariant& argument);
    struct Pending {
        Action action;
        QVariant argument;
    };
    QPointer<Document> m_document;
    std::optional<Pending> m_pending;
};

} // namespace bonework::editor
