// The editor's file dialog for opening, saving and exporting: a folder's files, a path field and
// a file name field. Enter in the name or path field confirms (a folder opens instead), Esc
// cancels, Backspace in the list goes up; saving over a file asks first. What a typed name means
// is FileNames' rule (C++). Qt Quick's own FileDialog is not used: in Qt 6.4 it ignores a typed
// file name, so a new rig could not be saved.
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import Qt.labs.folderlistmodel
import Bonework.Editor

Dialog {
    id: chooser
    property bool saving: false
    // Opening several files (Import Images): each click adds a file to the name field, or takes
    // it out again, as "a.png" "b.png"; chosenFiles gives them all.
    property bool multiple: false
    property url folder: FileNames.startFolder("")
    // [{ label: "Bonework rigs (*.rig.json)", globs: ["*.rig.json"] }, ...]
    property var filters: []
    property int filterIndex: 0
    property string defaultSuffix: ""
    property string problem: ""
    // The folder a typed save path names that does not exist yet (Create Folder makes it).
    property url missingFolder
    // The chosen file and the filter it was chosen under.
    signal chosen(url file, int filterIndex)
    signal chosenFiles(var files)

    // The quoted names in the name field ("a.png" "b.png"), or the one name typed.
    function pickedNames() {
        const quoted = nameField.text.match(/"[^"]+"/g)
        return quoted ? quoted.map(q => q.slice(1, -1)) : [nameField.text]
    }
    function togglePicked(name) {
        const names = nameField.text.indexOf('"') >= 0 ? pickedNames() : []
        const at = names.indexOf(name)
        if (at >= 0)
            names.splice(at, 1)
        else
            names.push(name)
        nameField.text = names.map(n => '"' + n + '"').join(" ")
    }
    function tryAcceptMany() {
        problem = ""
        const targets = []
        for (const name of pickedNames()) {
            const target = FileNames.resolve(folder, name, "")
            if (target.toString() === "" || FileNames.isFolder(target) || !FileNames.exists(target)) {
                problem = qsTr("There is no file %1.").arg(name)
                return
            }
            targets.push(target)
        }
        FileNames.rememberFolder(targets[0])
        close()
        chosenFiles(targets)
    }

    function tryAccept() {
        if (multiple && nameField.text.indexOf('"') >= 0)
            return tryAcceptMany()
        problem = ""
        missingFolder = ""
        const target = FileNames.resolve(folder, nameField.text, saving ? defaultSuffix : "")
        if (target.toString() === "") {
            problem = saving ? qsTr("Type a name for the file.") : qsTr("Pick a file or type its name.")
        } else if (FileNames.isFolder(target)) {
            folder = target
            nameField.text = ""
        } else if (!saving && !FileNames.exists(target)) {
            problem = qsTr("There is no file %1.").arg(FileNames.localPath(target))
        } else if (saving && !FileNames.isFolder(FileNames.folderOf(target))) {
            missingFolder = FileNames.folderOf(target)
            problem = qsTr("There is no folder %1.").arg(FileNames.localPath(missingFolder))
        } else if (saving && !FileNames.canCreateIn(target)) {
            problem = qsTr("Cannot write in %1.").arg(FileNames.localPath(FileNames.folderOf(target)))
        } else if (saving && FileNames.exists(target)) {
            chooser.replaceBox.target = target
            chooser.replaceBox.open()
        } else if (multiple) {
            FileNames.rememberFolder(target)
            close()
            chosenFiles([target])
        } else {
            finish(target)
        }
    }
    function finish(target) {
        FileNames.rememberFolder(target)
        close()
        chosen(target, filterIndex)
    }
    function goTo(path) {
        problem = ""
        const target = FileNames.resolve(folder, path, "")
        if (FileNames.isFolder(target))
            folder = target
        else if (!saving && FileNames.exists(target))
            finish(target)
        else
            problem = qsTr("There is no folder %1.").arg(FileNames.localPath(target))
    }

    modal: true
    focus: true
    anchors.centerIn: Overlay.overlay
    width: Math.min(760, parent ? parent.width - 80 : 760)
    height: Math.min(560, parent ? parent.height - 80 : 560)
    padding: 12
    onAboutToShow: {
        problem = ""
        if (!saving)
            nameField.text = ""
    }
    onOpened: {
        nameField.forceActiveFocus()
        nameField.selectAll()
    }

    contentItem: ColumnLayout {
        spacing: 8
        RowLayout {
            ToolButton {
                text: "\u2191"
                onClicked: chooser.folder = FileNames.parentFolder(chooser.folder)
                ToolTip.visible: hovered; ToolTip.text: qsTr("Up one folder (Backspace in the list)")
            }
            TextField {
                id: pathField
                objectName: "pathField"
                Layout.fillWidth: true
                text: FileNames.localPath(chooser.folder)
                onAccepted: chooser.goTo(text)
                Keys.onEscapePressed: (event) => { text = FileNames.localPath(chooser.folder); event.accepted = false }
            }
        }
        ListView {
            id: files
            objectName: "fileList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}
            keyNavigationEnabled: true
            model: FolderListModel {
                folder: chooser.folder
                nameFilters: chooser.filters.length > 0 ? chooser.filters[chooser.filterIndex].globs : ["*"]
                showDirsFirst: true
                showDotAndDotDot: false
                caseSensitive: false
            }
            function activate(index) {
                const entry = model.get(index, "fileUrl")
                if (model.get(index, "fileIsDir")) {
                    chooser.folder = entry
                } else {
                    nameField.text = model.get(index, "fileName")
                    chooser.tryAccept()
                }
            }
            Keys.onReturnPressed: activate(currentIndex)
            Keys.onEnterPressed: activate(currentIndex)
            Keys.onPressed: (event) => {
                if (event.key === Qt.Key_Backspace) {
                    chooser.folder = FileNames.parentFolder(chooser.folder)
                    event.accepted = true
                }
            }
            Rectangle { anchors.fill: parent; z: -1; color: chooser.palette.base }
            delegate: ItemDelegate {
                id: entry
                required property int index
                required property string fileName
                required property bool fileIsDir
                required property var fileModified
                width: ListView.view.width
                highlighted: ListView.isCurrentItem
                background: Rectangle { color: entry.highlighted ? entry.palette.highlight : "transparent" }
                contentItem: RowLayout {
                    Label {
                        text: entry.fileName + (entry.fileIsDir ? "/" : "")
                        font.bold: entry.fileIsDir
                        color: entry.highlighted ? entry.palette.highlightedText : entry.palette.text
                        elide: Text.ElideMiddle
                        Layout.fillWidth: true
                    }
                    Label {
                        text: Qt.formatDateTime(entry.fileModified, "yyyy-MM-dd hh:mm")
                        color: entry.highlighted ? entry.palette.highlightedText : entry.palette.text
                    }
                }
                onClicked: {
                    files.currentIndex = index
                    if (!fileIsDir && chooser.multiple)
                        chooser.togglePicked(fileName)
                    else if (!fileIsDir)
                        nameField.text = fileName
                }
                onDoubleClicked: files.activate(index)
            }
        }
        GridLayout {
            columns: 2
            Layout.fillWidth: true
            Label { text: qsTr("File name") }
            TextField {
                id: nameField
                objectName: "fileNameField"
                Layout.fillWidth: true
                placeholderText: chooser.saving ? qsTr("name, or a path")
                                 : chooser.multiple ? qsTr("click files to pick several, or type a path")
                                 : qsTr("a file in this folder, or a path")
                onAccepted: chooser.tryAccept()
                onTextEdited: chooser.problem = ""
            }
            Label { text: qsTr("Type"); visible: chooser.filters.length > 1 }
            ComboBox {
                objectName: "filterBox"
                visible: chooser.filters.length > 1
                Layout.fillWidth: true
                model: chooser.filters.map(f => f.label)
                currentIndex: chooser.filterIndex
                onActivated: (index) => chooser.filterIndex = index
            }
        }
        RowLayout {
            visible: chooser.problem !== ""
            Layout.fillWidth: true
            Label {
                objectName: "fileProblem"
                text: chooser.problem
                color: Theme.warning
                wrapMode: Text.Wrap
                Layout.fillWidth: true
            }
            Button {
                objectName: "createFolderButton"
                visible: chooser.missingFolder.toString() !== ""
                text: qsTr("Create Folder")
                onClicked: {
                    if (FileNames.makeFolder(chooser.missingFolder))
                        chooser.tryAccept()
                    else
                        chooser.problem = qsTr("Cannot create the folder %1.").arg(FileNames.localPath(chooser.missingFolder))
                }
            }
        }
    }

    footer: DialogButtonBox {
        Button {
            text: chooser.saving ? qsTr("Save") : qsTr("Open")
            highlighted: true
            onClicked: chooser.tryAccept()
        }
        Button {
            text: qsTr("Cancel")
            DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
        }
    }

    // A property, not a child: its QObject parent is then the chooser, where findChild sees it.
    readonly property MessageBox replaceBox: MessageBox {
        objectName: "replaceDialog"
        parent: chooser.parent
        property url target
        title: qsTr("Replace file?")
        text: qsTr("%1 already exists. Replace it?").arg(FileNames.fileName(target))
        informativeText: qsTr("Its contents are overwritten.")
        standardButtons: Dialog.Yes | Dialog.No
        defaultButton: Dialog.No
        onAccepted: chooser.finish(target)
    }
}
