// Cursor position in scene coordinates, zoom, the last solve, and brief messages.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Bonework.Editor

ToolBar {
    id: bar
    required property RigCanvas canvas
    required property Document document
    property string message: ""
    property string playStatus: ""

    // How to use what was just picked (a tool), for a few seconds, in the normal colour; a
    // message (a warning) and the play status come first.
    property string hint: ""

    function flash(text) {
        message = text
        messageTimer.restart()
    }
    // A warning says what the last edit could not do: the next edit that succeeds (or an undo)
    // takes it down, rather than leaving it up for seconds beside a value that now took.
    function clearWarning() {
        message = ""
        messageTimer.stop()
    }
    function showHint(text) {
        hint = text
        hintTimer.restart()
    }
    Timer { id: messageTimer; interval: 6000; onTriggered: bar.message = "" }
    Timer { id: hintTimer; interval: 8000; onTriggered: bar.hint = "" }

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 8
        anchors.rightMargin: 8
        spacing: 16
        Label {
            text: qsTr("x %1  y %2").arg(bar.canvas.cursorScene.x.toFixed(1)).arg(bar.canvas.cursorScene.y.toFixed(1))
            font.family: "monospace"
            Layout.preferredWidth: 170
        }
        Label { text: qsTr("zoom %1%").arg(Math.round(bar.canvas.zoom * 100)); Layout.preferredWidth: 90 }
        Label { text: bar.document.jointCount === 1 ? qsTr("1 joint") : qsTr("%n joints", "", bar.document.jointCount); Layout.preferredWidth: 90 }
        Label {
            text: bar.message !== "" ? bar.message
                  : bar.playStatus !== "" ? bar.playStatus
                  : bar.hint !== "" ? bar.hint : bar.document.posing.lastSolve
            objectName: "statusMessage"
            color: bar.message !== "" ? Theme.warning : bar.palette.windowText
            elide: Text.ElideRight
            Layout.fillWidth: true
        }
    }
}
