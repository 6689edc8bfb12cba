// Help > Keyboard Shortcuts: every command with its keys, from the same actions the menus use.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

MessageBox {
    id: dialog
    required property var actions   // a list of Action, each maybe with extraKeys

    title: qsTr("Keyboard Shortcuts")
    text: qsTr("Shortcuts of the canvas: Space plays or pauses (the open animation, else the motion preview), middle-drag or Space-drag pans, the wheel zooms, Shift snaps a new bone to 15\u00b0, Shift-drag moves a selected image's pivot marker. The arrow keys, Home and End walk the Skeleton's rows (the Draw Order's while an image is selected): Left goes to the parent, Right to the first child.")
    contentItem: FocusScope {
        implicitWidth: column.implicitWidth
        implicitHeight: Math.min(column.implicitHeight, 520)
        Keys.onReturnPressed: dialog.pressDefault()
        Keys.onEnterPressed: dialog.pressDefault()
        ColumnLayout {
            id: column
            anchors.fill: parent
            Label { text: dialog.text; wrapMode: Text.Wrap; Layout.fillWidth: true; Layout.maximumWidth: 640 }
            // Two columns, in menu order down the first and on down the second.
            RowLayout {
                spacing: 36
                Repeater {
                    model: 2
                    delegate: ColumnLayout {
                        id: half
                        required property int index
                        readonly property int perColumn: Math.ceil(dialog.actions.length / 2)
                        Layout.alignment: Qt.AlignTop
                        Repeater {
                            model: dialog.actions.slice(half.index * half.perColumn, (half.index + 1) * half.perColumn)
                            delegate: RowLayout {
                                required property var modelData
                                spacing: 16
                                Label {
                                    text: (modelData.label || modelData.text).replace(/&(.)/g, "$1")
                                    Layout.preferredWidth: 170
                                }
                                Label { text: KeyBindings.allText(modelData.shortcut, modelData.extraKeys || []) }
                            }
                        }
                    }
                }
            }
        }
    }
}
