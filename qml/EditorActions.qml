// Every command of the editor as an Action, shared by the menus, the tool bar and the shortcuts
// list. Each carries its keys: `shortcut` (a platform StandardKey where one exists) plus
// `extraKeys`, keys users expect that the platform's standard may lack (bound once, never twice).
import QtQuick
import QtQuick.Controls
import Bonework.Editor

QtObject {
    id: actions
    required property var window      // Main.qml: newRig(), openRig(), the dialogs
    required property Document document
    required property RigCanvas canvas
    required property PlayController player
    // The Timeline's keys (Timeline.keys): Copy, Paste and Delete act on the selected keys.
    property TimelineModel keys: null
    readonly property bool keysSelected: keys !== null && keys.selectedKeyCount > 0 && document.animation.active
    readonly property AnimationPlayer animation: document.animation

    readonly property Action newRig: Action {
        text: qsTr("&New"); shortcut: StandardKey.New
        onTriggered: actions.window.newRig()
    }
    readonly property Action open: Action {
        text: qsTr("&Open\u2026"); shortcut: StandardKey.Open
        onTriggered: actions.window.openRig()
    }
    readonly property Action save: Action {
        text: qsTr("&Save"); shortcut: StandardKey.Save
        onTriggered: actions.window.save()
    }
    readonly property Action saveAs: Action {
        property var extraKeys: ["Ctrl+Shift+S"]
        text: qsTr("Save &As\u2026"); shortcut: StandardKey.SaveAs
        onTriggered: actions.window.saveAs()
    }
    readonly property Action revert: Action {
        text: qsTr("&Revert\u2026"); enabled: actions.document.modified
        onTriggered: actions.window.revert() // asks first
    }
    readonly property Action exportRig: Action {
        text: qsTr("&Export\u2026"); shortcut: "Ctrl+E"
        onTriggered: actions.window.exportRig()
    }
    readonly property Action quit: Action {
        text: qsTr("&Quit"); shortcut: StandardKey.Quit
        onTriggered: actions.window.close()
    }
    readonly property Action undo: Action {
        property string label: qsTr("Undo")
        text: actions.document.canUndo ? qsTr("&Undo %1").arg(actions.document.undoText) : qsTr("&Undo")
        shortcut: StandardKey.Undo; enabled: actions.document.canUndo
        onTriggered: actions.document.undo()
    }
    readonly property Action redo: Action {
        property var extraKeys: ["Ctrl+Y", "Ctrl+Shift+Z"]
        property string label: qsTr("Redo")
        text: actions.document.canRedo ? qsTr("&Redo %1").arg(actions.document.redoText) : qsTr("&Redo")
        shortcut: StandardKey.Redo; enabled: actions.document.canRedo
        onTriggered: actions.document.redo()
    }
    // Deletes what is selected: keys in the Timeline, else a joint (with its subtree) or an image.
    readonly property Action deleteJoint: Action {
        text: actions.keysSelected ? qsTr("&Delete Keys")
              : actions.document.selectedSlot >= 0 ? qsTr("&Delete Image") : qsTr("&Delete Joint")
        shortcut: StandardKey.Delete
        enabled: actions.keysSelected || actions.document.selectedJoint >= 0 || actions.document.selectedSlot >= 0
        onTriggered: {
            if (actions.keysSelected)
                actions.keys.deleteSelected()
            else if (actions.document.selectedSlot >= 0)
                actions.document.removeSlot(actions.document.selectedSlot)
            else
                actions.document.removeJoint(actions.document.selectedJoint)
        }
    }
    // The selected keys, copied to be pasted at the playhead (of this clip or another).
    readonly property Action copyKeys: Action {
        text: qsTr("&Copy Keys")
        shortcut: StandardKey.Copy
        enabled: actions.keysSelected
        onTriggered: actions.keys.copySelected()
    }
    readonly property Action pasteKeys: Action {
        text: qsTr("&Paste Keys")
        shortcut: StandardKey.Paste
        enabled: actions.keys !== null && actions.keys.canPaste && actions.document.animation.active
        onTriggered: actions.keys.paste()
    }
    // Mirror the selected image about its pivot (Document::flipSlot).
    readonly property Action flipImageHorizontally: Action {
        text: qsTr("Flip Image &Horizontally")
        enabled: actions.document.selectedSlot >= 0
        onTriggered: actions.document.flipSlot(actions.document.selectedSlot, true)
    }
    readonly property Action flipImageVertically: Action {
        text: qsTr("Flip Image &Vertically")
        enabled: actions.document.selectedSlot >= 0
        onTriggered: actions.document.flipSlot(actions.document.selectedSlot, false)
    }
    readonly property Action importImages: Action {
        text: qsTr("&Import Images\u2026"); shortcut: "Ctrl+I"
        onTriggered: actions.window.importImages()
    }
    readonly property Action togglePin: Action {
        text: qsTr("Toggle &Pin"); shortcut: "P"
        enabled: actions.document.selectedJoint >= 0
        onTriggered: actions.document.togglePin(actions.document.selectedJoint)
    }
    readonly property Action zoomIn: Action {
        property var extraKeys: ["Ctrl+="]
        text: qsTr("Zoom &In"); shortcut: StandardKey.ZoomIn
        onTriggered: actions.canvas.zoomIn()
    }
    readonly property Action zoomOut: Action {
        text: qsTr("Zoom &Out"); shortcut: StandardKey.ZoomOut
        onTriggered: actions.canvas.zoomOut()
    }
    readonly property Action fit: Action {
        text: qsTr("&Fit Rig"); shortcut: "F"
        onTriggered: actions.canvas.fitToView()
    }
    readonly property Action frameTime: Action {
        text: qsTr("Show Frame &Time"); checkable: true
        checked: actions.canvas.showFrameTime
        onToggled: actions.canvas.showFrameTime = checked
    }
    readonly property Action showBones: Action {
        text: qsTr("Show &Bones"); checkable: true; shortcut: "Ctrl+B"
        checked: actions.canvas.showBones
        onToggled: actions.canvas.showBones = checked
    }
    readonly property Action compareSolvers: Action {
        text: qsTr("&Compare Solvers"); checkable: true
        checked: actions.document.comparison.enabled
        onToggled: {
            actions.document.comparison.enabled = checked
            checked = Qt.binding(() => actions.document.comparison.enabled)
        }
    }
    // Each tool's `hint` says how to use it: its button's tooltip, and the status bar when the
    // tool is picked.
    readonly property Action selectTool: Action {
        property string hint: qsTr("Select: click a joint or an image; drag a root or an image to move it, or the selected image's handles")
        text: qsTr("Select"); shortcut: "V"; checkable: true
        checked: actions.canvas.tool === RigCanvas.Select
        onTriggered: actions.canvas.tool = RigCanvas.Select
    }
    readonly property Action addBoneTool: Action {
        property string hint: qsTr("Add bone: click empty canvas for a root, drag from a joint to grow a bone; Shift snaps to 15\u00b0")
        text: qsTr("Add Bone"); shortcut: "B"; checkable: true
        checked: actions.canvas.tool === RigCanvas.AddBone
        onTriggered: actions.canvas.tool = RigCanvas.AddBone
    }
    readonly property Action poseTool: Action {
        property string hint: qsTr("Pose: drag joints or chain targets; the rig solves live")
        text: qsTr("Pose"); shortcut: "R"; checkable: true
        checked: actions.canvas.tool === RigCanvas.Pose
        onTriggered: actions.canvas.tool = RigCanvas.Pose
    }
    readonly property Action makeChain: Action {
        text: qsTr("Make &Chain\u2026"); shortcut: "Ctrl+K"
        enabled: actions.document.selectedJoint >= 0 && actions.document.defaultChainRoot(actions.document.selectedJoint) >= 0
        onTriggered: actions.window.makeChain()
    }
    readonly property Action moveOrigin: Action {
        // The exports put the skeleton's origin at the rig's origin, where a game places it.
        text: qsTr("Move &Origin to Selected Joint")
        enabled: actions.document.selectedJoint >= 0
        onTriggered: actions.document.moveOriginTo(actions.document.selectedJoint)
    }
    readonly property Action resetPose: Action {
        text: qsTr("&Reset Pose")
        onTriggered: actions.document.posing.resetPose()
    }
    readonly property Action play: Action {
        property var extraKeys: ["Space"]
        property string label: qsTr("Play or Pause")
        // An animation open in the Timeline plays; otherwise the motion preview.
        text: (actions.animation.active ? actions.animation.playing : actions.player.playing) ? qsTr("Pause") : qsTr("Play")
        onTriggered: {
            if (actions.animation.active) {
                actions.animation.togglePlay()
                return
            }
            actions.window.updatePlayBounds()
            actions.player.togglePlay()
        }
    }
    readonly property Action step: Action {
        property string label: qsTr("Step or Next Frame")
        text: actions.animation.active ? qsTr("Next Frame") : qsTr("Step"); shortcut: "."
        onTriggered: {
            if (actions.animation.active) {
                actions.animation.stepFrames(1)
                return
            }
            actions.window.updatePlayBounds()
            actions.player.stepOnce()
        }
    }
    readonly property Action previousFrame: Action {
        text: qsTr("Previous Frame"); shortcut: ","; enabled: actions.animation.active
        onTriggered: actions.animation.stepFrames(-1)
    }
    // Keys the selected joint (or what an unkeyed drag moved, or the whole pose) at the playhead.
    readonly property Action keyPose: Action {
        text: qsTr("&Key Pose"); shortcut: "K"; enabled: actions.animation.active
        onTriggered: actions.animation.keyPose()
    }
    readonly property Action autoKey: Action {
        text: qsTr("&Auto-Key"); checkable: true
        checked: actions.animation.autoKey
        onToggled: actions.animation.autoKey = checked
    }
    readonly property Action onionSkin: Action {
        text: qsTr("&Onion Skin"); checkable: true
        checked: actions.animation.onionSkin
        onToggled: actions.animation.onionSkin = checked
    }
    readonly property Action newAnimation: Action {
        text: qsTr("&New Animation")
        onTriggered: {
            const index = actions.document.newAnimation()
            if (index >= 0)
                actions.animation.current = index
        }
    }
    readonly property Action setupPose: Action {
        text: qsTr("Edit &Setup Pose"); enabled: actions.animation.current >= 0
        onTriggered: actions.animation.current = -1
    }
    // Stops whatever plays: a clip pauses where it is (Space plays it on from there); the
    // motion preview ends, the rig back in the pose it started from.
    readonly property Action stop: Action {
        text: qsTr("Stop"); shortcut: "Esc"; enabled: actions.player.active || actions.animation.playing
        onTriggered: {
            if (actions.animation.playing)
                actions.animation.pause()
            else
                actions.player.stop(false)
        }
    }
    // Captures every played frame into a new animation clip; added to the rig when play stops.
    readonly property Action record: Action {
        text: actions.player.recording ? qsTr("Stop Recording") : qsTr("Record"); shortcut: "Ctrl+R"
        checkable: true; checked: actions.player.recording
        onTriggered: { actions.window.updatePlayBounds(); actions.player.toggleRecord() }
    }
    readonly property Action flipBend: Action {
        text: qsTr("Flip Bend"); shortcut: "N"; enabled: actions.player.active && actions.player.bendApplies
        onTriggered: actions.player.flipBend()
    }
    readonly property Action keepPose: Action {
        text: qsTr("Keep Pose"); enabled: actions.player.active
        onTriggered: actions.player.stop(true)
    }
    readonly property Action shortcuts: Action {
        text: qsTr("&Keyboard Shortcuts"); shortcut: StandardKey.HelpContents
        property var extraKeys: ["F1"]
        onTriggered: actions.window.showShortcuts()
    }
    readonly property Action documentation: Action {
        text: qsTr("Editor &Guide")
        onTriggered: Qt.openUrlExternally(HelpLinks.editorGuide())
    }
    readonly property Action about: Action {
        text: qsTr("&About Bonework")
        onTriggered: actions.window.showAbout()
    }

    // What the shortcuts list shows, in menu order.
    readonly property var listed: [newRig, open, save, saveAs, importImages, exportRig, quit, undo, redo, copyKeys, pasteKeys, deleteJoint, togglePin,
                                   selectTool, addBoneTool, poseTool, makeChain, zoomIn, zoomOut, fit, showBones, play, step,
                                   previousFrame, keyPose, stop, record, flipBend, shortcuts]

    // Keys users expect beside the platform's standard ones, bound only where the standard lacks them.
    readonly property list<QtObject> extraShortcuts: [
        Shortcut {
            sequences: KeyBindings.missingFrom(StandardKey.Redo, actions.redo.extraKeys)
            enabled: actions.redo.enabled
            onActivated: actions.redo.trigger()
        },
        Shortcut {
            sequences: KeyBindings.missingFrom(StandardKey.SaveAs, actions.saveAs.extraKeys)
            onActivated: actions.saveAs.trigger()
        },
        Shortcut {
            sequences: KeyBindings.missingFrom(StandardKey.ZoomIn, actions.zoomIn.extraKeys)
            onActivated: actions.zoomIn.trigger()
        },
        Shortcut {
            sequences: KeyBindings.missingFrom(StandardKey.HelpContents, actions.shortcuts.extraKeys)
            onActivated: actions.shortcuts.trigger()
        }
    ]
}
