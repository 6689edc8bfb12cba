#include "key_bindings.h"

#include <QKeySequence>

namespace bonework::editor {
namespace {

bool isStandardKey(const QVariant& shortcut)
{
    return shortcut.typeId() == QMetaType::Int || shortcut.typeId() == QMetaType::UInt
           || shortcut.typeId() == QMetaType::LongLong || shortcut.metaType().flags().testFlag(QMetaType::IsEnumeration);
}

} // namespace

QString KeyBindings::text(const QVariant& shortcut, const QStringList& extra)
{
    if (isStandardKey(shortcut)) {
        const auto bindings = QKeySequence::keyBindings(static_cast<QKeySequence::StandardKey>(shortcut.toInt()));
        if (!bindings.isEmpty())
            return bindings.constFirst().toString(QKeySequence::NativeText);
        return extra.isEmpty() ? QString() : QKeySequence(extra.constFirst()).toString(QKeySequence::NativeText);
    }
    const QString keys = shortcut.toString();
    if (keys.isEmpty())
        return extra.isEmpty() ? QString() : QKeySequence(extra.constFirst()).toString(QKeySequence::NativeText);
    return QKeySequence(keys).toString(QKeySequence::NativeText);
}

QString KeyBindings::allText(const QVariant& shortcut, const QStringList& extra)
{
    // The platform's first binding only: the others are keys of old keyboards (F14 for Undo,
    // Shift+Ins for Paste) that would crowd the list.
    QList<QKeySequence> keys;
    if (isStandardKey(shortcut)) {
        if (const auto bindings = QKeySequence::keyBindings(static_cast<QKeySequence::StandardKey>(shortcut.toInt()));
            !bindings.isEmpty())
            keys << bindings.constFirst();
    } else if (const QString text = shortcut.toString(); !text.isEmpty())
        keys << QKeySequence(text);
    for (const QString& more : extra)
        if (!keys.contains(QKeySequence(more)))
            keys << QKeySequence(more);
    QStringList texts;
    for (const QKeySequence& k : keys)
        texts << k.toString(QKeySequence::NativeText);
    return texts.join(QStringLiteral(", "));
}

QStringList KeyBindings::missingFrom(int standardKey, const QStringList& common)
{
    const auto bindings = QKeySequence::keyBindings(static_cast<QKeySequence::StandardKey>(standardKey));
    QStringList missing;
    for (const QString& keys : common) {
        if (!bindings.contains(QKeySequence(keys)))
            missing << keys;
    }
    return missing;
}

} // namespace bonework::editor
