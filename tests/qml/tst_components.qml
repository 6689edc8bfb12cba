// The editor's panels against a real Document: the inspector edits the selected joint through
// undoable commands, the number field commits once per edit, the chains panel lists chains.
import QtQuick
import QtQuick.Controls
import QtTest
import Bonework
import Bonework.Editor

Item {
    id: root
    width: 400
    height: 700

    Component { id: numberFieldComponent; NumberField { width: 300; label: "Length"; value: 12.5 } }
    Component { id: inspectorComponent; Inspector { width: 320; height: 500 } }
    Component { id: chainsComponent; ChainsPanel { width: 320; height: 300 } }
    Component { id: statusComponent; StatusBar { width: 400 } }

    SignalSpy { id: committedSpy; signalName: "committed" }

    TestCase {
        name: "Components"
        when: windowShown

        function init() {
            testDocument.newRig()
        }

        function findChild(item, predicate) {
            if (!item)
                return null
            if (predicate(item))
                return item
            const kids = item.children || []
            for (let i = 0; i < kids.length; ++i) {
                const found = findChild(kids[i], predicate)
                if (found)
                    return found
            }
            return null
        }

        function test_numberFieldCommitsOnce() {
            const field = createTemporaryObject(numberFieldComponent, root)
            committedSpy.target = field
            committedSpy.clear()
            const input = findChild(field, (i) => i instanceof TextField)
            verify(input)
            compare(input.text, "12.50")
            input.forceActiveFocus()
            input.selectAll()
            keyClick(Qt.Key_Backspace)
            keyClick(Qt.Key_4)
            keyClick(Qt.Key_2)
            keyClick(Qt.Key_Return)
            compare(committedSpy.count, 1)
            compare(committedSpy.signalArguments[0][0], 42)
            // Re-committing the same value is not an edit.
            input.forceActiveFocus()
            keyClick(Qt.Key_Return)
            compare(committedSpy.count, 1)
        }

        function test_inspectorEditsTheSelectedJoint() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument })
            verify(inspector)
            testDocument.selectedJoint = a
            compare(inspector.info.name, "joint2")
            compare(inspector.info.length, 50)
            const nameField = findChild(inspector, (i) => i instanceof TextField && i.text === "joint2")
            verify(nameField)
            nameField.forceActiveFocus()
            nameField.selectAll()
            keyClick(Qt.Key_Backspace)
            for (const c of "hand")
                keyClick(c)
            keyClick(Qt.Key_Return)
            compare(testDocument.joint(a).name, "hand")
            compare(testDocument.undoText, "Rename joint2 to hand")
            testDocument.undo()
            compare(testDocument.selectedJoint, a) // undoing a rename keeps the selection
            compare(inspector.info.name, "joint2")
        }

        function test_inspectorHintWithoutSelection() {
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument })
            verify(!inspector.hasJoint)
        }

        function test_chainsPanelListsAndEditsChains() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            const b = testDocument.addBone(a, 100, 0)
            const panel = createTemporaryObject(chainsComponent, root, { document: testDocument })
            compare(testDocument.addChain(b, r), 0)
            compare(panel.current.solver, "two-bone")
            testDocument.setChainSolver(0, "fabrik")
            compare(panel.current.solver, "fabrik")
        }

        function test_statusBarShowsRefusals() {
            const bar = createTemporaryObject(statusComponent, root, { document: testDocument, canvas: canvasItem })
            bar.flash("nope")
            compare(bar.message, "nope")
        }
    }

    RigCanvas { id: canvasItem; width: 10; height: 10; document: testDocument }
}
