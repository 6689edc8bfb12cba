// The selected keys' curve: how each eases to its next key. Presets (Linear, Stepped, Ease In,
// Ease Out, Ease In-Out) apply at once, and "Now:" names the preset the keys' curve equals; the graph shows the Bezier from (0, 0) to (1, 1) with its
// two handles, which drag within the square (every number stays in [0, 1], so a value never
// overshoots its keys); Apply sets the dragged curve and keeps the dialog open, OK sets it (if
// dragged) and closes. Each change is one undo step (C++).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

Dialog {
    id: dialog
    objectName: "curveEditor"
    required property TimelineModel model
    property var curve: [0.25, 0.1, 0.25, 1.0] // x1, y1, x2, y2 being edited
    property bool dragged: false // the handles moved since the curve was last set
    readonly property int graphSize: 220

    title: qsTr("Key Curve")
    modal: true
    standardButtons: Dialog.Ok | Dialog.Apply | Dialog.Close
    onAboutToShow: {
        const b = model.selectedBezier
        curve = b.length === 4 ? b : [0.25, 0.1, 0.25, 1.0]
        dragged = false
        graph.requestPaint()
    }
    function applyDragged() {
        if (!dragged)
            return // an untouched graph: the keys keep their curve (a linear one stays linear)
        model.setSelectedBezier(curve[0], curve[1], curve[2], curve[3])
        dragged = false
    }
    onApplied: applyDragged()
    onAccepted: applyDragged()

    function setHandle(which, x, y) {
        const c = curve.slice()
        c[2 * which] = Math.min(1, Math.max(0, x))
        c[2 * which + 1] = Math.min(1, Math.max(0, y))
        curve = c
        dragged = true
        graph.requestPaint()
    }
    // The Bezier presets; the curve the keys have now is named by the one it equals, if any.
    readonly property var presets: [{ name: qsTr("Ease In"), bezier: [0.42, 0, 1, 1] },
                                    { name: qsTr("Ease Out"), bezier: [0, 0, 0.58, 1] },
                                    { name: qsTr("Ease In-Out"), bezier: [0.42, 0, 0.58, 1] }]
    readonly property string presetName: {
        if (model.selectedCurveKind !== "bezier")
            return ""
        const b = model.selectedBezier
        const found = presets.find(p => p.bezier.every((v, i) => Math.abs(v - b[i]) < 1e-9))
        if (found)
            return found.name
        // Handles on the diagonal make the value follow the time: a straight line.
        return b.length === 4 && Math.abs(b[0] - b[1]) < 1e-9 && Math.abs(b[2] - b[3]) < 1e-9 ? qsTr("as Linear") : ""
    }
    function preset(x1, y1, x2, y2) {
        curve = [x1, y1, x2, y2]
        dragged = false
        graph.requestPaint()
        model.setSelectedBezier(x1, y1, x2, y2)
    }

    contentItem: RowLayout {
        spacing: 12
        ColumnLayout {
            Button { text: qsTr("Linear"); Layout.fillWidth: true; onClicked: dialog.model.setSelectedCurve("linear") }
            Button { text: qsTr("Stepped"); Layout.fillWidth: true; onClicked: dialog.model.setSelectedCurve("stepped") }
            Repeater {
                model: dialog.presets
                Button {
                    required property var modelData
                    text: modelData.name
                    Layout.fillWidth: true
                    onClicked: dialog.preset(modelData.bezier[0], modelData.bezier[1], modelData.bezier[2], modelData.bezier[3])
                }
            }
            Label {
                text: dialog.presetName ? qsTr("Now: %1 (%2)").arg(dialog.model.selectedCurveKind).arg(dialog.presetName)
                                        : qsTr("Now: %1").arg(dialog.model.selectedCurveKind)
                color: Theme.secondaryText
            }
            Label {
                text: dialog.curve.map(v => Number(v).toFixed(2)).join(", ")
                font.family: "monospace"
                color: Theme.secondaryText
            }
            // "Now:" is the keys' curve; the graph's, once dragged, is not theirs until set.
            Label {
                objectName: "curveEditedLabel"
                visible: dialog.dragged
                text: qsTr("Dragged: Apply or OK sets it")
                color: Theme.secondaryText
            }
            Item { Layout.fillHeight: true }
        }
        Item {
            implicitWidth: dialog.graphSize + 20
            implicitHeight: dialog.graphSize + 20
            Canvas {
                id: graph
                x: 10; y: 10
                width: dialog.graphSize; height: dialog.graphSize
                function px(x) { return x * width }
                function py(y) { return height - y * height }
                onPaint: {
                    const g = getContext("2d")
                    const c = dialog.curve
                    g.reset()
                    g.fillStyle = Theme.base
                    g.fillRect(0, 0, width, height)
                    g.strokeStyle = "#4a5058"
                    g.lineWidth = 1
                    for (let i = 1; i < 4; ++i) {
                        g.beginPath(); g.moveTo(px(i / 4), 0); g.lineTo(px(i / 4), height); g.stroke()
                        g.beginPath(); g.moveTo(0, py(i / 4)); g.lineTo(width, py(i / 4)); g.stroke()
                    }
                    g.strokeStyle = "#8a939c"
                    g.beginPath(); g.moveTo(px(0), py(0)); g.lineTo(px(c[0]), py(c[1])); g.stroke()
                    g.beginPath(); g.moveTo(px(1), py(1)); g.lineTo(px(c[2]), py(c[3])); g.stroke()
                    g.strokeStyle = "#ffd24d"
                    g.lineWidth = 2
                    g.beginPath()
                    g.moveTo(px(0), py(0))
                    g.bezierCurveTo(px(c[0]), py(c[1]), px(c[2]), py(c[3]), px(1), py(1))
                    g.stroke()
                }
            }
            Repeater {
                model: 2
                delegate: Rectangle {
                    required property int index
                    width: 14; height: 14; radius: 7
                    color: Theme.highlight
                    border.color: "white"
                    x: 10 + dialog.curve[2 * index] * dialog.graphSize - 7
                    y: 10 + (1 - dialog.curve[2 * index + 1]) * dialog.graphSize - 7
                    MouseArea {
                        anchors.fill: parent
                        cursorShape: Qt.SizeAllCursor
                        onPositionChanged: (mouse) => {
                            const p = mapToItem(graph, mouse.x, mouse.y)
                            dialog.setHandle(parent.index, p.x / graph.width, 1 - p.y / graph.height)
                        }
                    }
                }
            }
        }
    }
}
