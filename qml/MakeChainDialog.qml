// Make Chain: a chain from an ancestor down to the selected joint. It offers the start of the
// joint's limb first (Document.defaultChainRoot); Enter makes the chain, Esc cancels.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Dialog {
    id: dialog
    required property Document document
    readonly property int tip: document.selectedJoint
    property var ancestorList: []

    title: qsTr("Make Chain")
    modal: true
    focus: true
    anchors.centerIn: Overlay.overlay
    standardButtons: Dialog.Ok | Dialog.Cancel
    onAboutToShow: {
        ancestorList = tip >= 0 ? Array.from(document.ancestors(tip)) : []
        const preferred = document.defaultChainRoot(tip)
        ancestorBox.currentIndex = Math.max(0, ancestorList.indexOf(preferred))
    }
    onOpened: {
        standardButton(Dialog.Ok).highlighted = true
        ancestorBox.forceActiveFocus()
    }
    onAccepted: {
        const root = ancestorList[ancestorBox.currentIndex]
        if (root !== undefined)
            document.addChain(tip, root)
    }

    contentItem: FocusScope {
        implicitWidth: column.implicitWidth
        implicitHeight: column.implicitHeight
        Keys.onReturnPressed: dialog.accept()
        Keys.onEnterPressed: dialog.accept()
        ColumnLayout {
            id: column
            anchors.fill: parent
            Label { text: qsTr("A chain from an ancestor down to %1").arg(dialog.document.jointName(dialog.tip)) }
            ComboBox {
                id: ancestorBox
                objectName: "chainRootBox"
                Layout.fillWidth: true
                Layout.minimumWidth: 260
                model: dialog.ancestorList.map(j => dialog.document.jointName(j))
                focus: true
                // Before the combo box's own handling, which takes Enter even when closed.
                Keys.onReturnPressed: (event) => { if (popup.visible) event.accepted = false; else dialog.accept() }
                Keys.onEnterPressed: (event) => { if (popup.visible) event.accepted = false; else dialog.accept() }
            }
            // The bones the chain turns, named after the joints they end at, and the chain's
            // root, which stays put (a Spine user reads "torso → forearm" as holding the torso).
            Label {
                objectName: "chainBonesLabel"
                color: Theme.secondaryText
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
                Layout.maximumWidth: 420
                readonly property var turned: dialog.ancestorList.slice(0, Math.max(0, ancestorBox.currentIndex))
                                                  .reverse().concat([dialog.tip]).map(j => dialog.document.jointName(j))
                text: (ancestorBox.currentIndex === 0 ? qsTr("1 bone turns: %1") : qsTr("%n bones turn: %1", "", ancestorBox.currentIndex + 1))
                          .arg(turned.join(", "))
                      + "; " + qsTr("%1 stays in place").arg(ancestorBox.currentText)
            }
        }
    }
}
