// The Timeline: the animation picker (Setup Pose or a clip; new, duplicate, rename, delete),
// transport (first, previous, play/pause, next, last frame; loop), the playhead's time and frame,
// the clip's length and frame rate, Auto-Key, Key (K), the onion skin and the selected keys'
// curve; below them, a row per joint, chain and slot with its keys as diamonds under a ruler.
// Click or drag on the ruler to scrub; click a diamond to select it (Shift or Ctrl adds), drag
// selected diamonds to move them, drag on empty rows to box-select; Delete, Ctrl+C and Ctrl+V
// act on the selected keys when the Timeline has focus. Every decision is C++'s: the player
// (document.animation) and the TimelineModel.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: timeline
    objectName: "timeline"
    required property Document document
    readonly property AnimationPlayer anim: document.animation
    readonly property alias keys: keyModel
    readonly property int labelWidth: 150
    readonly property int rowHeight: 22
    readonly property int rulerHeight: 22
    readonly property int edge: 10 // room left and right of the clip so end keys show whole
    // The seconds a drag of selected keys has moved them so far (snapped to frames).
    property real keyDragShift: 0
    // The time axis: `zoom` 1 fits the clip to the width; Ctrl+wheel zooms about the pointer,
    // Shift+wheel (or the scroll bar under the rows) pans. A view setting, not saved.
    property real zoom: 1
    property real viewStart: 0 // seconds at the left edge
    readonly property real viewSpan: anim.duration > 0 ? anim.duration / zoom : 1
    // As far in as 40 px a frame.
    readonly property real maxZoom: Math.max(1, 40 * anim.duration * anim.fps / trackWidth())
    padding: 6
    focusPolicy: Qt.ClickFocus

    TimelineModel { id: keyModel; objectName: "timelineModel"; document: timeline.document }

    function trackWidth() { return Math.max(1, rows.width - labelWidth - 2 * edge) }
    function timeToX(t) { return labelWidth + edge + (t - viewStart) / viewSpan * trackWidth() }
    function xToTime(x) { return viewStart + (x - labelWidth - edge) / trackWidth() * viewSpan }
    function inView(t) { return t >= viewStart - 1e-9 && t <= viewStart + viewSpan + 1e-9 }
    function panTo(start) { viewStart = Math.max(0, Math.min(anim.duration - viewSpan, start)) }
    // Zooms by `factor` keeping the time under view x `x` where it is.
    function zoomAbout(x, factor) {
        const t = xToTime(x)
        zoom = Math.max(1, Math.min(maxZoom, zoom * factor))
        panTo(t - (x - labelWidth - edge) / trackWidth() * viewSpan)
    }
    // Another clip opens framed whole; the same clip (a key moved, its length changed) keeps the
    // view the user zoomed to, as long as it still lies within the clip.
    property string framedClip: ""
    Connections {
        target: timeline.anim
        function onCurrentChanged() {
            const anim = timeline.anim
            const name = anim.current >= 0 && anim.current < anim.animations.length ? anim.animations[anim.current] : ""
            if (name !== timeline.framedClip) {
                timeline.framedClip = name
                timeline.zoom = 1
                timeline.viewStart = 0
            } else {
                timeline.panTo(timeline.viewStart)
            }
        }
    }
    // A length as the field shows it: two decimals, more where they would hide what is stored
    // (a clip of 1.234 s read as 1.23): six decimals at most, or six significant digits under a
    // second (a frame at 30 fps reads 0.0333333), trailing zeros dropped.
    function secondsText(seconds) {
        const two = seconds.toFixed(2)
        if (Math.abs(Number(two) - seconds) < 1e-9)
            return two
        return String(Number(seconds >= 1 ? seconds.toFixed(6) : seconds.toPrecision(6)))
    }
    function snapped(seconds) { return anim.snap ? Math.round(seconds * anim.fps) / anim.fps : seconds }
    function rowAt(y) { return rows.indexAt(10, y + rows.contentY) }

    Keys.onShortcutOverride: (event) => {
        // The selected keys take Delete, copy and paste while the Timeline has focus.
        event.accepted = keyModel.selectedKeyCount > 0 && (event.key === Qt.Key_Delete || event.key === Qt.Key_Backspace)
                         || event.matches(StandardKey.Copy) || event.matches(StandardKey.Paste)
    }
    Keys.onPressed: (event) => {
        if (event.key === Qt.Key_Delete || event.key === Qt.Key_Backspace)
            event.accepted = keyModel.deleteSelected()
        else if (event.matches(StandardKey.Copy))
            event.accepted = keyModel.copySelected()
        else if (event.matches(StandardKey.Paste))
            event.accepted = keyModel.paste()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4

        // The clip and transport controls, then the keying ones: the second group wraps under the
        // first when the canvas is too narrow for both (it was cut off at the right edge).
        Flow {
            Layout.fillWidth: true
            spacing: 2
            RowLayout {
                spacing: 2
                ComboBox {
                    id: clipPicker
                    objectName: "clipPicker"
                    Layout.preferredWidth: 150
                    model: [qsTr("Setup Pose")].concat(timeline.anim.animations)
                    currentIndex: timeline.anim.current + 1
                    onActivated: (index) => {
                        timeline.anim.current = index - 1
                        currentIndex = Qt.binding(() => timeline.anim.current + 1)
                        FieldFocus.endEdit(clipPicker, Window.window) // the keys back to the canvas
                    }
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Setup Pose edits the rig; a clip is posed and keyed frame by frame")
                }
                ToolButton {
                    objectName: "newClipButton"
                    text: "+"
                    onClicked: {
                        const index = timeline.document.newAnimation()
                        if (index >= 0)
                            timeline.anim.current = index
                    }
                    ToolTip.visible: hovered; ToolTip.text: qsTr("New animation")
                }
                ToolButton {
                    text: "\u2750"; enabled: timeline.anim.current >= 0
                    onClicked: {
                        const index = timeline.document.duplicateAnimation(timeline.anim.current)
                        if (index >= 0)
                            timeline.anim.current = index
                    }
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Duplicate the animation")
                }
                ToolButton {
                    text: "\u270e"; enabled: timeline.anim.current >= 0
                    onClicked: renamePopup.openFor(timeline.anim.current)
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Rename the animation")
                }
                ToolButton {
                    text: "\u2212"; enabled: timeline.anim.current >= 0
                    onClicked: timeline.document.removeAnimation(timeline.anim.current)
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Delete the animation (undo brings it back)")
                }
                ToolSeparator {}
                ToolButton {
                    text: "\u21e4"; enabled: timeline.anim.active
                    onClicked: { timeline.anim.pause(); timeline.anim.time = 0 }
                    ToolTip.visible: hovered; ToolTip.text: qsTr("First frame")
                }
                ToolButton {
                    text: "\u25c2"; enabled: timeline.anim.active
                    onClicked: timeline.anim.stepFrames(-1)
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Previous frame (,)")
                }
                ToolButton {
                    objectName: "clipPlayButton"
                    text: timeline.anim.playing ? "\u275a\u275a" : "\u25b6"; enabled: timeline.anim.active
                    highlighted: timeline.anim.playing
                    onClicked: timeline.anim.togglePlay()
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Play or pause the animation (Space)")
                }
                ToolButton {
                    text: "\u25b8"; enabled: timeline.anim.active
                    onClicked: timeline.anim.stepFrames(1)
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Next frame (.)")
                }
                ToolButton {
                    text: "\u21e5"; enabled: timeline.anim.active
                    onClicked: { timeline.anim.pause(); timeline.anim.time = timeline.anim.duration }
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Last frame")
                }
                ToolButton {
                    // The clip's own flag (an undo step), not a preview setting: exports and
                    // games loop it too. Not checkable: clicking would break the binding, and
                    // undo would no longer show on the button.
                    objectName: "loopButton"
                    text: "\u21bb"; checked: timeline.anim.loop; enabled: timeline.anim.active
                    onClicked: timeline.anim.loop = !timeline.anim.loop
                    ToolTip.visible: hovered
                    ToolTip.text: timeline.anim.loop ? qsTr("Loops: plays over and over, here, in exports and in games (click to play once)")
                                                     : qsTr("Plays once (click to loop it, here, in exports and in games)")
                }
                Label {
                    id: timeReadout
                    objectName: "timeLabel"
                    function readout(seconds, frame) { return qsTr("%1 s · frame %2").arg(seconds.toFixed(2)).arg(frame) }
                    leftPadding: 6
                    rightPadding: 6
                    // Greyed at 0 with no clip open, as the transport buttons are.
                    enabled: timeline.anim.active
                    text: timeline.anim.active ? readout(timeline.anim.time, timeline.anim.frame) : readout(0, 0)
                    font.family: "monospace"
                    // As wide as the clip's last frame reads, so the controls after it stay put while
                    // it plays (frame 9 to 10, 9.97 s to 10.00 s).
                    Layout.preferredWidth: Math.ceil(widest.advanceWidth) + leftPadding + rightPadding
                    TextMetrics {
                        id: widest
                        font: timeReadout.font
                        text: timeReadout.readout(timeline.anim.duration, Math.round(timeline.anim.duration * timeline.anim.fps))
                    }
                }
                ToolSeparator {}
            }
            RowLayout {
                spacing: 2
                TextField {
                    id: durationField
                    objectName: "durationField"
                    // Wide enough for its text: a long clip's "12345.00" is not cut to "2345.00".
                    Layout.preferredWidth: Math.max(56, Math.min(160, contentWidth + leftPadding + rightPadding + 2))
                    enabled: timeline.anim.current >= 0
                    text: timeline.secondsText(timeline.anim.duration)
                    // Any number: the document refuses 0 and below, saying why (a validator's
                    // bottom would only swallow the Enter without a word).
                    validator: DoubleValidator { notation: DoubleValidator.ScientificNotation } // "1e3" as typed
                    selectByMouse: true
                    // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
                    onAccepted: FieldFocus.endEdit(durationField, Window.window)
                    onEditingFinished: {
                        const v = Number(text)
                        if (!isNaN(v) && Math.abs(v - timeline.anim.duration) > 1e-9)
                            timeline.document.setAnimationDuration(timeline.anim.current, v)
                        text = Qt.binding(() => timeline.secondsText(timeline.anim.duration))
                    }
                    ToolTip.visible: hovered; ToolTip.text: qsTr("The animation's length in seconds (keys after it are dropped)")
                }
                Label { text: qsTr("s"); rightPadding: 4 }
                SpinBox {
                    Layout.preferredWidth: 84
                    from: 1; to: 240; editable: true
                    value: timeline.anim.fps
                    onValueModified: timeline.anim.fps = value
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Frames per second: the playhead and dragged keys snap to frames")
                }
                Label { text: qsTr("fps") }
                ToolSeparator {}
                ToolButton {
                    objectName: "autoKeyButton"
                    text: qsTr("\u25cf Auto-Key"); checkable: true; checked: timeline.anim.autoKey
                    palette.buttonText: checked ? "#ff9a8f" : Theme.text // a recording red that reads at 5:1
                    onToggled: timeline.anim.autoKey = checked
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Every drag keys what it moved at the playhead")
                }
                ToolButton {
                    objectName: "keyButton"
                    text: qsTr("Key"); enabled: timeline.anim.active
                    highlighted: timeline.anim.hasUnkeyedPose
                    onClicked: timeline.anim.keyPose()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("Key the selected joint (and what a drag moved) at the playhead; nothing selected keys the whole pose (K)")
                }
                ToolButton {
                    text: qsTr("Onion"); checkable: true; checked: timeline.anim.onionSkin
                    onToggled: timeline.anim.onionSkin = checked
                    ToolTip.visible: hovered; ToolTip.text: qsTr("Onion skin: ghosts of the pose a few frames before (orange) and after (blue)")
                }
                ToolSeparator {}
                ToolButton {
                    id: curveButton
                    objectName: "curveButton"
                    text: qsTr("Curve\u2026")
                    enabled: keyModel.selectedCurveKind !== ""
                    onClicked: curveEditor.open()
                    ToolTip.visible: hovered
                    ToolTip.text: keyModel.selectedCurveKind === "" ? qsTr("Select keys to set how they ease to the next key")
                                                                    : qsTr("How the selected keys ease to the next key (now %1)").arg(keyModel.selectedCurveKind)
                }
            }
        }

        Label {
            visible: timeline.anim.current < 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            verticalAlignment: Text.AlignTop
            wrapMode: Text.WordWrap
            color: Theme.secondaryText
            text: timeline.anim.animations.length === 0
                  ? qsTr("No animations yet: + makes one. Pose the rig at a frame and key it (K), or record the motion preview (Ctrl+R).")
                  : qsTr("Editing the setup pose. Pick an animation to pose and key it frame by frame.")
        }

        ListView {
            id: rows
            objectName: "timelineRows"
            visible: timeline.anim.current >= 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            interactive: false
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar { policy: ScrollBar.AsNeeded }
            model: keyModel
            WheelHandler { // Ctrl+wheel zooms the time axis about the pointer
                acceptedModifiers: Qt.ControlModifier
                onWheel: (event) => timeline.zoomAbout(point.position.x, Math.pow(1.2, event.angleDelta.y / 120))
            }
            WheelHandler { // Shift+wheel pans it
                acceptedModifiers: Qt.ShiftModifier
                onWheel: (event) => timeline.panTo(timeline.viewStart - (event.angleDelta.y + event.angleDelta.x) / 120 * timeline.viewSpan / 10)
            }
            WheelHandler { // rows scroll with the wheel (the list itself does not flick: drags select)
                acceptedModifiers: Qt.NoModifier
                onWheel: (event) => {
                    const most = Math.max(0, rows.contentHeight - rows.height + timeline.rulerHeight)
                    rows.contentY = Math.max(-timeline.rulerHeight, Math.min(most - timeline.rulerHeight, rows.contentY - event.angleDelta.y / 2))
                }
            }
            header: Item { width: rows.width; height: timeline.rulerHeight }
            headerPositioning: ListView.OverlayHeader

            // Box select and clicks on empty rows (under the diamonds, which take their own).
            MouseArea {
                id: boxArea
                parent: rows
                z: -1 // under the rows' diamonds, which take their own presses
                anchors.fill: parent
                anchors.topMargin: timeline.rulerHeight
                anchors.leftMargin: timeline.labelWidth
                property point start
                property bool boxing: false
                onPressed: (mouse) => {
                    timeline.forceActiveFocus()
                    start = Qt.point(mouse.x, mouse.y)
                    boxing = false
                }
                onPositionChanged: (mouse) => {
                    if (Math.abs(mouse.x - start.x) + Math.abs(mouse.y - start.y) > 4)
                        boxing = true
                    band.x = Math.min(start.x, mouse.x) + timeline.labelWidth
                    band.y = Math.min(start.y, mouse.y) + timeline.rulerHeight
                    band.width = Math.abs(mouse.x - start.x)
                    band.height = Math.abs(mouse.y - start.y)
                }
                onReleased: (mouse) => {
                    const extend = (mouse.modifiers & (Qt.ShiftModifier | Qt.ControlModifier)) !== 0
                    if (boxing) {
                        const top = Math.min(start.y, mouse.y), bottom = Math.max(start.y, mouse.y)
                        const first = Math.max(0, timeline.rowAt(top + timeline.rulerHeight))
                        let last = timeline.rowAt(bottom + timeline.rulerHeight)
                        if (last < 0)
                            last = rows.count - 1
                        keyModel.selectBox(first, last, timeline.xToTime(Math.min(start.x, mouse.x) + timeline.labelWidth),
                                           timeline.xToTime(Math.max(start.x, mouse.x) + timeline.labelWidth), extend)
                    } else {
                        if (!extend)
                            keyModel.clearSelection()
                        timeline.anim.time = timeline.xToTime(mouse.x + timeline.labelWidth)
                    }
                    boxing = false
                }
            }
            Rectangle {
                id: band
                parent: rows
                visible: boxArea.boxing
                color: Qt.rgba(0.18, 0.43, 0.66, 0.25)
                border.color: Theme.highlight
                z: 5
            }

            delegate: Item {
                id: row
                required property int index
                required property string name
                required property string kind
                required property var keys
                required property int target
                width: rows.width
                height: timeline.rowHeight

                Rectangle {
                    anchors.fill: parent
                    color: row.index % 2 ? Theme.alternateBase : Theme.base
                }
                Rectangle { // over diamonds panned out of view to the left
                    z: 3
                    width: timeline.labelWidth
                    height: parent.height
                    color: row.index % 2 ? Theme.alternateBase : Theme.base
                }
                Label {
                    z: 3
                    x: 6
                    width: timeline.labelWidth - 10
                    anchors.verticalCenter: parent.verticalCenter
                    elide: Text.ElideRight
                    font.bold: row.kind === "summary"
                    color: row.kind === "summary" ? Theme.secondaryText : Theme.text
                    text: (row.kind === "chain" ? "\u26af " : row.kind === "slot" ? "\u25a7 " : "") + row.name
                }
                MouseArea { // the label selects what the row keys
                    z: 3
                    width: timeline.labelWidth
                    height: parent.height
                    onClicked: {
                        if (row.kind === "joint")
                            timeline.document.selectedJoint = row.target
                        else if (row.kind === "chain")
                            timeline.document.selectedChain = row.target
                        else if (row.kind === "slot")
                            timeline.document.selectedSlot = row.target
                    }
                }
                Repeater {
                    model: row.keys
                    delegate: Rectangle {
                        id: diamond
                        required property var modelData // the key time
                        readonly property bool selected: { keyModel.selectionRevision; return keyModel.isKeySelected(row.index, modelData) }
                        readonly property real shift: selected ? timeline.keyDragShift : 0
                        width: row.kind === "summary" ? 9 : 10
                        height: width
                        // (The pressed one stays, even dragged out of view: an item hidden
                        // loses its press, and the drag was lost.)
                        visible: timeline.inView(modelData + shift) || keyPress.pressed
                        rotation: 45
                        x: timeline.timeToX(modelData + shift) - width / 2
                        y: (row.height - height) / 2
                        color: selected ? "#ffd24d" : row.kind === "summary" ? "#8a939c" : "#c9d1d9"
                        border.color: selected ? "#fff2c0" : "#15171a"
                        z: 2
                        MouseArea {
                            id: keyPress
                            anchors.fill: parent
                            anchors.margins: -3
                            property real pressX
                            property bool moved: false
                            cursorShape: Qt.SizeHorCursor
                            // The drag is the diamond's to the end, wherever the pointer goes.
                            preventStealing: true
                            onPressed: (mouse) => {
                                timeline.forceActiveFocus()
                                const extend = (mouse.modifiers & (Qt.ShiftModifier | Qt.ControlModifier)) !== 0
                                if (extend || !diamond.selected)
                                    keyModel.selectKey(row.index, diamond.modelData, extend)
                                pressX = mapToItem(rows, mouse.x, mouse.y).x // the diamond is turned: both coordinates count
                                moved = false
                            }
                            function follow(mouse) {
                                if (!diamond.selected)
                                    return
                                const dx = mapToItem(rows, mouse.x, mouse.y).x - pressX
                                moved = moved || Math.abs(dx) > 3
                                if (moved)
                                    timeline.keyDragShift = keyModel.movableShift(timeline.snapped(dx / timeline.trackWidth() * timeline.viewSpan))
                            }
                            onPositionChanged: (mouse) => follow(mouse)
                            onReleased: (mouse) => {
                                // Where the button came up: the last move may not have been
                                // delivered yet (Qt Quick compresses moves to one a frame).
                                follow(mouse)
                                const shift = timeline.keyDragShift
                                timeline.keyDragShift = 0
                                if (moved && shift !== 0)
                                    keyModel.moveSelected(shift)
                                else if (!moved)
                                    timeline.anim.time = diamond.modelData
                            }
                            // Taken away all the same (a window losing the pointer): nothing moves.
                            onCanceled: timeline.keyDragShift = 0
                        }
                    }
                }
            }

            // The ruler: whole seconds labelled, frames ticked (and numbered) where there is room;
            // drag to scrub.
            Rectangle {
                id: ruler
                parent: rows
                z: 10
                width: rows.width
                height: timeline.rulerHeight
                color: Theme.window
                // Frames between ticks: the first step of 1, 2, 5, 10, 15 frames, then 1, 2, 5,
                // 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1 h and on by 1, 2, 5 x 10^n h, that keeps
                // them `spacing` px apart, so a clip of any length has at most a screenful of ticks.
                function frameStep(perFrame, spacing) {
                    const fps = timeline.anim.fps
                    for (const frames of [1, 2, 5, 10, 15])
                        if (frames < fps && perFrame * frames >= spacing)
                            return frames
                    const seconds = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800]
                    for (let hours = 1; seconds.length < 1000; hours *= 10)
                        seconds.push(3600 * hours, 7200 * hours, 18000 * hours)
                    for (const s of seconds)
                        if (perFrame * s * fps >= spacing)
                            return s * fps
                    return seconds[seconds.length - 1] * fps
                }
                // "45s"; "2min" or "3h" once labels are a minute or an hour apart (then every
                // labelled time is a whole number of them).
                function timeLabel(seconds, step) {
                    const apart = step / timeline.anim.fps
                    const whole = (n) => n < 1e6 ? n.toFixed(0) : n.toPrecision(3) // "1.5e+7", not 8 digits
                    if (apart >= 3600)
                        return whole(seconds / 3600) + "h"
                    if (apart >= 60)
                        return whole(seconds / 60) + "min"
                    return whole(seconds) + "s"
                }
                // Whether `frame` is a whole number of `step`s (relatively: past 2^53 frames a
                // double holds no exact multiples).
                function isMultiple(frame, step) {
                    const q = frame / step
                    return Math.abs(q - Math.round(q)) < 1e-6
                }
                readonly property real perFrame: timeline.trackWidth() / Math.max(1e-9, timeline.viewSpan * timeline.anim.fps)
                readonly property real tickStep: frameStep(perFrame, 6)
                // Labelled ticks: whole seconds (or a coarser step) at least 48 px apart, more for
                // long labels; frame numbers between them where there is room (frameLabelStep).
                // Frames between frame-number labels inside a second, where they keep 48 px
                // apart (a short clip is read by its frames: a 0.5 s clip had only "0s").
                readonly property real frameLabelStep: {
                    const step = frameStep(perFrame, 48)
                    return step < timeline.anim.fps ? step : 0
                }
                readonly property real labelStep: {
                    const fps = timeline.anim.fps
                    const step = Math.max(fps, frameStep(perFrame, 48))
                    const room = 7 * ruler.timeLabel(timeline.anim.duration, step).length + 12 // about 7 px a character
                    return room > 48 ? Math.max(fps, frameStep(perFrame, room)) : step
                }
                Repeater {
                    objectName: "rulerTicks"
                    model: {
                        const fps = timeline.anim.fps
                        const every = ruler.tickStep
                        const first = Math.max(0, Math.ceil(timeline.viewStart * fps / every - 1e-6) * every)
                        const last = Math.min(Math.round(timeline.anim.duration * fps), Math.floor((timeline.viewStart + timeline.viewSpan) * fps + 1e-6))
                        const ticks = []
                        for (let k = 0; first + k * every <= last && k < 10000; ++k)
                            ticks.push(first + k * every)
                        return ticks
                    }
                    delegate: Rectangle {
                        required property real modelData
                        readonly property bool second: ruler.isMultiple(modelData, timeline.anim.fps)
                        readonly property bool labelled: ruler.isMultiple(modelData, ruler.labelStep)
                        x: timeline.timeToX(modelData / timeline.anim.fps)
                        y: second ? 10 : 15
                        width: 1
                        height: timeline.rulerHeight - y
                        color: second ? Theme.secondaryText : "#6b737b"
                        Label {
                            // Whole seconds; between them frame numbers, where there is room.
                            visible: parent.labelled || (!parent.second && ruler.frameLabelStep > 0 && ruler.isMultiple(parent.modelData, ruler.frameLabelStep))
                            // Right of its tick, or left of it at the ruler's end.
                            x: parent.x + 3 + implicitWidth > rows.width ? -implicitWidth - 2 : 3
                            y: -11
                            text: parent.second ? ruler.timeLabel(parent.modelData / timeline.anim.fps, ruler.labelStep) : parent.modelData
                            font.pixelSize: 10
                            color: Theme.secondaryText
                        }
                    }
                }
                MouseArea {
                    objectName: "rulerArea"
                    anchors.fill: parent
                    anchors.leftMargin: timeline.labelWidth
                    onPressed: (mouse) => { timeline.anim.pause(); timeline.anim.time = timeline.xToTime(mouse.x + timeline.labelWidth) }
                    onPositionChanged: (mouse) => timeline.anim.time = timeline.xToTime(mouse.x + timeline.labelWidth)
                }
            }
            // Panning the zoomed time axis: the thumb shows the part of the clip in view.
            Rectangle {
                objectName: "timePanBar"
                parent: rows
                z: 12
                visible: timeline.zoom > 1.001
                x: timeline.labelWidth
                y: rows.height - height
                width: rows.width - timeline.labelWidth
                height: 8
                color: Theme.window
                Rectangle {
                    id: thumb
                    x: timeline.anim.duration > 0 ? timeline.viewStart / timeline.anim.duration * parent.width : 0
                    width: Math.max(16, parent.width / timeline.zoom)
                    height: parent.height
                    radius: 4
                    color: thumbArea.pressed ? Theme.highlight : "#5b636b"
                }
                MouseArea {
                    id: thumbArea
                    anchors.fill: parent
                    property real grab: 0
                    onPressed: (mouse) => grab = mouse.x >= thumb.x && mouse.x <= thumb.x + thumb.width ? mouse.x - thumb.x : thumb.width / 2
                    onPositionChanged: (mouse) => timeline.panTo((mouse.x - grab) / width * timeline.anim.duration)
                }
            }
            // A clip without keys says how to make the first.
            Label {
                parent: rows
                z: 4
                visible: timeline.anim.active && keyModel.keyCount === 0
                x: timeline.labelWidth + 16
                y: timeline.rulerHeight + 2 * timeline.rowHeight + 8
                width: rows.width - x - 16
                wrapMode: Text.WordWrap
                color: Theme.secondaryText
                text: qsTr("No keys yet. Pose the rig on the canvas: with Auto-Key each drag keys the frame at the playhead; or press K to key the selected joint (nothing selected: the whole pose). Move the playhead and pose again.")
            }
            // The playhead, over the ruler and every row.
            Rectangle {
                parent: rows
                z: 11
                visible: timeline.anim.active && timeline.inView(timeline.anim.time)
                x: timeline.timeToX(timeline.anim.time) - 1
                width: 2
                height: rows.height
                color: "#ff6b5c"
            }
        }
    }

    // Renaming the open animation.
    Popup {
        id: renamePopup
        property int index: -1
        function openFor(i) {
            index = i
            nameField.text = timeline.anim.animations[i]
            open()
            nameField.forceActiveFocus()
            nameField.selectAll()
        }
        x: clipPicker.x
        y: clipPicker.y + clipPicker.height
        modal: true
        padding: 8
        contentItem: RowLayout {
            TextField {
                id: nameField
                Layout.preferredWidth: 200
                onAccepted: {
                    timeline.document.renameAnimation(renamePopup.index, text)
                    renamePopup.close()
                }
            }
            Button {
                text: qsTr("Rename")
                onClicked: nameField.accepted()
            }
        }
    }

    CurveEditor {
        id: curveEditor
        model: keyModel
        anchors.centerIn: Overlay.overlay
    }
}
