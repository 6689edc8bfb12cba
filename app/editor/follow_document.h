#pragma once
// For models that mirror the open rig (the joint tree, the chains list): point them at a
// document and have `onRigChanged` run on each of its rigChanged signals.

#include "document.h"

#include <QPointer>

namespace bonework::editor {

// Switches `current` to `next`, moving the rigChanged connection of `receiver` along; false
// (nothing done) when `next` is the document already.
template <typename Receiver>
bool followDocument(Receiver* receiver, QPointer<Document>& current, Document* next, void (Receiver::*onRigChanged)())
{
    if (current == next)
        return false;
    if (current)
        QObject::disconnect(current, nullptr, receiver, nullptr);
    current = next;
    if (current)
        QObject::connect(current, &Document::rigChanged, receiver, onRigChanged);
    return true;
}

} // namespace bonework::editor
