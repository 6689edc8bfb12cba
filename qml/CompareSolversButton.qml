// The Compare Solvers toggle in the Chains panel's heading (also View > Compare Solvers): while
// on, the canvas draws the pose every other solver gives the selected chain and the panel lists
// their figures. The state is C++'s (document.comparison.enabled, a saved preference).
import QtQuick
import QtQuick.Controls
import Bonework.Editor

ToolButton {
    id: button
    required property Document document
    objectName: "compareSolversButton"
    text: qsTr("Compare Solvers")
    checkable: true
    checked: document.comparison.enabled
    onToggled: {
        document.comparison.enabled = checked
        checked = Qt.binding(() => button.document.comparison.enabled)
    }
    ToolTip.visible: hovered
    ToolTip.delay: 300
    ToolTip.text: qsTr("Show the pose every other solver gives the selected chain for its target")
}
