// The rig's IK chains, in the order they hold in after every edit (move one up or down to change
// which solves first): pick one to edit its solver, iterations, tolerance, bend and mix. A refused
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

    // The list and the form scroll when the window leaves the panel less room than they need,
    // so the inspector above keeps its share.
    PanelScrollView {
        id: scroller
        anchors.fill: parent
    ColumnLayout {
        width: scroller.contentRoom
        spacing: 4
        RowLayout {
            Label { text: qsTr("Chains"); font.bold: true; Layout.fillWidth: true }
            CompareSolversButton { document: panel.document }
            ToolButton { text: "+"; onClicked: panel.makeChainRequested(); ToolTip.visible: hovered; ToolTip.text: qsTr("Make a chain from the selected joint (Ctrl+K)") }
            ToolButton {
                objectName: "chainUpButton"
                text: "\u25b2"; enabled: panel.document.selectedChain > 0
                onClicked: panel.document.moveChain(panel.document.selectedChain, panel.document.selectedChain - 1)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Hold this chain earlier (chains hold in list order)")
            }
            ToolButton {
                objectName: "chainDownButton"
                text: "\u25bc"; enabled: panel.document.selectedChain >= 0 && panel.document.selectedChain < panel.chainCount - 1
                onClicked: panel.document.moveChain(panel.document.selectedChain, panel.document.selectedChain + 1)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Hold this chain later (chains hold in list order)")
            }
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
            // A chain picked elsewhere (made with Ctrl+K, picked on the canvas) scrolls into view.
            function showSelected() {
                if (panel.document.selectedChain >= 0 && panel.document.selectedChain < count)
                    positionViewAtIndex(panel.document.selectedChain, ListView.Contain)
            }
            Connections {
                target: panel.document
                function onSelectionChanged() { Qt.callLater(chainList.showSelected) }
            }
            onCountChanged: Qt.callLater(chainList.showSelected)
            delegate: ItemDelegate {
                id: chainRow
                required property int index
                required property string name
                required property string rootName
                required property string tipName
                required property string solver
                required property double mix
                width: ListView.view.width
                height: chainList.rowHeight
                // The number is the place in the order chains hold in.
                text: (index + 1) + ". " + name + "  (" + rootName + " \u2192 " + tipName + ", " + solver
                      + (mix <= 0 ? qsTr(", off") : mix < 1 ? qsTr(", mix %1").arg(mix.toFixed(2)) : "") + ")"
                highlighted: index === panel.document.selectedChain
                background: Rectangle { color: chainRow.highlighted ? chainRow.palette.highlight : chainRow.palette.base }
                contentItem: Label {
                    text: chainRow.text
                    color: chainRow.highlighted ? chainRow.palette.highlightedText : chainRow.palette.text
                    elide: Text.ElideRight
                    verticalAlignment: Text.AlignVCenter
                }
                onClicked: {
                    FieldFocus.rowClicked(Window.window)
                    panel.document.selectedChain = index
                }
            }
        }
        GridLayout {
            visible: panel.current.valid
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("Name") }
            TextField {
                id: chainNameField
                objectName: "chainNameField"
                Layout.fillWidth: true
                text: panel.current.name
                // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
                onAccepted: FieldFocus.endEdit(chainNameField, Window.window)
                onEditingFinished: {
                    if (text !== panel.current.name)
                        panel.document.renameChain(panel.current.index, text)
                    text = Qt.binding(() => panel.current.name)
                }
            }
            Label { text: qsTr("Root") }
            ComboBox {
                id: chainRootBox
                objectName: "chainRootBox"
                Layout.fillWidth: true
                model: panel.current.rootChoices
                currentIndex: model.indexOf(panel.current.rootName)
                // A two-bone chain's root is two bones above its tip: the Tip picker moves both.
                // In a clip the chain's ends are not keyed: Setup Pose edits them.
                enabled: panel.current.solver !== "two-bone" && !panel.document.animation.active
                onActivated: {
                    panel.document.setChainRoot(panel.current.index, currentText)
                    currentIndex = Qt.binding(() => model.indexOf(panel.current.rootName))
                    FieldFocus.endEdit(chainRootBox, Window.window) // the keys back to the canvas
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("The joint the chain starts from: it stays put while the chain solves")
            }
            Label { text: qsTr("Tip") }
            ComboBox {
                id: chainTipBox
                objectName: "chainTipBox"
                Layout.fillWidth: true
                model: panel.current.tipChoices
                currentIndex: model.indexOf(panel.current.tipName)
                enabled: !panel.document.animation.active
                onActivated: {
                    panel.document.setChainTip(panel.current.index, currentText)
                    currentIndex = Qt.binding(() => model.indexOf(panel.current.tipName))
                    FieldFocus.endEdit(chainTipBox, Window.window)
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("The joint the chain brings to its target")
            }
            Label { text: qsTr("Target") }
            ComboBox {
                id: chainTargetBox
                objectName: "chainTargetBox"
                Layout.fillWidth: true
                // First a fixed point (drag its handle), then the joints it may ride on.
                model: [qsTr("a point (drag its handle)")].concat(panel.current.targetChoices)
                currentIndex: panel.current.attachedTo === "" ? 0 : model.indexOf(panel.current.attachedTo)
                enabled: !panel.document.animation.active
                onActivated: (index) => {
                    panel.document.setChainTargetJoint(panel.current.index, index === 0 ? "" : currentText)
                    currentIndex = Qt.binding(() => panel.current.attachedTo === "" ? 0 : model.indexOf(panel.current.attachedTo))
                    FieldFocus.endEdit(chainTargetBox, Window.window)
                }
                ToolTip.visible: hovered
                ToolTip.text: qsTr("Where the chain reaches for: a point, or a joint whose bone carries the target along (Spine's target bone)")
            }
            Label { text: qsTr("Solver") }
            ComboBox {
                id: chainSolverBox
                objectName: "chainSolverBox"
                Layout.fillWidth: true
                model: panel.document.solverNames
                currentIndex: model.indexOf(panel.current.solver)
                onActivated: {
                    panel.document.setChainSolver(panel.current.index, currentText)
                    currentIndex = Qt.binding(() => model.indexOf(panel.current.solver))
                    FieldFocus.endEdit(chainSolverBox, Window.window) // the keys back to the canvas
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
                id: toleranceField
                text: String(panel.current.tolerance)
                validator: DoubleValidator { bottom: 0 }
                // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
                onAccepted: FieldFocus.endEdit(toleranceField, Window.window)
                onEditingFinished: {
                    if (Number(text) !== panel.current.tolerance)
                        panel.document.setChainTolerance(panel.current.index, Number(text))
                    text = Qt.binding(() => String(panel.current.tolerance))
                }
            }
            Label { text: qsTr("Bend") }
            ComboBox {
                id: bendBox
                model: panel.document.bendNames
                currentIndex: model.indexOf(panel.current.bend)
                onActivated: {
                    panel.document.setChainBend(panel.current.index, currentText)
                    currentIndex = Qt.binding(() => model.indexOf(panel.current.bend))
                    FieldFocus.endEdit(bendBox, Window.window) // the keys back to the canvas
                }
            }
            Label { text: qsTr("Holds") }
            CheckBox {
                objectName: "chainHoldsBox"
                checked: panel.current.mix > 0
                text: checked ? qsTr("keeps its tip on the target") : qsTr("off: its joints pose freely")
                onToggled: {
                    panel.document.setChainMix(panel.current.index, checked ? 1 : 0)
                    checked = Qt.binding(() => panel.current.mix > 0)
                }
            }
            Label { text: qsTr("Mix") }
            RowLayout {
                Layout.fillWidth: true
                Slider {
                    id: mixSlider
                    objectName: "chainMixSlider"
                    Layout.fillWidth: true
                    from: 0; to: 1; stepSize: 0.05
                    value: panel.current.mix
                    // One undo step per slider drag: the value is set when it is let go (or
                    // moved with the keys).
                    function commit() {
                        // Whole hundredths, as shown: steps of 0.05 add up to 0.30000000000000004,
                        // which the file would keep.
                        const mix = Math.round(value * 100) / 100
                        if (mix !== panel.current.mix)
                            panel.document.setChainMix(panel.current.index, mix)
                        value = Qt.binding(() => panel.current.mix)
                    }
                    onPressedChanged: if (!pressed) commit()
                    onMoved: if (!pressed) commit()
                    ToolTip.visible: hovered
                    ToolTip.text: qsTr("How strongly the chain holds: 1 keeps its tip on the target, 0 lets it go. Relax drags weigh the chain's target by it.")
                }
                Label { text: mixSlider.value.toFixed(2); Layout.minimumWidth: 32 }
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
}
