// A menu as wide as its widest item, kept so as items change: Qt Quick's Menu stays at its
// background's width and elides the rest ("Undo Set the cu…" for Undo's command name).
import QtQuick
import QtQuick.Controls

Menu {
    id: menu
    width: {
        let widest = 0
        for (let i = 0; i < count; ++i) {
            const item = itemAt(i)
            if (item)
                widest = Math.max(widest, item.implicitWidth)
        }
        return Math.max(implicitBackgroundWidth + leftInset + rightInset, widest + leftPadding + rightPadding)
    }
}
