// The editor's menus. Every entry is an action of EditorActions, shown with its keys.
import QtQuick
import QtQuick.Controls
import Bonework.Editor

MenuBar {
    id: bar
    required property EditorActions actions
    required property Document document
    signal openRecent(string path)
    signal openExample(int index)
    signal rendererChanged()

    FittingMenu {
        title: qsTr("&File")
        ActionMenuItem { action: bar.actions.newRig }
        ActionMenuItem { action: bar.actions.open }
        FittingMenu {
            id: recentMenu
            title: qsTr("Open &Recent")
            enabled: bar.document.files.recentFiles.length > 0
            Instantiator {
                model: bar.document.files.recentFiles
                delegate: MenuItem {
                    required property string modelData
                    required property int index
                    // The name first, then the folder; & doubled so it is not a mnemonic.
                    text: (index < 9 ? "&" + (index + 1) + "  " : "") + bar.document.files.recentFileLabel(modelData).replace(/&/g, "&&")
                    onTriggered: bar.openRecent(modelData)
                }
                onObjectAdded: (index, object) => recentMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => recentMenu.removeItem(object)
            }
        }
        FittingMenu {
            id: examplesMenu
            title: qsTr("E&xamples")
            Instantiator {
                model: bar.document.files.examples()
                delegate: MenuItem {
                    required property var modelData
                    required property int index
                    text: modelData.title
                    ToolTip.visible: hovered
                    ToolTip.text: modelData.description
                    ToolTip.delay: 300
                    onTriggered: bar.openExample(index)
                }
                onObjectAdded: (index, object) => examplesMenu.insertItem(index, object)
                onObjectRemoved: (index, object) => examplesMenu.removeItem(object)
            }
        }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.save }
        ActionMenuItem { action: bar.actions.saveAs }
        ActionMenuItem { action: bar.actions.revert }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.importImages }
        ActionMenuItem { action: bar.actions.exportRig }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.quit }
    }
    FittingMenu {
        title: qsTr("&Edit")
        ActionMenuItem { action: bar.actions.undo }
        ActionMenuItem { action: bar.actions.redo }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.copyKeys }
        ActionMenuItem { action: bar.actions.pasteKeys }
        ActionMenuItem { action: bar.actions.deleteJoint }
        ActionMenuItem { action: bar.actions.togglePin }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.flipImageHorizontally }
        ActionMenuItem { action: bar.actions.flipImageVertically }
    }
    FittingMenu {
        title: qsTr("&View")
        ActionMenuItem { action: bar.actions.zoomIn }
        ActionMenuItem { action: bar.actions.zoomOut }
        ActionMenuItem { action: bar.actions.fit }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.showBones }
        ActionMenuItem { action: bar.actions.frameTime }
        ActionMenuItem { action: bar.actions.compareSolvers }
        MenuSeparator {}
        // How the window is drawn (renderer_choice.h); the scene graph is set up once, so a
        // change applies when the editor starts again.
        FittingMenu {
            objectName: "rendererMenu"
            title: qsTr("&Renderer")
            width: Math.max(implicitWidth, inUse.implicitWidth + leftPadding + rightPadding)
            Repeater {
                model: [{ key: "auto", text: qsTr("&Automatic") },
                        { key: "hardware", text: qsTr("&Hardware (OpenGL)") },
                        { key: "software", text: qsTr("&Software") }]
                MenuItem {
                    required property var modelData
                    text: modelData.text
                    checkable: true
                    checked: RendererChoice.preference === modelData.key
                    onTriggered: {
                        RendererChoice.preference = modelData.key
                        if (RendererChoice.restartNeeded)
                            bar.rendererChanged()
                    }
                }
            }
            MenuSeparator {}
            MenuItem {
                id: inUse
                enabled: false
                text: qsTr("In use: %1").arg(RendererChoice.active)
            }
        }
    }
    FittingMenu {
        title: qsTr("&Tools")
        ActionMenuItem { action: bar.actions.selectTool }
        ActionMenuItem { action: bar.actions.addBoneTool }
        ActionMenuItem { action: bar.actions.poseTool }
    }
    FittingMenu {
        title: qsTr("&Rig")
        ActionMenuItem { action: bar.actions.makeChain }
        ActionMenuItem { action: bar.actions.resetPose }
        ActionMenuItem { action: bar.actions.moveOrigin }
        FittingMenu {
            title: qsTr("Node &Shape")
            Repeater {
                model: bar.document.nodeShapeNames
                MenuItem {
                    required property string modelData
                    text: modelData
                    checkable: true
                    checked: bar.document.nodeShape === modelData
                    onTriggered: bar.document.setNodeShape(modelData)
                }
            }
        }
    }
    FittingMenu {
        title: qsTr("&Play")
        ActionMenuItem { action: bar.actions.play }
        ActionMenuItem { action: bar.actions.step }
        ActionMenuItem { action: bar.actions.stop }
        ActionMenuItem { action: bar.actions.keepPose }
        ActionMenuItem { action: bar.actions.record }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.flipBend }
    }
    FittingMenu {
        title: qsTr("&Animation")
        ActionMenuItem { action: bar.actions.newAnimation }
        ActionMenuItem { action: bar.actions.setupPose }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.keyPose }
        ActionMenuItem { action: bar.actions.autoKey }
        ActionMenuItem { action: bar.actions.previousFrame }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.onionSkin }
    }
    FittingMenu {
        title: qsTr("&Help")
        ActionMenuItem { action: bar.actions.shortcuts }
        ActionMenuItem { action: bar.actions.documentation }
        MenuSeparator {}
        ActionMenuItem { action: bar.actions.about }
    }
}
