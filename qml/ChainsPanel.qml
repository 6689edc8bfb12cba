// The rig's IK chains: pick one to edit its solver, iterations, tolerance and bend.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: panel
    required property Document document
    signal makeChainRequested()
    readonly property var current: { document.revision; return document.chain(document.selectedChain) }
    padding: 8

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        RowLayout {
            Label { text: qsTr("Chains"); font.bold: true; Layout.fillWidth: true }
            ToolButton { text: "+"; onClicked: panel.makeChainRequested(); ToolTip.visible: hovered; ToolTip.text: qsTr("Make a chain from the selected joint (Ctrl+K)") }
            ToolButton {
                text: "\u2212"; enabled: panel.document.selectedChain >= 0
                onClicked: panel.document.removeChain(panel.document.selectedChain)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Delete the chain")
            }
        }
        ListView {
            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(contentHeight, 90)
            clip: true
            model: { panel.document.revision; return panel.document.chainCount() }
            delegate: ItemDelegate {
                required property int index
                width: ListView.view.width
                text: { panel.document.revision; const c = panel.document.chain(index); return c.name + "  (" + c.rootName + " \u2192 " + c.tipName + ", " + c.solver + ")" }
                highlighted: index === panel.document.selectedChain
                background: Rectangle { color: parent.highlighted ? palette.highlight : palette.base }
                contentItem: Label { text: parent.text; color: "#dce1e6"; elide: Text.ElideRight }
                onClicked: panel.document.selectedChain = index
            }
        }
        GridLayout {
            visible: panel.current.name !== undefined
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("Name") }
            TextField {
                Layout.fillWidth: true
                text: panel.current.name || ""
                onEditingFinished: if (text !== panel.current.name) panel.document.renameChain(panel.current.index, text)
            }
            Label { text: qsTr("Solver") }
            ComboBox {
                Layout.fillWidth: true
                model: panel.document.solverNames()
                currentIndex: model.indexOf(panel.current.solver || "")
                onActivated: panel.document.setChainSolver(panel.current.index, currentText)
            }
            Label { text: qsTr("Iterations") }
            SpinBox {
                from: 1; to: 1000; editable: true
                value: panel.current.iterations || 10
                onValueModified: panel.document.setChainIterations(panel.current.index, value)
            }
            Label { text: qsTr("Tolerance") }
            TextField {
                text: panel.current.tolerance !== undefined ? String(panel.current.tolerance) : ""
                validator: DoubleValidator { bottom: 0 }
                onEditingFinished: panel.document.setChainTolerance(panel.current.index, Number(text))
            }
            Label { text: qsTr("Bend") }
            ComboBox {
                model: ["positive", "negative"]
                currentIndex: model.indexOf(panel.current.bend || "positive")
                onActivated: panel.document.setChainBend(panel.current.index, currentText)
            }
        }
        Item { Layout.fillHeight: true }
    }
}
