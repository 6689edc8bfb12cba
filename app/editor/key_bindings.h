#pragma once
// Shortcut texts and bindings for QML: menus show each action's keys as the platform writes them,
// and commands whose platform standard lacks a key users expect (Ctrl+Y for Redo, Ctrl+Shift+S
// for Save As under plain X11) get it as an extra binding, never twice.

#include <QObject>
#include <QStringList>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace bonework::editor {

class KeyBindings : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    using QObject::QObject;

    // The keys of `shortcut` (a StandardKey or a key string such as "Ctrl+K") as the platform
    // shows them in menus; for a StandardKey without a binding here, the first of `extra`.
    Q_INVOKABLE static QString text(const QVariant& shortcut, const QStringList& extra = {});
    // The keys of a command for the shortcuts list: the platform's first binding of
    // `shortcut`, then each of `extra` besides it ("Ctrl+Shift+Z, Ctrl+Y").
    Q_INVOKABLE static QString allText(const QVariant& shortcut, const QStringList& extra = {});
    // Of `common`, the key sequences that the platform's binding of `standardKey` lacks.
    Q_INVOKABLE static QStringList missingFrom(int standardKey, const QStringList& common);
};

} // namespace bonework::editor
