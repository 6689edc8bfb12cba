// The editor's one dark theme: every panel, list, menu and dialog takes its colours from here
// (Main.qml hands `palette` to the window, and controls inherit it). Text colours are chosen
// for at least 4.5:1 contrast against every background they sit on (tst_editor_e2e checks
// the rendered window).
pragma Singleton
import QtQuick

QtObject {
    readonly property color window: "#2d3035"
    readonly property color base: "#232529"       // lists, text fields, the canvas
    readonly property color alternateBase: "#292c31"
    readonly property color button: "#363a40"
    readonly property color text: "#dce1e6"
    readonly property color secondaryText: "#b8c0c8" // hints and captions
    readonly property color disabledText: "#a3abb3" // still 4.5:1 on window, base and buttons
    readonly property color placeholderText: "#a3abb3"
    readonly property color highlight: "#2f6ea8"  // selection: white text on it reads at 5.6:1
    readonly property color highlightedText: "#ffffff"
    readonly property color link: "#8cc4f5"
    readonly property color warning: "#ffb35c"    // refusals and warnings in the status bar

    // Applies the theme to a control's palette (the window's; children inherit it).
    function apply(palette) {
        for (const group of [palette.active, palette.inactive]) {
            group.window = window
            group.windowText = text
            group.base = base
            group.alternateBase = alternateBase
            group.text = text
            group.button = button
            group.buttonText = text
            group.brightText = "#ffffff"
            group.highlight = highlight
            group.highlightedText = highlightedText
            group.toolTipBase = base
            group.toolTipText = text
            group.placeholderText = placeholderText
            group.link = link
            group.linkVisited = link
            group.light = Qt.lighter(window, 1.5)
            group.midlight = Qt.lighter(window, 1.25)
            group.mid = Qt.darker(window, 1.3)
            group.dark = Qt.darker(window, 1.6)
            group.shadow = "#101113"
        }
        const off = palette.disabled
        off.window = window
        off.base = base
        off.alternateBase = alternateBase
        off.button = button
        off.windowText = disabledText
        off.text = disabledText
        off.buttonText = disabledText
        off.placeholderText = disabledText
        off.highlight = Qt.darker(highlight, 1.3)
        off.highlightedText = disabledText
        off.toolTipBase = base
        off.toolTipText = disabledText
        off.light = Qt.lighter(window, 1.5)
        off.midlight = Qt.lighter(window, 1.25)
        off.mid = Qt.darker(window, 1.3)
        off.dark = Qt.darker(window, 1.6)
    }
}
