// A menu item that shows its action's keys on the right, as desktop menus do. An action may carry
// `extraKeys` (keys bound besides the platform's standard one); the first is shown when the
// platform has no standard binding.
import QtQuick
import QtQuick.Controls
import Bonework.Editor

MenuItem {
    id: item
    // (Play has no shortcut of its own, only its extra Space: the canvas plays on it.)
    readonly property string keys: action && (action.shortcut !== undefined || action.extraKeys !== undefined)
                                   ? KeyBindings.text(action.shortcut, action.extraKeys || []) : ""

    rightPadding: (keys !== "" ? keysLabel.implicitWidth + 32 : 0) + 12
    implicitWidth: Math.max(implicitBackgroundWidth + leftInset + rightInset,
                            implicitContentWidth + leftPadding + rightPadding)

    Label {
        id: keysLabel
        objectName: "shortcutLabel"
        text: item.keys
        visible: text !== ""
        anchors.right: parent.right
        anchors.rightMargin: 12
        anchors.verticalCenter: parent.verticalCenter
        color: item.highlighted ? item.palette.highlightedText
                                : (item.enabled ? item.palette.windowText : item.palette.disabled.windowText)
    }
}
