#include "unsaved_changes_guard.h"

#include "document.h"

namespace bonework::editor {

UnsavedChangesGuard::UnsavedChangesGuard(QObject* parent) : QObject(parent) {}

void UnsavedChangesGuard::setDocument(Document* document)
{
    if (m_document == document)
        return;
    m_document = document;
    m_pending.reset();
    emit documentChanged();
}

void UnsavedChangesGuard::request(Action action, const QVariant& argument)
{
    if (!m_document)
        return;
    m_document->stopPlaying(); // a recording under way is a change to ask about
    if (!m_document->isModified()) {
        run(action, argument);
        return;
    }
    m_pending = Pending{action, argument};
    emit askToSave();
}

void UnsavedChangesGuard::answer(Answer answer)
{
    if (!m_pending || !m_document)
        return;
    const Pending pending = *m_pending;
    switch (answer) {
    case Save:
        if (m_document->filePath().isEmpty()) {
            emit chooseFileToSave(); // the action waits for savedAs()
            return;
        }
        if (!m_document->files()->save())
            break; // saveFailed told the user; nothing runs, nothing is lost
        m_pending.reset();
        run(pending.action, pending.argument);
        return;
    case Discard:
        m_pending.reset();
        run(pending.action, pending.argument);
        return;
    case Cancel:
        break;
    }
    m_pending.reset();
}

void UnsavedChangesGuard::savedAs(bool saved)
{
    if (!m_pending)
        return;
    const Pending pending = *m_pending;
    m_pending.reset();
    if (saved)
        run(pending.action, pending.argument);
}

void UnsavedChangesGuard::run(Action action, const QVariant& argument)
{
    switch (action) {
    case NewRig: m_document->files()->newRig(); break;
    case Open: emit chooseFileToOpen(); break;
    case OpenRecent: m_document->files()->open(argument.toString()); break;
    case OpenExample: m_document->files()->openExample(argument.toInt()); break;
    case Close: emit closeApproved(); break;
    }
}

} // namespace bonework::editor
