// The rig's images (slots) in draw order, FRONT AT THE TOP (the image drawn last heads the list,
// as layer lists show it). Click a row to select its image; ▲ brings it forward, ▼ sends it back;
// the eye shows or hides it (saved with the rig, undoable), the lock keeps it from being picked on
// the canvas (editor only). A missing image file is marked ⚠.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: panel
    required property Document document
    readonly property int slotCount: slotList.count
    readonly property int selectedRow: slotModel.rowOf(panel.document.selectedSlot)
    signal importRequested()
    padding: 8

    SlotListModel { id: slotModel; objectName: "slotListModel"; document: panel.document }

    // The arrow keys while an image is selected (the canvas keeps the keys and passes them here,
    // see Main.qml): Up and Down pick the row above or below, Home and End the first and last.
    // Locked rows are passed over, as a click does not pick them. Returns whether the key was
    // one of those.
    function moveSelection(key) {
        const rows = slotList.count
        let row = panel.selectedRow
        let step = 0
        switch (key) {
        case Qt.Key_Up: step = -1; break
        case Qt.Key_Down: step = 1; break
        case Qt.Key_Home: row = -1; step = 1; break
        case Qt.Key_End: row = rows; step = -1; break
        default: return false
        }
        for (let to = row + step; to >= 0 && to < rows; to += step) {
            const slot = slotModel.slotIndex(to)
            if (!panel.document.isSlotLocked(slot)) {
                panel.document.selectedSlot = slot
                break
            }
        }
        return true
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        RowLayout {
            Label { text: qsTr("Draw Order"); font.bold: true }
            Label { text: qsTr("front at top"); color: Theme.secondaryText; Layout.fillWidth: true }
            ToolButton {
                text: "+"; onClicked: panel.importRequested()
                ToolTip.visible: hovered; ToolTip.text: qsTr("Import images onto the selected bone")
            }
            ToolButton {
                objectName: "slotForwardButton"
                text: "\u25b2"
                enabled: panel.document.selectedSlot >= 0 && panel.document.selectedSlot < panel.slotCount - 1
                onClicked: panel.document.moveSlot(panel.document.selectedSlot, panel.document.selectedSlot + 1)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Bring forward (drawn later)")
            }
            ToolButton {
                objectName: "slotBackButton"
                text: "\u25bc"
                enabled: panel.document.selectedSlot > 0
                onClicked: panel.document.moveSlot(panel.document.selectedSlot, panel.document.selectedSlot - 1)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Send backward (drawn earlier)")
            }
            ToolButton {
                text: "\u2212"; enabled: panel.document.selectedSlot >= 0
                onClicked: panel.document.removeSlot(panel.document.selectedSlot)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Delete the image")
            }
        }
        Label {
            visible: panel.slotCount === 0
            text: qsTr("No images yet: File > Import Images… or drop image files on the canvas.")
            color: Theme.secondaryText
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
        }
        ListView {
            id: slotList
            objectName: "slotList"
            readonly property int rowHeight: 28
            visible: count > 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.minimumHeight: Math.min(count, 3) * rowHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            model: slotModel
            currentIndex: panel.selectedRow
            delegate: SlotRow {
                width: ListView.view.width
                height: slotList.rowHeight
                document: panel.document
                selected: slotIndex === panel.document.selectedSlot
                dragTarget: slotList
                onMovedTo: (row) => panel.document.moveSlot(slotIndex, slotModel.slotIndex(row))
            }
        }
    }
}
