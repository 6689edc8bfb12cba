// The rig's IK chains: pick one to edit its solver, iterations, tolerance and bend. A refused
// edit (two-bone on a longer chain, a taken name) leaves each field showing the value that holds.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Pane {
    id: panel
    required property Document document
    signal makeChainRequested()
    // The selected chain's settings, kept up to date by C++.
    readonly property SelectedChain current: SelectedChain { document: panel.document }
    readonly property int chainCount: chainList.count
    padding: 8

    ChainListModel { id: chainModel; document: panel.document }

    ColumnLayout {
        anchors.fill: parent
        spacing: 4
        RowLayout {
            Label { text: qsTr("Chains"); font.bold: true; Layout.fillWidth: true }
            CompareSolversButton { document: panel.document }
            ToolButton { text: "+"; onClicked: panel.makeChainRequested(); ToolTip.visible: hovered; ToolTip.text: qsTr("Make a chain from the selected joint (Ctrl+K)") }
            ToolButton {
                text: "\u2212"; enabled: panel.document.selectedChain >= 0
                onClicked: panel.document.removeChain(panel.document.selectedChain)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Delete the chain")
            }
        }
        Label {
            visible: panel.chainCount === 0
            text: qsTr("No chains yet: select the joint a chain should end at and press Ctrl+K.")
            color: Theme.secondaryText
            wrapMode: Text.WordWrap
            Layout.fillWidth: true
        }
        ListView {
            id: chainList
            objectName: "chainList"
            readonly property int rowHeight: 28
            readonly property int visibleRows: Math.min(count, 4)
            visible: count > 0
            Layout.fillWidth: true
            // Whole rows only: up to four, then the list scrolls.
            Layout.preferredHeight: visibleRows * rowHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar { policy: chainList.count > chainList.visibleRows ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded }
            model: chainModel
            delegate: ItemDelegate {
                id: chainRow
                required property int index
                required property string name
                required property string rootName
                required property string tipName
                required property string solver
                width: ListView.view.width
                height: chainList.rowHeight
                text: name + "  (" + rootName + " \u2192 " + tipName + ", " + solver + ")"
                highlighted: index === panel.document.selectedChain
                background: Rectangle { color: chainRow.highlighted ? chainRow.palette.highlight : chainRow.palette.base }
                contentItem: Label {
                    text: chainRow.text
                    color: chainRow.highlighted ? chainRow.palette.highlightedText : chainRow.palette.text
                    elide: Text.ElideRight
                    verticalAlignment: Text.AlignVCenter
                }
                onClicked: panel.document.selectedChain = index
            }
        }
        GridLayout {
            visible: panel.current.valid
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("Name") }
            TextField {
                objectName: "chainNameField"
                Layout.fillWidth: true
                text: panel.current.name
                onEditingFinished: {
                    if (text !== panel.current.name)
                        panel.document.renameChain(panel.current.index, text)
                    text = Qt.binding(() => panel.current.name)
                }
            }
            Label { text: qsTr("Solver") }
            ComboBox {
                objectName: "chainSolverBox"
                Layout.fillWidth: true
                model: panel.document.solverNames
                currentIndex: model.indexOf(panel.current.solver)
                onActivated: {
                    panel.document.setChainSolver(panel.current.index, currentText)
                    currentIndex = Qt.binding(() => model.indexOf(panel.current.solver))
                }
            }
            Label { text: qsTr("Iterations") }
            SpinBox {
                from: 1; to: 1000; editable: true
                value: panel.current.iterations
                onValueModified: {
                    panel.document.setChainIterations(panel.current.index, value)
                    value = Qt.binding(() => panel.current.iterations)
                }
            }
            Label { text: qsTr("Tolerance") }
            TextField {
                text: String(panel.current.tolerance)
                validator: DoubleValidator { bottom: 0 }
                onEditingFinished: {
                    panel.document.setChainTolerance(panel.current.index, Number(text))
                    text = Qt.binding(() => String(panel.current.tolerance))
                }
            }
            Label { text: qsTr("Bend") }
            ComboBox {
                model: panel.document.bendNames
                currentIndex: model.indexOf(panel.current.bend)
                onActivated: {
                    panel.document.setChainBend(panel.current.index, currentText)
                    currentIndex = Qt.binding(() => model.indexOf(panel.current.bend))
                }
            }
        }
        SolverComparisonTable {
            document: panel.document
            Layout.fillWidth: true
            // Squeezed first when the panel is short of room (its rows scroll).
            Layout.fillHeight: true
            Layout.maximumHeight: implicitHeight
        }
        Item { Layout.fillHeight: true }
    }
}
