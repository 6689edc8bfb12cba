#pragma once
// For objects that mirror the open rig (the joint tree, the chains list, the selection views,
// the canvas): point them at a document and move their connections along.

#include "document.h"

#include <QPointer>

namespace bonework::editor {

// Points `current` at `next`, dropping every connection from the old document to `receiver`
// (the caller makes its own to the new one); false, with nothing done, when `next` is the
// document already.
inline bool switchDocument(QObject* receiver, QPointer<Document>& current, Document* next)
{
    if (current == next)
        return false;
    if (current)
        QObject::disconnect(current, nullptr, receiver, nullptr);
    current = next;
    return true;
}

// switchDocument, then `onRigChanged` runs on each of the new document's rigChanged signals.
template <typename Receiver>
bool followDocument(Receiver* receiver, QPointer<Document>& current, Document* next, void (Receiver::*onRigChanged)())
{
    if (!switchDocument(receiver, current, next))
        return false;
    if (current)
        QObject::connect(current, &Document::rigChanged, receiver, onRigChanged);
    return true;
}

} // namespace bonework::editor
