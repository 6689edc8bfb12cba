// The selected image's (slot's) fields: name, bone, image file, place, rotation, scale, flips, pivot,
// opacity and whether it is shown. Each change is one undoable edit; a refused value (a scale of
// 0, an absolute path, a taken name) is reported in the status bar and the field shows what holds.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

ColumnLayout {
    id: section
    required property Document document
    readonly property SelectedSlot info: SelectedSlot { document: section.document }
    signal chooseImageRequested()
    spacing: 4

    RowLayout {
        Label { text: qsTr("Image"); Layout.preferredWidth: 72 }
        TextField {
            id: slotNameField
            objectName: "slotNameField"
            Layout.fillWidth: true
            text: section.info.name
            selectByMouse: true
            // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
            onAccepted: FieldFocus.endEdit(slotNameField, Window.window)
            onEditingFinished: {
                if (text !== section.info.name)
                    section.document.renameSlot(section.info.index, text)
                text = Qt.binding(() => section.info.name)
            }
        }
    }
    RowLayout {
        Label { text: qsTr("Bone"); Layout.preferredWidth: 72 }
        ComboBox {
            id: slotJointBox
            objectName: "slotJointBox"
            Layout.fillWidth: true
            model: section.document.jointNames
            currentIndex: section.info.joint
            onActivated: (index) => {
                section.document.setSlotJoint(section.info.index, index)
                currentIndex = Qt.binding(() => section.info.joint)
                FieldFocus.endEdit(slotJointBox, Window.window) // the keys back to the canvas
            }
        }
    }
    RowLayout {
        Label { text: qsTr("File"); Layout.preferredWidth: 72 }
        TextField {
            id: slotImageField
            objectName: "slotImageField"
            Layout.fillWidth: true
            text: section.info.image
            readonly property color textColor: section.info.missing ? Theme.warning : palette.text
            // Not being edited, a long path shows its end (the file's name) after an ellipsis,
            // not its first letters cut off at the left edge.
            color: activeFocus ? textColor : "transparent"
            Label {
                anchors.fill: parent
                leftPadding: parent.leftPadding
                rightPadding: parent.rightPadding
                verticalAlignment: Text.AlignVCenter
                visible: !parent.activeFocus
                text: parent.text
                font: parent.font
                color: parent.textColor
                elide: Text.ElideLeft
            }
            selectByMouse: true
            // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
            onAccepted: FieldFocus.endEdit(slotImageField, Window.window)
            onEditingFinished: {
                if (text !== section.info.image)
                    section.document.setSlotImage(section.info.index, text)
                text = Qt.binding(() => section.info.image)
            }
            ToolTip.visible: hovered
            ToolTip.text: section.info.missing ? qsTr("%1: %2").arg(section.info.image).arg(section.info.problem) : section.info.image
        }
        Button { text: qsTr("Choose…"); onClicked: section.chooseImageRequested() }
    }
    NumberField {
        label: qsTr("X"); value: section.info.x
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "x", v)
    }
    NumberField {
        label: qsTr("Y"); value: section.info.y
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "y", v)
    }
    NumberField {
        label: qsTr("Rotation \u00b0"); value: section.info.rotation
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "rotation", v)
    }
    NumberField {
        label: qsTr("Scale X"); value: section.info.scaleX; decimals: 3
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "scaleX", v)
    }
    NumberField {
        label: qsTr("Scale Y"); value: section.info.scaleY; decimals: 3
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "scaleY", v)
    }
    // Mirroring about the pivot, as the image shows on the canvas (Document::flipSlot).
    RowLayout {
        Label { text: qsTr("Flip"); Layout.preferredWidth: 72 }
        Button {
            objectName: "flipHorizontally"
            text: qsTr("Horizontal")
            Layout.fillWidth: true
            onClicked: section.document.flipSlot(section.info.index, true)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Mirror the image left to right as it shows, about its pivot (the scale of the axis that runs across changes sign)")
        }
        Button {
            objectName: "flipVertically"
            text: qsTr("Vertical")
            Layout.fillWidth: true
            onClicked: section.document.flipSlot(section.info.index, false)
            ToolTip.visible: hovered
            ToolTip.text: qsTr("Mirror the image top to bottom as it shows, about its pivot (the scale of the axis that runs down changes sign)")
        }
    }
    NumberField {
        label: qsTr("Pivot X"); value: section.info.pivotX; decimals: 3
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "pivotX", v)
    }
    NumberField {
        label: qsTr("Pivot Y"); value: section.info.pivotY; decimals: 3
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "pivotY", v)
    }
    NumberField {
        label: qsTr("Opacity"); value: section.info.opacity; decimals: 2
        onCommitted: (v) => section.document.setSlotValue(section.info.index, "opacity", v)
    }
    CheckBox {
        text: qsTr("Shown")
        checked: section.info.shown
        onToggled: {
            section.document.setSlotVisible(section.info.index, checked)
            checked = Qt.binding(() => section.info.shown)
        }
    }
}
