// Export Options: the step after the export's file is chosen (Qt Quick's dialogs cannot hold
// extra fields), for a rig with animation clips or slots: the frame rate the clips are written
// at and the bake tolerance, and the atlas's page size. FileService checks and remembers them;
// Enter exports, Esc cancels the export.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Dialog {
    id: dialog
    required property FileService files
    property url file
    property string format
    // Which options the rig has a use for, as the step opens.
    property bool asksBake: true
    property bool asksAtlas: true
    // What is wrong with the typed values, as FileService says ("" while all are usable).
    readonly property string problem: {
        if (asksBake) {
            const fps = dialog.files.bakeFpsProblem(dialog.typed(fpsField.text))
            const tolerance = dialog.files.bakeToleranceProblem(dialog.typed(toleranceField.text))
            if (fps !== "" || tolerance !== "")
                return fps !== "" ? fps : tolerance
        }
        return asksAtlas ? dialog.files.atlasPageSizeProblem(dialog.typed(pageField.text)) : ""
    }

    // Exports to `file` in `format`, after this step when the rig has clips to bake or slots
    // to pack.
    function exportTo(file, format) {
        if (!files.exportNameAccepted(file))
            return // refused, and said why, before any option is asked
        asksBake = files.exportAsksBakeOptions()
        asksAtlas = files.exportAsksAtlasOptions()
        if (!asksBake && !asksAtlas) {
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
        if (asksBake) {
            files.setBakeFps(typed(fpsField.text))
            files.setBakeTolerance(typed(toleranceField.text))
        }
        if (asksAtlas)
            files.setAtlasPageSize(typed(pageField.text))
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
        pageField.text = files.atlasPageSize
    }
    onOpened: {
        const first = asksBake ? fpsField : pageField
        first.forceActiveFocus()
        first.selectAll()
    }
    onAccepted: files.startExport(file, format)

    contentItem: FocusScope {
        implicitWidth: column.implicitWidth
        implicitHeight: column.implicitHeight
        // One grid, so the fields line up whichever options are asked.
        GridLayout {
            id: column
            anchors.fill: parent
            columns: 3
            columnSpacing: 8
            rowSpacing: 8
            Label {
                visible: dialog.asksBake
                text: qsTr("The rig's animation clips are written at this frame rate. Where the runtime's IK cannot carry a chain, its joints are baked: sampled at every frame, then thinned while every joint stays within the tolerance.")
                wrapMode: Text.Wrap
                Layout.columnSpan: 3
                Layout.fillWidth: true
                Layout.maximumWidth: 420
            }
            Label { visible: dialog.asksBake; text: qsTr("Frame rate") }
            TextField {
                id: fpsField
                objectName: "bakeFpsField"
                visible: dialog.asksBake
                Layout.preferredWidth: 90
                selectByMouse: true
                focus: dialog.asksBake
                KeyNavigation.tab: toleranceField
                onAccepted: dialog.tryAccept()
            }
            Label { visible: dialog.asksBake; text: qsTr("fps"); color: Theme.secondaryText; Layout.fillWidth: true }
            Label { visible: dialog.asksBake; text: qsTr("Bake tolerance") }
            TextField {
                id: toleranceField
                objectName: "bakeToleranceField"
                visible: dialog.asksBake
                Layout.preferredWidth: 90
                selectByMouse: true
                KeyNavigation.tab: dialog.asksAtlas ? pageField : fpsField
                onAccepted: dialog.tryAccept()
            }
            Label { visible: dialog.asksBake; text: qsTr("px"); color: Theme.secondaryText }
            Label {
                objectName: "keysBetweenFrames"
                readonly property string warning: dialog.asksBake ? dialog.files.keysBetweenFrames(dialog.typed(fpsField.text)) : ""
                visible: dialog.problem === "" && warning !== ""
                text: warning
                color: Theme.secondaryText
                wrapMode: Text.Wrap
                Layout.columnSpan: 3
                Layout.fillWidth: true
                Layout.maximumWidth: 420
            }
            Label {
                visible: dialog.asksAtlas
                text: qsTr("The slots' images are packed into atlas pages of at most this width and height. A larger image still exports: its pages grow to hold it.")
                wrapMode: Text.Wrap
                Layout.columnSpan: 3
                Layout.fillWidth: true
                Layout.maximumWidth: 420
                Layout.topMargin: dialog.asksBake ? 8 : 0
            }
            Label { visible: dialog.asksAtlas; text: qsTr("Atlas pages up to") }
            TextField {
                id: pageField
                objectName: "atlasPageSizeField"
                visible: dialog.asksAtlas
                Layout.preferredWidth: 90
                selectByMouse: true
                focus: !dialog.asksBake
                KeyNavigation.tab: dialog.asksBake ? fpsField : pageField
                onAccepted: dialog.tryAccept()
            }
            Label { visible: dialog.asksAtlas; text: qsTr("px"); color: Theme.secondaryText; Layout.fillWidth: true }
            Label {
                objectName: "bakeOptionsProblem"
                visible: dialog.problem !== ""
                text: dialog.problem
                color: Theme.warning
                wrapMode: Text.Wrap
                Layout.columnSpan: 3
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
