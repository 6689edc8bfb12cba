// A message with buttons in the editor's theme. Enter presses the default button, Esc cancels
// (Dialog's reject), and the default button is drawn highlighted.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

Dialog {
    id: box
    property string text
    property string informativeText
    // The standard button Enter presses (Dialog.Ok, Dialog.Save, Dialog.Yes, ...).
    property int defaultButton: Dialog.Ok
    // The standard button that closed the dialog last (Dialog.NoButton: Esc or not yet).
    property int clickedButton: Dialog.NoButton

    function pressDefault() {
        const button = box.standardButton(box.defaultButton)
        if (button)
            button.clicked()
    }

    modal: true
    focus: true
    anchors.centerIn: Overlay.overlay
    closePolicy: Popup.CloseOnEscape
    standardButtons: Dialog.Ok
    width: Math.min(560, Math.max(380, implicitWidth))
    // Never taller than the window: a long text (an export's report) scrolls instead.
    height: Math.min(implicitHeight, parent ? parent.height - 32 : implicitHeight)
    onAboutToShow: clickedButton = Dialog.NoButton
    Connections {
        target: box.footer
        ignoreUnknownSignals: true
        function onClicked(button) {
            for (const b of [Dialog.Ok, Dialog.Save, Dialog.Discard, Dialog.Cancel, Dialog.Yes, Dialog.No]) {
                if (box.standardButton(b) === button)
                    box.clickedButton = b
            }
        }
    }
    onOpened: {
        const button = box.standardButton(box.defaultButton)
        if (button)
            button.highlighted = true
        box.contentItem.forceActiveFocus()
    }

    contentItem: FocusScope {
        id: keyScope
        implicitWidth: column.implicitWidth
        implicitHeight: column.implicitHeight
        Keys.onReturnPressed: box.pressDefault()
        Keys.onEnterPressed: box.pressDefault()
        ColumnLayout {
            id: column
            anchors.fill: parent
            spacing: 8
            Label {
                objectName: "messageText"
                text: box.text
                font.bold: box.informativeText !== ""
                wrapMode: Text.Wrap
                Layout.fillWidth: true
                Layout.maximumWidth: 520
            }
            PanelScrollView {
                id: details
                objectName: "messageDetails"
                visible: box.informativeText !== ""
                Layout.fillWidth: true
                Layout.fillHeight: true
                Layout.maximumWidth: 520
                Layout.preferredHeight: detailsText.implicitHeight
                Label {
                    id: detailsText
                    // Room for the bar whether or not it shows: a long report wraps clear of it.
                    width: details.availableWidth - details.ScrollBar.vertical.width - 6
                    text: box.informativeText
                    wrapMode: Text.Wrap
                    textFormat: Text.PlainText
                }
            }
        }
    }
}
