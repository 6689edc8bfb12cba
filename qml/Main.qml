// The editor window: menus, tool bar, the canvas, the joint tree and inspector, the status bar.
// All decisions live in C++ (Document, RigCanvas); this file only lays out and routes actions.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import QtQuick.Dialogs
import Bonework.Editor

ApplicationWindow {
    id: window

    required property Document document
    required property Autosave autosave
    property string startupError: ""
    // What to do once the user has answered "save changes?": new, open, recent:PATH, example:FILE, close.
    property string pendingAction: ""
    property bool closeConfirmed: false

    width: 1400
    height: 880
    visible: true
    title: (document.modified ? "\u2022 " : "") + document.displayName + " \u2014 Bonework"

    function runAction(action) {
        if (action === "new") {
            document.newRig()
        } else if (action === "open") {
            openDialog.open()
        } else if (action.startsWith("recent:")) {
            document.open(action.substring(7))
        } else if (action.startsWith("example:")) {
            document.openExample(Number(action.substring(8)))
        } else if (action === "close") {
            closeConfirmed = true
            window.close()
        }
    }
    // Runs `action` now, or first asks what to do with unsaved changes.
    function guarded(action) {
        if (!document.modified) {
            runAction(action)
            return
        }
        pendingAction = action
        unsavedDialog.open()
    }
    function saveThen(action) {
        if (document.filePath === "") {
            pendingAction = action
            saveDialog.open()
            return
        }
        if (document.save())
            runAction(action)
    }

    onClosing: (close) => {
        if (document.modified && !closeConfirmed) {
            close.accepted = false
            guarded("close")
        }
    }

    Component.onCompleted: {
        if (startupError !== "")
            showError(qsTr("Could not open the file"), startupError)
        if (autosave.hasRecovery)
            recoveryDialog.open()
    }

    function showError(title, message) {
        errorDialog.title = title
        errorDialog.text = message
        errorDialog.open()
    }

    Connections {
        target: window.document
        function onLoadFailed(message) { window.showError(qsTr("Could not open the file"), message) }
        function onSaveFailed(message) { window.showError(qsTr("Could not save the file"), message) }
        function onEditRefused(message) { statusBar.flash(message) }
        // An example says how it is meant to be played (examples.json).
        function onFileChanged() {
            const hint = window.document.playHint()
            if (hint.driver)
                player.driver = hint.driver
        }
    }

    // --- Actions -----------------------------------------------------------------------------
    Action { id: newAction; text: qsTr("&New"); shortcut: StandardKey.New; onTriggered: window.guarded("new") }
    Action { id: openAction; text: qsTr("&Open\u2026"); shortcut: StandardKey.Open; onTriggered: window.guarded("open") }
    Action {
        id: saveAction; text: qsTr("&Save"); shortcut: StandardKey.Save
        onTriggered: document.filePath === "" ? saveDialog.open() : document.save()
    }
    Action { id: saveAsAction; text: qsTr("Save &As\u2026"); shortcut: StandardKey.SaveAs; onTriggered: saveDialog.open() }
    Action {
        id: revertAction; text: qsTr("&Revert"); enabled: document.modified
        onTriggered: document.revert()
    }
    Action { id: exportAction; text: qsTr("&Export…"); shortcut: "Ctrl+E"; onTriggered: exportDialog.open() }
    Action { id: quitAction; text: qsTr("&Quit"); shortcut: StandardKey.Quit; onTriggered: window.close() }
    Action {
        id: undoAction; text: document.canUndo ? qsTr("&Undo %1").arg(document.undoText) : qsTr("&Undo")
        shortcut: StandardKey.Undo; enabled: document.canUndo; onTriggered: document.undo()
    }
    Action {
        id: redoAction; text: document.canRedo ? qsTr("&Redo %1").arg(document.redoText) : qsTr("&Redo")
        shortcut: StandardKey.Redo; enabled: document.canRedo; onTriggered: document.redo()
    }
    Action {
        id: deleteAction; text: qsTr("&Delete Joint"); shortcut: StandardKey.Delete
        enabled: document.selectedJoint >= 0; onTriggered: document.removeJoint(document.selectedJoint)
    }
    Action {
        id: pinAction; text: qsTr("Toggle &Pin"); shortcut: "P"
        enabled: document.selectedJoint >= 0; onTriggered: document.togglePin(document.selectedJoint)
    }
    Action { id: zoomInAction; text: qsTr("Zoom &In"); shortcut: StandardKey.ZoomIn; onTriggered: canvas.zoomIn() }
    Action { id: zoomInAltAction; shortcut: "Ctrl+="; onTriggered: canvas.zoomIn() }
    Action { id: zoomOutAction; text: qsTr("Zoom &Out"); shortcut: StandardKey.ZoomOut; onTriggered: canvas.zoomOut() }
    Action { id: fitAction; text: qsTr("&Fit Rig"); shortcut: "F"; onTriggered: canvas.fitToView() }
    Action {
        id: frameTimeAction; text: qsTr("Show Frame &Time"); checkable: true
        checked: canvas.showFrameTime; onToggled: canvas.showFrameTime = checked
    }
    Action {
        id: selectTool; text: qsTr("Select"); shortcut: "V"; checkable: true
        checked: canvas.tool === RigCanvas.Select; onTriggered: canvas.tool = RigCanvas.Select
    }
    Action {
        id: addBoneTool; text: qsTr("Add Bone"); shortcut: "B"; checkable: true
        checked: canvas.tool === RigCanvas.AddBone; onTriggered: canvas.tool = RigCanvas.AddBone
    }
    Action {
        id: poseTool; text: qsTr("Pose"); shortcut: "R"; checkable: true
        checked: canvas.tool === RigCanvas.Pose; onTriggered: canvas.tool = RigCanvas.Pose
    }
    Action {
        id: makeChainAction; text: qsTr("Make &Chain\u2026"); shortcut: "Ctrl+K"
        enabled: document.selectedJoint >= 0 && document.ancestors(document.selectedJoint).length > 0
        onTriggered: chainDialog.open()
    }
    Action { id: resetPoseAction; text: qsTr("&Reset Pose"); onTriggered: document.resetPose() }
    Action {
        id: playAction; text: player.playing ? qsTr("Pause") : qsTr("Play")
        onTriggered: { window.updatePlayBounds(); player.togglePlay() }
    }
    Action { id: stepAction; text: qsTr("Step"); shortcut: "."; onTriggered: { window.updatePlayBounds(); player.stepOnce() } }
    Action { id: stopAction; text: qsTr("Stop"); enabled: player.active; shortcut: "Esc"; onTriggered: player.stop(false) }
    Action { id: flipBendAction; text: qsTr("Flip Bend"); shortcut: "N"; enabled: player.active; onTriggered: player.flipBend() }
    Action { id: keepAction; text: qsTr("Keep Pose"); enabled: player.active; onTriggered: player.stop(true) }

    PlayController { id: player; document: window.document }
    // The ball and the steered joint stay inside what the canvas shows.
    function updatePlayBounds() {
        const a = canvas.mapToRig(Qt.point(0, 0))
        const b = canvas.mapToRig(Qt.point(canvas.width, canvas.height))
        player.setBounds(Qt.rect(a.x, a.y, b.x - a.x, b.y - a.y))
    }

    menuBar: MenuBar {
        Menu {
            title: qsTr("&File")
            MenuItem { action: newAction }
            MenuItem { action: openAction }
            Menu {
                id: recentMenu
                title: qsTr("Open &Recent")
                Instantiator {
                    model: window.document.recentFiles
                    delegate: MenuItem {
                        required property string modelData
                        text: modelData
                        onTriggered: window.guarded("recent:" + modelData)
                    }
                    onObjectAdded: (index, object) => recentMenu.insertItem(index, object)
                    onObjectRemoved: (index, object) => recentMenu.removeItem(object)
                }
            }
            Menu {
                id: examplesMenu
                title: qsTr("E&xamples")
                Instantiator {
                    model: window.document.examples()
                    delegate: MenuItem {
                        required property var modelData
                        required property int index
                        text: modelData.title
                        ToolTip.visible: hovered
                        ToolTip.text: modelData.description
                        ToolTip.delay: 300
                        onTriggered: window.guarded("example:" + index)
                    }
                    onObjectAdded: (index, object) => examplesMenu.insertItem(index, object)
                    onObjectRemoved: (index, object) => examplesMenu.removeItem(object)
                }
            }
            MenuSeparator {}
            MenuItem { action: saveAction }
            MenuItem { action: saveAsAction }
            MenuItem { action: revertAction }
            MenuSeparator {}
            MenuItem { action: exportAction }
            MenuSeparator {}
            MenuItem { action: quitAction }
        }
        Menu {
            title: qsTr("&Edit")
            MenuItem { action: undoAction }
            MenuItem { action: redoAction }
            MenuSeparator {}
            MenuItem { action: deleteAction }
            MenuItem { action: pinAction }
        }
        Menu {
            title: qsTr("&View")
            MenuItem { action: zoomInAction }
            MenuItem { action: zoomOutAction }
            MenuItem { action: fitAction }
            MenuSeparator {}
            MenuItem { action: frameTimeAction }
        }
        Menu {
            title: qsTr("&Rig")
            MenuItem { action: makeChainAction }
            MenuItem { action: resetPoseAction }
            Menu {
                title: qsTr("Node &Shape")
                Repeater {
                    model: ["bone", "box", "ball"]
                    MenuItem {
                        required property string modelData
                        text: modelData
                        checkable: true
                        checked: window.document.nodeShape === modelData
                        onTriggered: window.document.setNodeShape(modelData)
                    }
                }
            }
        }
        Menu {
            title: qsTr("&Play")
            MenuItem { action: playAction; text: player.playing ? qsTr("Pause (Space)") : qsTr("Play (Space)") }
            MenuItem { action: stepAction }
            MenuItem { action: stopAction }
            MenuItem { action: keepAction }
            MenuSeparator {}
            MenuItem { action: flipBendAction }
        }
        Menu {
            title: qsTr("&Help")
            MenuItem { text: qsTr("&About Bonework"); onTriggered: aboutDialog.open() }
        }
    }

    header: ToolBar {
        RowLayout {
            anchors.fill: parent
            spacing: 2
            ToolButton { action: newAction; ToolTip.visible: hovered; ToolTip.text: qsTr("New rig (%1)").arg(newAction.shortcut) }
            ToolButton { action: openAction; ToolTip.visible: hovered; ToolTip.text: qsTr("Open a rig file") }
            ToolButton { action: saveAction; ToolTip.visible: hovered; ToolTip.text: qsTr("Save") }
            ToolSeparator {}
            ToolButton { action: undoAction; text: qsTr("Undo"); ToolTip.visible: hovered; ToolTip.text: undoAction.text }
            ToolButton { action: redoAction; text: qsTr("Redo"); ToolTip.visible: hovered; ToolTip.text: redoAction.text }
            ToolSeparator {}
            ButtonGroup { id: toolGroup; exclusive: true }
            ToolButton {
                action: selectTool; ButtonGroup.group: toolGroup
                ToolTip.visible: hovered; ToolTip.text: qsTr("Select and move roots (V)")
            }
            ToolButton {
                action: addBoneTool; ButtonGroup.group: toolGroup
                ToolTip.visible: hovered; ToolTip.text: qsTr("Add bone (B): click empty canvas for a root, drag from a joint to grow a bone; Shift snaps to 15\u00b0")
            }
            ToolButton {
                action: poseTool; ButtonGroup.group: toolGroup
                ToolTip.visible: hovered; ToolTip.text: qsTr("Pose (R): drag joints or chain targets; the rig solves live")
            }
            ToolSeparator {}
            Label { text: qsTr("Drag solver") }
            ComboBox {
                id: defaultSolverBox
                model: ["follow", "relax"]
                currentIndex: Math.max(0, model.indexOf(window.document.defaultSolver))
                onActivated: window.document.defaultSolver = currentText
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Solver for dragging joints that are not the tip of a chain")
            }
            ToolSeparator {}
            ToolButton { action: fitAction; ToolTip.visible: hovered; ToolTip.text: qsTr("Frame the rig (F)") }
            ToolSeparator {}
            ToolButton {
                action: playAction; highlighted: player.playing
                ToolTip.visible: hovered; ToolTip.text: qsTr("Play or pause the motion preview (Space)")
            }
            ToolButton { action: stepAction; ToolTip.visible: hovered; ToolTip.text: qsTr("One 60 Hz step (.)") }
            ToolButton { action: stopAction; ToolTip.visible: hovered; ToolTip.text: qsTr("Stop and return to the pose before play (Esc)") }
            ToolButton { action: keepAction; ToolTip.visible: hovered; ToolTip.text: qsTr("Stop and keep the played pose (one undo step)") }
            ToolButton { action: flipBendAction; ToolTip.visible: hovered; ToolTip.text: qsTr("Switch the driven two-bone chain's bend direction while playing (N)") }
            ComboBox {
                id: driverBox
                model: [{ text: qsTr("Cursor"), value: "cursor" }, { text: qsTr("Ball"), value: "ball" },
                        { text: qsTr("Steering"), value: "steering" }]
                textRole: "text"
                valueRole: "value"
                currentIndex: Math.max(0, indexOfValue(player.driver))
                onActivated: player.driver = currentValue
                ToolTip.visible: hovered
                ToolTip.text: qsTr("What moves the effector while playing: the mouse, a bouncing ball, or the arrow keys")
            }
            ComboBox {
                model: ["0.25×", "0.5×", "1×", "2×"]
                currentIndex: 2
                implicitWidth: 80
                onActivated: player.speed = [0.25, 0.5, 1, 2][currentIndex]
                ToolTip.visible: hovered; ToolTip.text: qsTr("Playback speed")
            }
            ToolButton {
                text: qsTr("Ball…")
                visible: player.driver === "ball"
                onClicked: ballPopup.open()
                Popup {
                    id: ballPopup
                    y: parent.height
                    padding: 10
                    GridLayout {
                        columns: 3
                        Label { text: qsTr("Gravity") }
                        Slider { from: 0; to: 3000; value: player.gravity; onMoved: player.gravity = value }
                        Label { text: Math.round(player.gravity) }
                        Label { text: qsTr("Restitution") }
                        Slider { from: 0; to: 1; value: player.restitution; onMoved: player.restitution = value }
                        Label { text: player.restitution.toFixed(2) }
                        Label { text: qsTr("Ball size") }
                        Slider { from: 4; to: 80; value: player.ballSize; onMoved: player.ballSize = value }
                        Label { text: Math.round(player.ballSize) }
                    }
                }
            }
            Item { Layout.fillWidth: true }
        }
    }

    SplitView {
        anchors.fill: parent
        orientation: Qt.Horizontal

        RigCanvas {
            id: canvas
            objectName: "canvas"
            SplitView.fillWidth: true
            document: window.document
            focus: true
            onCursorSceneChanged: player.setCursor(cursorScene.x, cursorScene.y)
            onSpaceTapped: playAction.trigger()
            Keys.onPressed: (event) => { if (player.active && player.setKey(event.key, true)) event.accepted = true }
            Keys.onReleased: (event) => { if (!event.isAutoRepeat && player.active && player.setKey(event.key, false)) event.accepted = true }

            // The bouncing ball of the ball driver.
            Rectangle {
                visible: player.ballVisible
                readonly property point centre: { player.ballPosition; canvas.zoom; return canvas.mapFromRig(player.ballPosition) }
                width: 2 * player.ballRadius * canvas.zoom
                height: width
                radius: width / 2
                x: centre.x - width / 2
                y: centre.y - height / 2
                color: "#e0c05f"
                border.color: "#8a6d1f"
            }
        }

        SplitView {
            orientation: Qt.Vertical
            SplitView.preferredWidth: 320
            SplitView.minimumWidth: 240

            JointTree {
                document: window.document
                SplitView.preferredHeight: 260
                SplitView.minimumHeight: 120
            }
            Inspector {
                document: window.document
                SplitView.fillHeight: true
            }
            ChainsPanel {
                document: window.document
                SplitView.preferredHeight: 240
                onMakeChainRequested: chainDialog.open()
            }
        }
    }

    footer: StatusBar {
        id: statusBar
        canvas: canvas
        document: window.document
        playStatus: player.active ? qsTr("▶ %1").arg(player.status) : ""
    }

    // --- Dialogs -----------------------------------------------------------------------------
    FileDialog {
        id: openDialog
        title: qsTr("Open Rig")
        nameFilters: [qsTr("Bonework rigs (*.rig.json *.json)"), qsTr("All files (*)")]
        onAccepted: window.document.openUrl(selectedFile)
    }
    FileDialog {
        id: saveDialog
        title: qsTr("Save Rig As")
        fileMode: FileDialog.SaveFile
        defaultSuffix: "rig.json"
        nameFilters: [qsTr("Bonework rigs (*.rig.json)")]
        onAccepted: {
            if (window.document.saveAsUrl(selectedFile) && window.pendingAction !== "") {
                const action = window.pendingAction
                window.pendingAction = ""
                window.runAction(action)
            }
        }
        onRejected: window.pendingAction = ""
    }
    // Export remembers the last format and folder (QSettings, through the document).
    FileDialog {
        id: exportDialog
        title: qsTr("Export for a Game Runtime")
        fileMode: FileDialog.SaveFile
        currentFolder: window.document.lastExportFolder()
        nameFilters: [qsTr("Spine 4.2 JSON (*.json)"), qsTr("DragonBones 5.5 JSON (*.json)")]
        selectedNameFilter.index: window.document.lastExportFormat() === "dragonbones" ? 1 : 0
        onAccepted: {
            const format = selectedNameFilter.index === 1 ? "dragonbones" : "spine"
            if (window.document.exportTo(selectedFile, format)) {
                exportReportDialog.informativeText = window.document.lastExportReport()
                exportReportDialog.open()
            }
        }
    }
    MessageDialog {
        id: exportReportDialog
        title: qsTr("Exported")
        text: qsTr("The rig was exported with its current pose as the setup pose.")
        buttons: MessageDialog.Ok
    }
    MessageDialog {
        id: errorDialog
        objectName: "errorDialog"
        buttons: MessageDialog.Ok
    }
    MessageDialog {
        id: unsavedDialog
        title: qsTr("Unsaved changes")
        text: qsTr("Save the changes to %1?").arg(window.document.displayName)
        informativeText: qsTr("Your changes are lost if you don't save them.")
        buttons: MessageDialog.Save | MessageDialog.Discard | MessageDialog.Cancel
        onButtonClicked: (button, role) => {
            const action = window.pendingAction
            if (button === MessageDialog.Save) {
                window.saveThen(action)
            } else if (button === MessageDialog.Discard) {
                window.pendingAction = ""
                window.runAction(action)
            } else {
                window.pendingAction = ""
            }
        }
    }
    MessageDialog {
        id: recoveryDialog
        title: qsTr("Recover unsaved work?")
        text: qsTr("Bonework did not close cleanly last time.")
        informativeText: window.autosave.recoveryDescription
        buttons: MessageDialog.Yes | MessageDialog.No
        onButtonClicked: (button, role) => {
            if (button === MessageDialog.Yes)
                window.autosave.recover()
            else
                window.autosave.discardRecovery()
        }
    }
    MessageDialog {
        id: aboutDialog
        title: qsTr("About Bonework")
        text: qsTr("Bonework %1").arg(Qt.application.version)
        informativeText: qsTr("Build, pose and export 2D skeletal rigs. Every solver keeps bone lengths, angle limits and pins.")
        buttons: MessageDialog.Ok
    }
    Dialog {
        id: chainDialog
        title: qsTr("Make Chain")
        modal: true
        anchors.centerIn: parent
        standardButtons: Dialog.Ok | Dialog.Cancel
        property var ancestorList: window.document.selectedJoint >= 0 ? window.document.ancestors(window.document.selectedJoint) : []
        ColumnLayout {
            Label {
                text: qsTr("A chain from an ancestor down to %1").arg(
                          window.document.joint(window.document.selectedJoint).name || "")
            }
            ComboBox {
                id: ancestorBox
                Layout.fillWidth: true
                model: chainDialog.ancestorList
                textRole: "name"
            }
        }
        onAccepted: {
            const a = chainDialog.ancestorList[ancestorBox.currentIndex]
            if (a)
                window.document.addChain(window.document.selectedJoint, a.index)
        }
    }
}
