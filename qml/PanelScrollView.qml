// A panel's scrolling area. Its bar shows whenever content lies out of view, not only while
// scrolling (rows cut off at the panel's edge look like all there is), and sits beside the
// content: lay the content out `contentRoom` wide.
import QtQuick
import QtQuick.Controls

ScrollView {
    readonly property real contentRoom: availableWidth - (ScrollBar.vertical.policy === ScrollBar.AlwaysOn ? ScrollBar.vertical.width + 2 : 0)

    contentWidth: availableWidth
    clip: true
    ScrollBar.vertical.policy: contentHeight > availableHeight ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded
}
