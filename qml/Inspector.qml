// The selected joint's properties. Every change goes to the document as one undoable edit.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: inspector
    required property Document document
    // The selected joint's fields, kept up to date by C++ as the rig and the selection change.
    readonly property SelectedJoint info: SelectedJoint { document: inspector.document }
    readonly property bool hasJoint: info.valid
    readonly property bool hasSlot: inspector.document.selectedSlot >= 0
    signal chooseImageRequested()

    padding: 8
    // The fields scroll when the column leaves the panel less room than they need (an image's
    // eleven fields).
    PanelScrollView {
        id: scroller
        anchors.fill: parent
    ColumnLayout {
        width: scroller.contentRoom
        spacing: 4
        Label { text: qsTr("Inspector"); font.bold: true }
        // Nothing selected: the rig itself, whose name the exports give their skeleton.
        RowLayout {
            visible: !inspector.hasJoint && !inspector.hasSlot
            Label { text: qsTr("Rig name"); Layout.preferredWidth: 72 }
            TextField {
                id: rigNameField
                objectName: "rigNameField"
                Layout.fillWidth: true
                text: inspector.document.rigName
                selectByMouse: true
                onAccepted: FieldFocus.endEdit(rigNameField, Window.window)
                onEditingFinished: {
                    if (text !== inspector.document.rigName)
                        inspector.document.setRigName(text)
                    text = Qt.binding(() => inspector.document.rigName)
                }
            }
        }
        Label {
            visible: !inspector.hasJoint && !inspector.hasSlot
            text: qsTr("Select a joint or an image on the canvas, in the tree or in the draw order.")
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
            color: Theme.secondaryText
        }
        ColumnLayout {
            visible: inspector.hasJoint
            Layout.fillWidth: true
            spacing: 4
            RowLayout {
                Label { text: qsTr("Name"); Layout.preferredWidth: 72 }
                TextField {
                    id: nameField
                    objectName: "jointNameField"
                    Layout.fillWidth: true
                    text: inspector.info.name
                    selectByMouse: true
                    // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
                    onAccepted: FieldFocus.endEdit(nameField, Window.window)
                    onEditingFinished: {
                        if (text !== inspector.info.name)
                            inspector.document.renameJoint(inspector.info.index, text)
                        text = Qt.binding(() => inspector.info.name)
                    }
                }
            }
            RowLayout {
                Label { text: qsTr("Parent"); Layout.preferredWidth: 72 }
                ComboBox {
                    id: parentBox
                    Layout.fillWidth: true
                    model: [qsTr("(none: a root)")].concat(inspector.document.jointNames)
                    currentIndex: inspector.hasJoint ? inspector.info.parent + 1 : 0
                    onActivated: (index) => {
                        inspector.document.reparentJoint(inspector.info.index, index - 1)
                        currentIndex = Qt.binding(() => inspector.hasJoint ? inspector.info.parent + 1 : 0)
                        FieldFocus.endEdit(parentBox, Window.window) // the keys back to the canvas
                    }
                }
            }
            NumberField {
                visible: !inspector.info.isRoot; label: qsTr("Length"); value: inspector.info.length
                onCommitted: (v) => inspector.document.setLength(inspector.info.index, v)
            }
            NumberField {
                visible: !inspector.info.isRoot; label: qsTr("Angle \u00b0"); value: inspector.info.angle
                onCommitted: (v) => inspector.document.setAngle(inspector.info.index, v)
            }
            NumberField {
                visible: !inspector.info.isRoot; label: qsTr("Min \u00b0"); value: inspector.info.minAngle
                onCommitted: (v) => inspector.document.setLimits(inspector.info.index, v, inspector.info.maxAngle)
            }
            NumberField {
                visible: !inspector.info.isRoot; label: qsTr("Max \u00b0"); value: inspector.info.maxAngle
                onCommitted: (v) => inspector.document.setLimits(inspector.info.index, inspector.info.minAngle, v)
            }
            NumberField {
                visible: inspector.info.isRoot; label: qsTr("X"); value: inspector.info.x
                onCommitted: (v) => inspector.document.setRootPosition(inspector.info.index, v, inspector.info.y)
            }
            NumberField {
                visible: inspector.info.isRoot; label: qsTr("Y"); value: inspector.info.y
                onCommitted: (v) => inspector.document.setRootPosition(inspector.info.index, inspector.info.x, v)
            }
            NumberField {
                visible: inspector.info.isRoot; label: qsTr("Rotation \u00b0"); value: inspector.info.angle
                onCommitted: (v) => inspector.document.setRootRotation(inspector.info.index, v)
            }
            CheckBox {
                text: qsTr("Pinned (P)")
                checked: inspector.info.pinned
                onToggled: {
                    inspector.document.setPinned(inspector.info.index, checked)
                    checked = Qt.binding(() => inspector.info.pinned)
                }
            }
            Label {
                color: Theme.secondaryText
                // (+ 0: a joint a hair left of the origin says 0.0, not -0.0)
                text: inspector.hasJoint ? qsTr("World (%1, %2)").arg((Math.round(inspector.info.worldX * 10) / 10 + 0).toFixed(1))
                                                                 .arg((Math.round(inspector.info.worldY * 10) / 10 + 0).toFixed(1)) : ""
            }
        }
        SlotInspector {
            visible: inspector.hasSlot
            document: inspector.document
            Layout.fillWidth: true
            onChooseImageRequested: inspector.chooseImageRequested()
        }
        Item { Layout.fillHeight: true }
    }
}
}
