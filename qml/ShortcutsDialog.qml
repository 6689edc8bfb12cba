// Help > Keyboard Shortcuts: every command with its keys, from the same actions the menus use.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

MessageBox {
    id: dialog
    required property var actions   // a list of Action, each maybe with extraKeys

    title: qsTr("Keyboard Shortcuts")
    text: qsTr("Shortcuts of the canvas: Space plays or pauses, middle-drag or Space-drag pans, the wheel zooms, Shift snaps a new bone to 15\u00b0.")
    contentItem: FocusScope {
        implicitWidth: column.implicitWidth
        implicitHeight: Math.min(column.implicitHeight, 520)
        Keys.onReturnPressed: dialog.pressDefault()
        Keys.onEnterPressed: dialog.pressDefault()
        ColumnLayout {
            id: column
            anchors.fill: parent
            Label { text: dialog.text; wrapMode: Text.Wrap; Layout.fillWidth: true; Layout.maximumWidth: 480 }
            Repeater {
                model: dialog.actions
                delegate: RowLayout {
                    required property var modelData
                    spacing: 24
                    Label {
                        text: (modelData.label || modelData.text).replace(/&(.)/g, "$1")
                        Layout.preferredWidth: 200
                    }
                    Label { text: KeyBindings.text(modelData.shortcut, modelData.extraKeys || []) }
                }
            }
        }
    }
}
