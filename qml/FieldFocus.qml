// Where the keys go when a field's edit ends. A focused text field keeps Ctrl+Z (its own text
// undo), Space and the tools' letters for itself, so after Enter it must let go: the keys go
// back to the editor window's canvas (Main.qml's keysDone), as in other editors, where Enter
// ends the edit and Ctrl+Z then undoes it.
pragma Singleton
import QtQml

QtObject {
    // For a field's onAccepted: `field` is the field, `window` its Window.window.
    function endEdit(field, window) {
        Qt.callLater(() => {
            if (!field.activeFocus)
                return
            if (window && window.keysDone)
                window.keysDone()
            else
                field.focus = false
        })
    }
}
