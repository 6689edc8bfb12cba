// The editor window: menus, tool bar, the canvas, the joint tree, inspector and chains, the status
// bar, and the dialogs. All decisions live in C++ (Document, RigCanvas, PlayController); this
// file lays out and routes actions.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

ApplicationWindow {
    id: window
    objectName: "mainWindow"

    required property Document document
    required property Autosave autosave
    property string startupError: ""
    property bool closeConfirmed: false

    width: 1400
    height: 880
    // Below this the Timeline's clip controls and the side column's panels no longer fit.
    minimumWidth: 960
    minimumHeight: 640
    visible: true
    title: (document.modified ? "\u2022 " : "") + document.displayName + " \u2014 Bonework"
    // The window's place and the canvas, Timeline and side column's sizes, as the user left
    // them (the side column's panels size themselves to what they show).
    WindowLayout { id: windowLayout }
    function restoreLayout() {
        windowLayout.restoreWindow(window)
        mainSplit.restoreState(windowLayout.splitState("main"))
        canvasSplit.restoreState(windowLayout.splitState("canvas"))
    }
    function saveLayout() {
        windowLayout.saveWindow()
        windowLayout.setSplitState("main", mainSplit.saveState())
        windowLayout.setSplitState("canvas", canvasSplit.saveState())
    }

    Component.onCompleted: {
        restoreLayout()
        Theme.apply(palette)
        if (startupError !== "")
            showError(qsTr("Could not open the file"), startupError)
        else if (document.missingImagesReport !== "")
            showError(qsTr("Images not shown"), document.missingImagesReport)
        if (autosave.hasRecovery)
            recoveryDialog.open()
        applyPlayHint()
    }

    // The keys go back to the canvas (Space plays, the tools' letters) when a field's edit
    // ends (FieldFocus.qml).
    function keysDone() { canvas.forceActiveFocus() }
    // A button or a picker clicked with the mouse does not keep the keys: Space would press the
    // button again (the Timeline's + made a clip at every Space) or reopen the picker, where the
    // user meant Play. Tab still reaches them, and then Space presses them, as it should.
    onActiveFocusItemChanged: {
        const item = activeFocusItem
        if (!item || item.focusReason !== Qt.MouseFocusReason)
            return
        // (instanceof does not see the Controls' types here: a button is what has
        // autoExclusive, a list picker what has a popup and is not editable.)
        const button = "autoExclusive" in item
        const picker = "popup" in item && "editable" in item && !item.editable
        if (!button && !picker)
            return
        // In a dialog or a popup the keys stay there (Enter, Esc and Tab are the dialog's).
        for (let p = item.parent; p; p = p.parent)
            if (p === window.overlay)
                return
        const letGo = () => Qt.callLater(() => { if (item.activeFocus) keysDone() })
        if (button) {
            // Only once the button is let go: taking the focus from a pressed button cancels
            // its press (Qt Quick ungrabs on focus out), and the click never came (Curve…
            // opened nothing; + and ▼ missed clicks whose release came a moment late). The
            // focus arrives before the press does, so wait for the press and then its end.
            const released = () => {
                if (item.pressed)
                    return
                item.pressedChanged.disconnect(released)
                letGo()
            }
            item.pressedChanged.connect(released)
        } else if (watchedPickers.indexOf(item) < 0) {
            // A picker keeps the keys while its list is open (arrows, Enter), then lets go.
            watchedPickers.push(item)
            item.popup.closed.connect(letGo)
        }
    }
    property var watchedPickers: []

    function newRig() { guard.request(UnsavedChangesGuard.NewRig) }
    function openRig() { guard.request(UnsavedChangesGuard.Open) }
    function save() {
        if (document.filePath === "")
            saveDialog.open()
        else
            document.files.save()
    }
    function saveAs() { saveDialog.open() }
    // Revert throws away every change since the save, undo history included: ask first, as
    // New, Open and Quit do.
    function revert() { revertDialog.open() }
    function exportRig() { exportDialog.open() }
    // File > Import Images…: the images land in the middle of the canvas.
    function importImages() { importDialog.open() }
    function importAt(files, viewPoint) {
        const p = canvas.mapToRig(viewPoint)
        document.importImages(files, p.x, p.y)
    }
    function makeChain() { chainDialog.open() }
    function showShortcuts() { shortcutsDialog.open() }
    function showAbout() { aboutDialog.open() }
    function showError(title, message) {
        errorDialog.title = title
        errorDialog.text = message
        errorDialog.open()
    }
    // The ball and the steered joint stay inside what the canvas shows, kept up to date as the
    // view pans, zooms or resizes while playing.
    function updatePlayBounds() {
        const margin = 12
        const a = canvas.mapToRig(Qt.point(margin, margin))
        const b = canvas.mapToRig(Qt.point(canvas.width - margin, canvas.height - margin))
        player.setBounds(Qt.rect(a.x, a.y, b.x - a.x, b.y - a.y))
    }
    // An example says how it is meant to be played (examples.json), however it was opened.
    function applyPlayHint() {
        const hint = document.playHint
        if (hint.driver)
            player.driver = hint.driver
    }

    onClosing: (close) => {
        if (!closeConfirmed)
            document.stopPlaying() // a recording under way becomes a clip, asked about below
        if (document.modified && !closeConfirmed) {
            close.accepted = false
            guard.request(UnsavedChangesGuard.Close)
            return
        }
        saveLayout()
    }

    // New, Open, Open Recent, examples and closing ask about unsaved changes first (C++).
    UnsavedChangesGuard {
        id: guard
        document: window.document
        onAskToSave: unsavedDialog.open()
        onChooseFileToSave: saveDialog.open()
        onChooseFileToOpen: openDialog.open()
        onCloseApproved: {
            window.closeConfirmed = true
            window.close()
        }
    }

    Connections {
        target: window.document
        function onLoadFailed(message) { window.showError(qsTr("Could not open the file"), message) }
        function onSaveFailed(message) { window.showError(qsTr("Could not save the file"), message) }
        function onEditRefused(message) { statusBar.flash(message) }
        function onNotice(message) { statusBar.flash(message) }
        function onUndoStateChanged() { statusBar.clearWarning() }
        function onImagesMissing(message) { window.showError(qsTr("Images not shown"), message) }
        function onFileChanged() { window.applyPlayHint() }
    }
    Connections {
        target: window.document.files
        function onExportFailed(message) { window.showError(qsTr("Could not export"), message) }
        function onArtCopyNeeded(path, message) {
            artCopyDialog.path = path
            artCopyDialog.informativeText = message
            artCopyDialog.open()
        }
        function onOverwriteNeeded(path) {
            overwriteDialog.path = path
            overwriteDialog.open()
        }
        function onChangedOnDisk(path) { changedOnDiskDialog.open() }
    }
    Connections {
        target: canvas
        enabled: player.active
        function onViewChanged() { window.updatePlayBounds() }
        function onWidthChanged() { window.updatePlayBounds() }
        function onHeightChanged() { window.updatePlayBounds() }
    }

    Connections {
        target: canvas
        function onToolChanged() {
            const tool = canvas.tool === RigCanvas.AddBone ? actions.addBoneTool
                       : canvas.tool === RigCanvas.Pose ? actions.poseTool : actions.selectTool
            statusBar.showHint(tool.hint)
        }
    }

    EditorActions {
        id: actions
        window: window
        document: window.document
        canvas: canvas
        player: player
        keys: timelinePanel.keys
    }
    PlayController {
        id: player; objectName: "player"; document: window.document
        onRecorded: (message) => statusBar.flash(message)
    }

    menuBar: MainMenuBar {
        actions: actions
        document: window.document
        onOpenRecent: (path) => guard.request(UnsavedChangesGuard.OpenRecent, path)
        onOpenExample: (index) => guard.request(UnsavedChangesGuard.OpenExample, index)
        onRendererChanged: statusBar.flash(qsTr("The new renderer takes effect when Bonework starts again."))
    }
    header: MainToolBar {
        actions: actions
        document: window.document
        player: player
    }

    SplitView {
        id: mainSplit
        anchors.fill: parent
        orientation: Qt.Horizontal

        // The canvas over the Timeline (the clips of the rig, their keys and the playhead).
        SplitView {
            id: canvasSplit
            orientation: Qt.Vertical
            SplitView.fillWidth: true

            RigCanvas {
                id: canvas
                objectName: "canvas"
                SplitView.fillHeight: true
                document: window.document
                focus: true
                onCursorSceneChanged: player.setCursor(cursorScene.x, cursorScene.y)
                onSpaceTapped: actions.play.trigger()
                // The motion preview steers with the arrows; otherwise they walk the list that
                // shows the selection: the Draw Order for an image, the Skeleton for a joint.
                Keys.onPressed: (event) => {
                    if (player.active && player.setKey(event.key, true))
                        event.accepted = true
                    else if (!player.active && (event.modifiers & ~Qt.KeypadModifier) === Qt.NoModifier)
                        event.accepted = (window.document.selectedSlot >= 0 ? drawOrder : jointTree).moveSelection(event.key)
                }
                Keys.onReleased: (event) => { if (!event.isAutoRepeat && player.active && player.setKey(event.key, false)) event.accepted = true }

                // Image files dropped on the canvas become images on the selected bone, where dropped.
                DropArea {
                    anchors.fill: parent
                    keys: ["text/uri-list"]
                    onDropped: (drop) => {
                        if (!drop.hasUrls)
                            return
                        window.importAt(drop.urls, Qt.point(drop.x, drop.y))
                        drop.acceptProposedAction()
                    }
                }

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
            Timeline {
                id: timelinePanel
                document: window.document
                SplitView.preferredHeight: 220
                SplitView.minimumHeight: 90
            }
        }

        SplitView {
            id: sideColumn
            orientation: Qt.Vertical
            SplitView.preferredWidth: 320
            SplitView.minimumWidth: 240
            // The inspector has only its hint to show (no joint or image picked): the chains
            // panel may take its room.
            readonly property bool inspectorIdle: window.document.selectedJoint < 0 && window.document.selectedSlot < 0

            // Shares of the column's height that, with the inspector's minimum, fit a window of
            // 700 px: a panel that does not fit scrolls instead of running under the status bar.
            JointTree {
                id: jointTree
                document: window.document
                SplitView.preferredHeight: parent ? Math.max(120, Math.min(260, parent.height * 0.25)) : 260
                SplitView.minimumHeight: 120
            }
            Inspector {
                id: inspector
                document: window.document
                SplitView.fillHeight: true
                // The rig's name and a hint need little room: the chains panel below may take it.
                SplitView.minimumHeight: sideColumn.inspectorIdle ? 104 : 120
                onChooseImageRequested: imageDialog.open()
            }
            DrawOrderPanel {
                id: drawOrder
                document: window.document
                // A heading and a hint while the rig has no images; once it has, a row each up
                // to 30% of the column (at least 150 px; then it scrolls), so the inspector and
                // the chains keep their room.
                SplitView.preferredHeight: drawOrder.slotCount > 0
                                           ? Math.min(60 + drawOrder.slotCount * 28, parent ? Math.max(150, parent.height * 0.3) : 150)
                                           : 76
                SplitView.minimumHeight: 60
                onImportRequested: window.importImages()
            }
            ChainsPanel {
                document: window.document
                // What the column leaves once the panels above have their heights and the
                // inspector its minimum (with room for the handles): more and the panel would run
                // under the status bar instead of scrolling.
                readonly property real room: sideColumn.height - jointTree.height - drawOrder.height
                                             - inspector.SplitView.minimumHeight - 24
                // Tall enough for its list and every field of the selected chain, up to a third of
                // the column and more (then it scrolls); up to 70% while the inspector has only
                // its hint to show (a chain picked, no joint or image); never more than its room.
                SplitView.preferredHeight: Math.max(SplitView.minimumHeight,
                                                    Math.min(implicitHeight, room, parent ? parent.height * (sideColumn.inspectorIdle ? 0.7 : 0.35) : implicitHeight))
                SplitView.minimumHeight: Math.min(implicitHeight, 160)
                onMakeChainRequested: actions.makeChain.trigger()
            }
        }
    }

    footer: StatusBar {
        id: statusBar
        canvas: canvas
        document: window.document
        playStatus: !player.active ? "" : player.playing ? qsTr("▶ %1").arg(player.status) : qsTr("❚❚ %1").arg(player.status)
    }

    // --- Dialogs -----------------------------------------------------------------------------
    FileChooser {
        id: openDialog
        objectName: "openDialog"
        title: qsTr("Open Rig")
        filters: window.document.files.openFilters()
        onAboutToShow: folder = FileNames.startFolder(window.document.filePath)
        onChosen: (file) => window.document.files.openUrl(file)
    }
    FileChooser {
        id: saveDialog
        objectName: "saveDialog"
        title: qsTr("Save Rig As")
        saving: true
        filters: window.document.files.saveFilters()
        defaultSuffix: filters[0].suffix
        onAboutToShow: folder = FileNames.startFolder(window.document.filePath)
        onChosen: (file) => guard.savedAs(window.document.files.saveAsUrl(file))
        onRejected: guard.savedAs(false)
    }
    FileChooser {
        id: importDialog
        objectName: "importDialog"
        title: qsTr("Import Images")
        multiple: true
        filters: [{ label: qsTr("Images (*.png, *.jpg, *.jpeg)"), globs: ["*.png", "*.jpg", "*.jpeg"] }]
        onAboutToShow: folder = FileNames.startFolder(window.document.filePath)
        onChosenFiles: (files) => {
            const p = window.document.importPoint(canvas.mapToRig(Qt.point(canvas.width / 2, canvas.height / 2)))
            window.document.importImages(files, p.x, p.y)
        }
    }
    FileChooser {
        id: imageDialog
        objectName: "imageDialog"
        title: qsTr("Choose the Image")
        filters: importDialog.filters
        readonly property SelectedSlot chosenFor: SelectedSlot { document: window.document }
        onAboutToShow: folder = FileNames.imageFolder(window.document.filePath, chosenFor.image)
        onChosen: (file) => window.document.setSlotImageFile(window.document.selectedSlot, file)
    }
    MessageBox {
        id: overwriteDialog
        objectName: "overwriteDialog"
        property string path
        title: qsTr("The file changed on disk")
        text: qsTr("%1 was changed by another program since Bonework opened or saved it.").arg(window.document.displayName)
        informativeText: qsTr("Overwrite it with the rig as it is here? Cancel keeps the file: Save As keeps both, File > Revert loads the file as it is now.")
        standardButtons: Dialog.Ok | Dialog.Cancel
        defaultButton: Dialog.Cancel
        onOpened: standardButton(Dialog.Ok).text = qsTr("Overwrite")
        onAccepted: window.document.files.saveOverwriting(path)
    }
    // Another program wrote the open file (a text editor, version control, a script): offer it
    // at once. Reloading is one undo step, so nothing here is lost either way.
    MessageBox {
        id: changedOnDiskDialog
        objectName: "changedOnDiskDialog"
        title: qsTr("The file changed on disk")
        text: qsTr("%1 was changed by another program.").arg(window.document.displayName)
        informativeText: window.document.modified
                         ? qsTr("Reload it? Your unsaved changes here are set aside: Undo brings them back. Keep Mine keeps them, and Save then writes over the other version.")
                         : qsTr("Reload it? Undo brings back the rig as it was here. Keep Mine keeps it, and Save then writes over the other version.")
        standardButtons: Dialog.Yes | Dialog.No
        defaultButton: Dialog.Yes
        onOpened: {
            standardButton(Dialog.Yes).text = qsTr("Reload")
            standardButton(Dialog.No).text = qsTr("Keep Mine")
        }
        onAccepted: window.document.files.reloadFromDisk()
        // Esc decides nothing for the file: a save still asks before writing over it.
        onRejected: window.document.files.keepOwnVersion(clickedButton === Dialog.No)
    }
    MessageBox {
        id: artCopyDialog
        objectName: "artCopyDialog"
        property string path
        title: qsTr("Copy images beside the rig?")
        text: qsTr("Saved rigs name their images relative to the rig's folder.")
        standardButtons: Dialog.Ok | Dialog.Cancel
        defaultButton: Dialog.Ok
        onOpened: standardButton(Dialog.Ok).text = qsTr("Copy and Save")
        onAccepted: window.document.files.saveCopyingArt(path)
    }
    // Export remembers the last format and folder (QSettings, through the document).
    FileChooser {
        id: exportDialog
        objectName: "exportDialog"
        title: qsTr("Export for a Game Runtime")
        saving: true
        // The formats and their ids come from C++ (formats::exportFormats); the chosen type names one.
        filters: window.document.files.exportFormats()
        defaultSuffix: filters.length > 0 ? filters[filterIndex].suffix : "json"
        onAboutToShow: {
            const last = window.document.files.lastExportFolder()
            if (last.toString() !== "")
                folder = last
            filterIndex = Math.max(0, filters.findIndex(f => f.id === window.document.files.lastExportFormat()))
        }
        onChosen: (file, filterIndex) => exportOptions.exportTo(file, filters[filterIndex].id)
    }
    // A rig with animation clips: the frame rate and bake tolerance before writing.
    ExportOptionsDialog { id: exportOptions; objectName: "exportOptionsDialog"; files: window.document.files }
    Connections {
        target: window.document.files
        function onExportFinished(ok) {
            if (!ok)
                return
            exportReportDialog.informativeText = window.document.files.lastExportReport()
            exportReportDialog.open()
        }
    }
    // Packing the art of a big rig takes a while: after a moment, say so with a progress bar
    // (the export runs off the GUI thread, so the window keeps drawing).
    Popup {
        id: exportProgress
        objectName: "exportProgress"
        anchors.centerIn: Overlay.overlay
        modal: false
        closePolicy: Popup.NoAutoClose
        visible: exportProgressDelay.shown && window.document.files.exporting
        contentItem: ColumnLayout {
            spacing: 8
            Label { text: qsTr("Exporting: packing the texture atlas…") }
            ProgressBar { indeterminate: true; Layout.preferredWidth: 260 }
        }
    }
    Timer {
        id: exportProgressDelay
        property bool shown: false
        interval: 400
        running: window.document.files.exporting
        onRunningChanged: if (running) shown = false // (it stops by itself once triggered)
        onTriggered: shown = true
    }
    MessageBox {
        id: exportReportDialog
        objectName: "exportReportDialog"
        title: qsTr("Exported")
        text: qsTr("The rig was exported with its current pose as the setup pose.")
    }
    MessageBox {
        id: errorDialog
        objectName: "errorDialog"
    }
    MessageBox {
        id: revertDialog
        objectName: "revertDialog"
        title: qsTr("Revert")
        text: window.document.filePath === "" ? qsTr("Discard every change since this rig was opened?")
                                              : qsTr("Discard every change to %1 and reload it from the disk?").arg(window.document.displayName)
        informativeText: window.document.filePath === "" ? qsTr("Undo can bring them back.")
                                                         : qsTr("This cannot be undone: the undo history goes too.")
        standardButtons: Dialog.Discard | Dialog.Cancel
        defaultButton: Dialog.Cancel
        onDiscarded: {
            close()
            window.document.files.revert()
        }
    }
    MessageBox {
        id: unsavedDialog
        objectName: "unsavedDialog"
        title: qsTr("Unsaved changes")
        text: qsTr("Save the changes to %1?").arg(window.document.displayName)
        informativeText: qsTr("Your changes are lost if you don't save them.")
        standardButtons: Dialog.Save | Dialog.Discard | Dialog.Cancel
        defaultButton: Dialog.Save
        onAccepted: guard.answer(UnsavedChangesGuard.Save)
        onDiscarded: {
            close()
            guard.answer(UnsavedChangesGuard.Discard)
        }
        onRejected: guard.answer(UnsavedChangesGuard.Cancel)
    }
    MessageBox {
        id: recoveryDialog
        objectName: "recoveryDialog"
        title: qsTr("Recover unsaved work?")
        text: qsTr("Bonework did not close cleanly last time.")
        informativeText: window.autosave.recoveryDescription
        standardButtons: Dialog.Yes | Dialog.No
        defaultButton: Dialog.Yes
        onAccepted: window.autosave.recover()
        // Esc decides nothing: the recovered work stays on disk for the next start (this
        // session's own work is autosaved apart from it).
        onRejected: if (clickedButton === Dialog.No) window.autosave.discardRecovery()
    }
    MessageBox {
        id: aboutDialog
        title: qsTr("About Bonework")
        text: qsTr("Bonework %1").arg(Qt.application.version)
        informativeText: qsTr("Build, pose and export 2D skeletal rigs. Every solver keeps bone lengths, angle limits and pins.")
    }
    ShortcutsDialog {
        id: shortcutsDialog
        objectName: "shortcutsDialog"
        actions: actions.listed
    }
    MakeChainDialog {
        id: chainDialog
        objectName: "chainDialog"
        document: window.document
    }
}
