// Compare Solvers in the Chains panel: while it is on (CompareSolversButton, View menu), the
// selected chain's figures for every solver that can solve it, one row each in the colour of its
// ghost on the canvas, the chain's own in bold. Clicking a row makes that solver the chain's (one
// undo step). The figures and the choice live in C++ (document.comparison); nothing shows (and
// nothing takes room) while it is off.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

ColumnLayout {
    id: table
    required property Document document
    readonly property SolverComparisonModel comparison: document.comparison
    // Column widths shared by the rows (each cell carries its unit: no heading row to make room for).
    readonly property int solverWidth: 80
    readonly property int errorWidth: 76
    readonly property int reachedWidth: 14
    readonly property int iterationsWidth: 40
    readonly property int rowHeight: 20
    visible: comparison.count > 0 // no chain selected, or off
    spacing: 0

    // Every row when the panel has room; when it is short of room, as many as fit and a scroll bar.
    ListView {
        id: rows
        objectName: "comparisonRows"
        model: table.comparison
        clip: true
        interactive: contentHeight > height
        boundsBehavior: Flickable.StopAtBounds
        Layout.fillWidth: true
        Layout.fillHeight: true
        Layout.preferredHeight: count * table.rowHeight
        Layout.maximumHeight: count * table.rowHeight
        Layout.minimumHeight: Math.min(count, 2) * table.rowHeight
        ScrollBar.vertical: ScrollBar { policy: rows.contentHeight > rows.height ? ScrollBar.AlwaysOn : ScrollBar.AsNeeded }
        delegate: ItemDelegate {
            id: row
            required property int index
            required property string solver
            required property bool current
            required property bool reached
            required property int iterations
            required property string errorText
            required property string timeText
            required property color colour
            objectName: "comparisonRow_" + solver
            width: ListView.view.width
            height: table.rowHeight
            padding: 0
            leftPadding: 2
            highlighted: current
            background: Rectangle { color: row.highlighted ? Theme.alternateBase : (row.hovered ? Theme.button : "transparent") }
            onClicked: table.comparison.choose(index)
            ToolTip.visible: hovered
            ToolTip.delay: 300
            ToolTip.text: current ? qsTr("The chain's solver (every solver starts from the %1 pose)").arg(table.comparison.fromSavedPose ? qsTr("saved") : qsTr("current"))
                                  : qsTr("Use %1 for this chain").arg(solver)
            contentItem: RowLayout {
                spacing: 4
                Rectangle { color: row.colour; Layout.preferredWidth: 8; Layout.preferredHeight: 8 }
                Label {
                    text: row.solver + (row.current ? " \u2022" : "")
                    font.bold: row.current
                    elide: Text.ElideRight
                    Layout.preferredWidth: table.solverWidth
                }
                Label { text: row.errorText; elide: Text.ElideRight; Layout.preferredWidth: table.errorWidth }
                Label { text: row.reached ? "\u2713" : "\u2717"; Layout.preferredWidth: table.reachedWidth }
                Label { text: qsTr("%1 it").arg(row.iterations); Layout.preferredWidth: table.iterationsWidth }
                Label { text: row.timeText; Layout.fillWidth: true }
            }
        }
    }
}
