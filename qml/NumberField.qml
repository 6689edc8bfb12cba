// A labelled number entry that commits on Enter or when focus leaves (one undo step per commit).
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts

RowLayout {
    id: field
    property string label
    property real value
    property int decimals: 2
    property bool readOnly: false
    signal committed(real value)

    Label { text: field.label; Layout.preferredWidth: 72; color: palette.windowText }
    TextField {
        id: input
        Layout.fillWidth: true
        readOnly: field.readOnly
        text: Number(field.value).toFixed(field.decimals)
        // Scientific: "1e-3" is a number; with standard notation the "e" was dropped as typed (-1400)
        validator: DoubleValidator { notation: DoubleValidator.ScientificNotation }
        selectByMouse: true
        // Enter ends the edit: the keys go back to the canvas (FieldFocus.qml).
        onAccepted: FieldFocus.endEdit(input, Window.window)
        onEditingFinished: {
            const v = Number(text)
            if (!isNaN(v) && v !== field.value)
                field.committed(v)
            text = Qt.binding(() => Number(field.value).toFixed(field.decimals))
        }
    }
}
