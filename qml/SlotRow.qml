// One row of the Draw Order panel: eye (shown), lock, name, the bone it is on, a mark when its
// image file is missing. Click to select; drag the row up or down to move it in the draw order.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

ItemDelegate {
    id: row
    required property int index
    required property string name
    required property string jointName
    required property string image
    required property bool shown
    required property bool locked
    required property bool missing
    required property string problem
    required property int slotIndex
    required property Document document
    property bool selected: false
    property Item dragTarget
    // The row the pressed row was dragged onto (rows are front to back).
    signal movedTo(int row)

    highlighted: selected
    background: Rectangle { color: row.highlighted ? row.palette.highlight : row.palette.base }
    onClicked: {
        FieldFocus.rowClicked(Window.window)
        if (!locked)
            document.selectedSlot = slotIndex
    }
    ToolTip.visible: hovered && missing
    // Why, as the load said it: missing, not PNG or JPEG, not decoding, too large.
    ToolTip.text: problem !== "" ? qsTr("Image not shown: %1: %2").arg(image).arg(problem) : qsTr("Missing image file: %1").arg(image)

    contentItem: RowLayout {
        spacing: 2
        ToolButton {
            objectName: "slotShownButton"
            text: row.shown ? "\u25c9" : "\u25cb"
            opacity: row.shown ? 1 : 0.5
            Layout.preferredWidth: 26
            onClicked: row.document.setSlotVisible(row.slotIndex, !row.shown)
            ToolTip.visible: hovered; ToolTip.text: row.shown ? qsTr("Hide the image") : qsTr("Show the image")
        }
        ToolButton {
            objectName: "slotLockButton"
            text: row.locked ? "\u25a3" : "\u25a1"
            opacity: row.locked ? 1 : 0.85 // dimmer when off, still readable (WCAG AA)
            Layout.preferredWidth: 26
            onClicked: row.document.setSlotLocked(row.slotIndex, !row.locked)
            ToolTip.visible: hovered; ToolTip.text: row.locked ? qsTr("Unlock: pick it on the canvas again") : qsTr("Lock: it cannot be picked on the canvas")
        }
        Label {
            Layout.fillWidth: true
            text: (row.missing ? "\u26a0 " : "") + row.name + "  (" + row.jointName + ")"
            color: row.highlighted ? row.palette.highlightedText : row.palette.text
            elide: Text.ElideRight
            verticalAlignment: Text.AlignVCenter
        }
    }

    // Drag to reorder: the row under the pointer when the press ends is where it goes.
    DragHandler {
        id: drag
        target: null
        yAxis.enabled: true
        xAxis.enabled: false
        onActiveChanged: {
            if (active || !row.dragTarget)
                return
            const p = row.mapToItem(row.dragTarget.contentItem, drag.centroid.position.x, drag.centroid.position.y)
            const target = row.dragTarget.indexAt(p.x, p.y)
            if (target >= 0 && target !== row.index)
                row.movedTo(target)
        }
    }
}
