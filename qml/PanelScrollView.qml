// A panel's scrolling area. Its bar shows whenever content lies out of view, not only while
// scrolling (rows cut off at the panel's edge look like all there is), and sits beside the
// content: lay the content out `contentRoom` wide. A field inside keeps Up and Down to itself,
// and tabbing to a field out of view scrolls to it.
import QtQuick
import QtQuick.Controls

ScrollView {
    id: view
    readonly property real contentRoom: availableWidth - (ScrollBar.vertical.policy === ScrollBar.AlwaysOn ? ScrollBar.vertical.width + 2 : 0)

    contentWidth: availableWidth
    clip: true
    ScrollBar.vertical.policy: contentHeight > availableHeight ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded

    // Up and Down that a one-line field does not take came here and scrolled the panel, which
    // hid the field being typed in.
    Keys.onPressed: (event) => {
        const item = Window.activeFocusItem
        if ((event.key === Qt.Key_Up || event.key === Qt.Key_Down) && item && item !== view
                && item.cursorPosition !== undefined)
            event.accepted = true
    }

    function holds(item) {
        for (let p = item; p; p = p.parent)
            if (p === view.contentItem)
                return true
        return false
    }

    Connections {
        target: view.Window.window
        function onActiveFocusItemChanged() {
            const item = view.Window.activeFocusItem
            const flick = view.contentItem
            if (!item || !(flick instanceof Flickable) || item === flick || !view.holds(item))
                return
            const margin = 4
            const top = item.mapToItem(flick.contentItem, 0, 0).y
            if (top < flick.contentY)
                flick.contentY = Math.max(0, top - margin)
            else if (top + item.height > flick.contentY + flick.height)
                flick.contentY = Math.min(flick.contentHeight - flick.height, top + item.height - flick.height + margin)
        }
    }
}
