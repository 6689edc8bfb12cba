// The tool bar: files, undo, the canvas tools, the drag solver, and the motion preview's controls.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

ToolBar {
    id: bar
    required property EditorActions actions
    required property Document document
    required property PlayController player

    // "Open a rig file (Ctrl+O)": the tip with the action's keys as the platform writes them.
    function tip(text, action) {
        const keys = KeyBindings.text(action.shortcut, action.extraKeys || [])
        return keys !== "" ? qsTr("%1 (%2)").arg(text).arg(keys) : text
    }

    // Three groups that wrap onto a second line in a narrow window instead of running off its
    // right edge: files, undo and tools; the drag solver and Fit; the motion preview.
    Flow {
        width: bar.availableWidth
        spacing: 2
        RowLayout {
            spacing: 2
            ToolButton { action: bar.actions.newRig; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("New rig"), action) }
            ToolButton { action: bar.actions.open; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("Open a rig file"), action) }
            ToolButton { action: bar.actions.save; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("Save"), action) }
            ToolSeparator {}
            ToolButton { action: bar.actions.undo; text: qsTr("Undo"); ToolTip.visible: hovered; ToolTip.text: bar.tip(bar.actions.undo.text.replace("&", ""), action) }
            ToolButton { action: bar.actions.redo; text: qsTr("Redo"); ToolTip.visible: hovered; ToolTip.text: bar.tip(bar.actions.redo.text.replace("&", ""), action) }
            ToolSeparator {}
            ButtonGroup { id: toolGroup; exclusive: true }
            ToolButton {
                action: bar.actions.selectTool; ButtonGroup.group: toolGroup
                ToolTip.visible: hovered; ToolTip.text: bar.tip(action.hint, action)
            }
            ToolButton {
                action: bar.actions.addBoneTool; ButtonGroup.group: toolGroup
                ToolTip.visible: hovered; ToolTip.text: bar.tip(action.hint, action)
            }
            ToolButton {
                action: bar.actions.poseTool; ButtonGroup.group: toolGroup
                ToolTip.visible: hovered; ToolTip.text: bar.tip(action.hint, action)
            }
            ToolSeparator {}
        }
        RowLayout {
            spacing: 2
            Label { text: qsTr("Drag solver") }
            ComboBox {
                id: defaultSolverBox
                model: bar.document.posing.dragSolverNames
                currentIndex: Math.max(0, model.indexOf(bar.document.posing.defaultSolver))
                onActivated: {
                    bar.document.posing.defaultSolver = currentText
                    FieldFocus.endEdit(defaultSolverBox, Window.window) // the keys back to the canvas
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("How a joint that is not a chain's tip drags: follow and relax pose the whole figure, rotate turns only that joint's bone")
            }
            ToolSeparator {}
            ToolButton { action: bar.actions.fit; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("Frame the rig"), action) }
            ToolSeparator {}
        }
        RowLayout {
            spacing: 2
            // The motion preview's transport (physics driven by the cursor, a ball or the keys),
            // named so it is not taken for the Timeline's clip playback.
            Label { text: qsTr("Preview") }
            ToolButton {
                action: bar.actions.play; highlighted: bar.player.playing
                ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("Play or pause the motion preview"), action)
            }
            ToolButton { action: bar.actions.step; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("One 60 Hz step"), action) }
            ToolButton { action: bar.actions.stop; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("Stop and return to the pose before play"), action) }
            ToolButton { action: bar.actions.keepPose; ToolTip.visible: hovered; ToolTip.text: qsTr("Stop and keep the played pose (one undo step)") }
            ToolButton {
                objectName: "recordButton"
                action: bar.actions.record; highlighted: bar.player.recording
                ToolTip.visible: hovered
                ToolTip.text: bar.tip(qsTr("Record the motion preview into a new animation clip (keys within 0.1 px); stopping adds it to the rig"), action)
            }
            ToolButton { action: bar.actions.flipBend; ToolTip.visible: hovered; ToolTip.text: bar.tip(qsTr("Switch the driven two-bone chain's bend direction while playing"), action) }
            ComboBox {
                id: driverBox
                objectName: "driverBox"
                model: bar.player.drivers
                textRole: "text"
                valueRole: "value"
                currentIndex: Math.max(0, indexOfValue(bar.player.driver))
                onActivated: {
                    bar.player.driver = currentValue
                    currentIndex = Qt.binding(() => Math.max(0, indexOfValue(bar.player.driver)))
                    FieldFocus.endEdit(driverBox, Window.window) // the keys back to the canvas
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("What moves the effector while playing: the mouse, a bouncing ball, or the arrow keys")
            }
            ComboBox {
                id: speedBox
                model: ["0.25×", "0.5×", "1×", "2×"]
                currentIndex: 2
                implicitWidth: 80
                onActivated: {
                    bar.player.speed = [0.25, 0.5, 1, 2][currentIndex]
                    FieldFocus.endEdit(speedBox, Window.window) // the keys back to the canvas
                }
                ToolTip.visible: hovered; ToolTip.text: qsTr("Playback speed")
            }
            ToolButton {
                id: ballButton
                objectName: "ballButton"
                text: qsTr("Ball\u2026")
                visible: bar.player.driver === "ball"
                onClicked: ballPopup.open()
                Popup {
                    id: ballPopup
                    objectName: "ballPopup"
                    // It takes the keys while open, so Esc closes it (Esc went to the canvas,
                    // and the popup, open, held back every shortcut until a click elsewhere).
                    focus: true
                    // Closed, it hands the keys back to the canvas (Qt gives them back to its
                    // button), unless a click outside gave them to a field.
                    onClosed: Qt.callLater(() => {
                        const window = bar.Window.window
                        const item = window ? window.activeFocusItem : null
                        if (window && window.keysDone && (!item || item === ballButton || item === window.contentItem))
                            window.keysDone()
                    })
                    // Under the button, its right edge on the button's (the button sits at the
                    // bar's right end), and kept inside the window: at 1400 px it ran off the
                    // right edge, its sliders out of reach (QA).
                    x: Math.min(0, parent.width - width)
                    y: parent.height
                    margins: 8
                    padding: 10
                    GridLayout {
                        columns: 3
                        Label { text: qsTr("Gravity") }
                        Slider { from: 0; to: 3000; value: bar.player.gravity; onMoved: bar.player.gravity = value }
                        Label { text: Math.round(bar.player.gravity) }
                        Label { text: qsTr("Restitution") }
                        Slider { from: 0; to: 1; value: bar.player.restitution; onMoved: bar.player.restitution = value }
                        Label { text: bar.player.restitution.toFixed(2) }
                        Label { text: qsTr("Ball size") }
                        Slider { from: 4; to: 80; value: bar.player.ballSize; onMoved: bar.player.ballSize = value }
                        Label { text: Math.round(bar.player.ballSize) }
                    }
                }
            }
        }
    }
}
