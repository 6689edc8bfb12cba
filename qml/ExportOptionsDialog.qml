// Export Options: the step after the export's file is chosen, for a rig with animation clips
// (Qt Quick's dialogs cannot hold extra fields): the frame rate the clips are written at and the
// bake tolerance. FileService checks and remembers both; Enter exports, Esc cancels the export.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Dialog {
    id: dialog
    required property FileService files
    property url file
    property string format
    // What is wrong with the typed values, as FileService says ("" while both are usable).
    readonly property string problem: {
        const fps = dialog.files.bakeFpsProblem(dialog.typed(fpsField.text))
        return fps !== "" ? fps : dialog.files.bakeToleranceProblem(dialog.typed(toleranceField.text))
    }

    // Exports to `file` in `format`, after this step when the rig has something to bake.
    function exportTo(file, format) {
        if (!files.exportAsksBakeOptions()) {
            files.startExport(file, format)
            return
        }
        dialog.file = file
        dialog.format = format
        open()
    }
    // What was typed as a number; NaN for an empty field (Number("") would be 0).
    function typed(text) { return text.trim() === "" ? NaN : Number(text) }
    function tryAccept() {
        if (!opened || problem !== "")
            return
        files.setBakeFps(typed(fpsField.text))
        files.setBakeTolerance(typed(toleranceField.text))
        accept()
    }

    title: qsTr("Export Options")
    modal: true
    focus: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(460, Math.max(380, implicitWidth))
    onAboutToShow: {
        fpsField.text = files.bakeFps
        toleranceField.text = files.bakeTolerance
    }
    onOpened: {
        fpsField.forceActiveFocus()
        fpsField.selectAll()
    }
    onAccepted: files.startExport(file, format)

    contentItem: FocusScope {
        implicitWidth: column.implicitWidth
        implicitHeight: column.implicitHeight
        ColumnLayout {
            id: column
            anchors.fill: parent
            spacing: 8
            Label {
                text: qsTr("The rig's animation clips are written at this frame rate. Where the runtime's IK cannot carry a chain, its joints are baked: sampled at every frame, then thinned while every joint stays within the tolerance.")
                wrapMode: Text.Wrap
                Layout.fillWidth: true
                Layout.maximumWidth: 420
            }
            GridLayout {
                columns: 3
                columnSpacing: 8
                Label { text: qsTr("Frame rate") }
                TextField {
                    id: fpsField
                    objectName: "bakeFpsField"
                    Layout.preferredWidth: 90
                    selectByMouse: true
                    focus: true
                    KeyNavigation.tab: toleranceField
                    onAccepted: dialog.tryAccept()
                }
                Label { text: qsTr("fps"); color: Theme.secondaryText }
                Label { text: qsTr("Bake tolerance") }
                TextField {
                    id: toleranceField
                    objectName: "bakeToleranceField"
                    Layout.preferredWidth: 90
                    selectByMouse: true
                    onAccepted: dialog.tryAccept()
                }
                Label { text: qsTr("px"); color: Theme.secondaryText }
            }
            Label {
                objectName: "keysBetweenFrames"
                readonly property string warning: dialog.files.keysBetweenFrames(dialog.typed(fpsField.text))
                visible: dialog.problem === "" && warning !== ""
                text: warning
                color: Theme.secondaryText
                wrapMode: Text.Wrap
                Layout.fillWidth: true
                Layout.maximumWidth: 420
            }
            Label {
                objectName: "bakeOptionsProblem"
                visible: dialog.problem !== ""
                text: dialog.problem
                color: Theme.warning
                wrapMode: Text.Wrap
                Layout.fillWidth: true
                Layout.maximumWidth: 420
            }
        }
    }

    footer: DialogButtonBox {
        Button {
            objectName: "exportOptionsExport"
            text: qsTr("Export")
            highlighted: true
            enabled: dialog.problem === ""
            onClicked: dialog.tryAccept()
        }
        Button {
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }
}
