// The skeleton's outline. Click selects; double-click renames; drag a joint onto another to
// reparent it (or onto the empty area below to make it a root). Refusals (cycles) show in the
// status bar. Edits that rebuild the tree keep what the user had collapsed.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: panel
    required property Document document
    padding: 4

    JointTreeModel { id: treeModel; document: panel.document }

    // The arrow keys, as in any outline (the canvas keeps the keys and passes them here while a
    // joint or nothing is selected, see Main.qml): Up and Down pick the row above or below,
    // Home and End the first and last; Left closes the row or goes to the parent, Right opens
    // it or goes to its first child. Returns whether the key was one of those.
    function moveSelection(key) {
        const row = tree.rowOfSelected()
        const last = tree.rows - 1
        if (last < 0)
            return false
        switch (key) {
        case Qt.Key_Up: tree.selectRow(row < 0 ? last : Math.max(0, row - 1)); return true
        case Qt.Key_Down: tree.selectRow(row < 0 ? 0 : Math.min(last, row + 1)); return true
        case Qt.Key_Home: tree.selectRow(0); return true
        case Qt.Key_End: tree.selectRow(last); return true
        case Qt.Key_Left:
        case Qt.Key_Right: break
        default: return false
        }
        if (row < 0) {
            tree.selectRow(0)
            return true
        }
        const opens = treeModel.hasChildren(tree.indexOfRow(row))
        if (key === Qt.Key_Right) {
            if (opens && !tree.isExpanded(row))
                tree.expand(row)
            else if (opens)
                tree.selectRow(row + 1) // the first child, right under its open parent
        } else if (opens && tree.isExpanded(row)) {
            tree.collapse(row)
        } else {
            const parents = panel.document.ancestors(panel.document.selectedJoint)
            if (parents.length > 0)
                panel.document.selectedJoint = parents[0]
        }
        return true
    }

    ColumnLayout {
        anchors.fill: parent
        Label { text: qsTr("Skeleton"); font.bold: true; Layout.leftMargin: 4 }
        TreeView {
            id: tree
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            model: treeModel
            objectName: "jointTree"
            // A click selects the document's joint (the delegate's TapHandler); the view's own
            // current cell is not used, and taking the keys for it kept Space from playing.
            pointerNavigationEnabled: false
            // Names of the joints the user collapsed: a rebuild (add, delete, reparent) expands
            // everything else again and collapses these.
            property var collapsedNames: ({})

            // Qt 6.4.2 has modelIndex(column, row) (column first) and modelIndex(cell); later
            // versions index(row, column).
            function indexOfRow(row) { return tree.index ? tree.index(row, 0) : tree.modelIndex(Qt.point(0, row)) }
            function jointOfRow(row) { return treeModel.jointAt(indexOfRow(row)) }
            function rowOfSelected() {
                const joint = panel.document.selectedJoint
                for (let row = 0; joint >= 0 && row < tree.rows; ++row)
                    if (tree.jointOfRow(row) === joint)
                        return row
                return -1
            }
            function selectRow(row) {
                const joint = tree.jointOfRow(row)
                if (joint >= 0)
                    panel.document.selectedJoint = joint
            }
            function restoreExpansion() {
                tree.expandRecursively()
                for (let row = tree.rows - 1; row >= 0; --row) {
                    const joint = tree.jointOfRow(row)
                    if (joint >= 0 && tree.collapsedNames[panel.document.jointName(joint)])
                        tree.collapse(row)
                }
            }
            Component.onCompleted: restoreExpansion()
            function afterRebuild() {
                restoreExpansion()
                forceLayout() // the rows laid out first, or the view cannot scroll to one
                showSelected()
            }
            // A joint picked elsewhere (on the canvas, by a chain) scrolls into view here, its
            // collapsed ancestors opened.
            function showSelected() {
                const joint = panel.document.selectedJoint
                if (joint >= 0 && tree.expandToIndex)
                    tree.expandToIndex(treeModel.indexOfJoint(joint))
                const row = tree.rowOfSelected()
                if (row >= 0)
                    tree.positionViewAtRow(row, TableView.Contain)
            }
            Connections {
                target: panel.document
                function onSelectionChanged() { Qt.callLater(tree.showSelected) }
                // Another rig: its joints open, whatever names the last one had collapsed.
                function onOpened() {
                    tree.collapsedNames = {}
                    Qt.callLater(tree.restoreExpansion)
                }
            }
            Connections {
                target: treeModel
                function onModelAboutToBeReset() {
                    const names = {}
                    for (let row = 0; row < tree.rows; ++row) {
                        const index = tree.indexOfRow(row)
                        if (!tree.isExpanded(row) && treeModel.hasChildren(index))
                            names[treeModel.shownNameAt(index)] = true
                    }
                    tree.collapsedNames = names
                }
                // Later: the view takes in the reset after this handler. The selected joint
                // may have moved (reparented under another row): its row comes into view.
                function onModelReset() { Qt.callLater(tree.afterRebuild) }
            }
            delegate: TreeViewDelegate {
                id: row
                required property int joint
                required property bool pinned
                required property string name
                implicitWidth: tree.width
                highlighted: row.joint === panel.document.selectedJoint
                background: Rectangle {
                    color: row.highlighted ? row.palette.highlight : (row.row % 2 ? row.palette.alternateBase : row.palette.base)
                }
                contentItem: RowLayout {
                    Label {
                        text: row.name + (row.pinned ? "  \u25bc" : "")
                        color: row.highlighted ? row.palette.highlightedText : row.palette.text
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
                    onTapped: {
                        FieldFocus.rowClicked(row.Window.window)
                        panel.document.selectedJoint = row.joint
                    }
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
                        const onto = cell.y >= 0 ? tree.jointOfRow(cell.y) : -1
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
