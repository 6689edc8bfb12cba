// Where the keys go when a field's edit ends. A focused text field keeps Ctrl+Z (its own text
// undo), Space and the tools' letters for itself, so after Enter it must let go: the keys go
// back to the editor window's canvas (Main.qml's keysDone), as in other editors, where Enter
// ends the edit and Ctrl+Z then undoes it. A click on a panel's row hands them back too.
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
    // For a click on a row of a panel (the Skeleton tree, the Draw Order, the Chains), before
    // the row changes the selection: the keys go to the canvas, where Space plays and Delete
    // deletes what is selected, and a field still being edited ends its edit on what it
    // showed (it would otherwise show the new selection and lose the typing).
    function rowClicked(window) {
        if (window && window.keysDone)
            window.keysDone()
    }
}
