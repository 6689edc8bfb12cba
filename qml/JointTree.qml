// The skeleton's outline. Click selects; double-click renames; drag a joint onto another to
// reparent it (or onto the empty area below to make it a root). Refusals (cycles) show in the
// status bar.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: panel
    required property Document document
    padding: 4

    JointTreeModel { id: treeModel; document: panel.document }

    ColumnLayout {
        anchors.fill: parent
        Label { text: qsTr("Skeleton"); font.bold: true; Layout.leftMargin: 4 }
        TreeView {
            id: tree
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: treeModel
            Component.onCompleted: expandRecursively()
            Connections {
                target: treeModel
                function onModelReset() { tree.expandRecursively() }
            }
            delegate: TreeViewDelegate {
                id: row
                required property int joint
                required property bool pinned
                required property string name
                implicitWidth: tree.width
                highlighted: row.joint === panel.document.selectedJoint
                background: Rectangle {
                    color: row.highlighted ? palette.highlight : (row.row % 2 ? palette.alternateBase : palette.base)
                }
                contentItem: RowLayout {
                    Label {
                        text: row.name + (row.pinned ? "  \u25bc" : "")
                        visible: !renameField.visible
                        Layout.fillWidth: true
                        elide: Text.ElideRight
                    }
                    TextField {
                        id: renameField
                        visible: false
                        Layout.fillWidth: true
                        text: row.name
                        onEditingFinished: {
                            visible = false
                            if (text !== row.name)
                                panel.document.renameJoint(row.joint, text)
                        }
                    }
                }
                TapHandler {
                    onTapped: panel.document.selectedJoint = row.joint
                    onDoubleTapped: { renameField.visible = true; renameField.forceActiveFocus(); renameField.selectAll() }
                }
                DragHandler {
                    id: drag
                    target: null
                    onActiveChanged: {
                        if (active)
                            return
                        const p = tree.contentItem.mapFromItem(row, centroid.position.x, centroid.position.y)
                        const cell = tree.cellAtPos(p.x, p.y, true)
                        // Qt 6.4 names it modelIndex(row, column); later versions index(row, column).
                        const index = cell.y >= 0 ? (tree.index ? tree.index(cell.y, 0) : tree.modelIndex(cell.y, 0)) : null
                        const onto = index ? treeModel.jointAt(index) : -1
                        if (onto !== row.joint)
                            panel.document.reparentJoint(row.joint, onto)
                    }
                }
                Rectangle {
                    visible: drag.active
                    anchors.fill: parent
                    color: "transparent"
                    border.color: palette.highlight
                }
            }
        }
    }
}
