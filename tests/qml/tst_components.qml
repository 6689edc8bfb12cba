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
    Component { id: treeComponent; JointTree { width: 300; height: 400 } }
    Component { id: timelineComponent; Timeline { width: 1100; height: 300 } }
    Component { id: exportOptionsComponent; ExportOptionsDialog { files: testDocument.files } }
    Component { id: fileChooserComponent; FileChooser { saving: true; defaultSuffix: "rig.json" } }
    Component { id: makeChainComponent; MakeChainDialog { document: testDocument } }

    SignalSpy { id: committedSpy; signalName: "committed" }
    SignalSpy { id: exportSpy; signalName: "exportFinished" }
    SignalSpy { id: exportFailedSpy; signalName: "exportFailed" }
    SignalSpy { id: chosenSpy; signalName: "chosen" }

    TestCase {
        name: "Components"
        when: windowShown

        function init() {
            testDocument.files.newRig()
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
            // Scientific notation is a number as typed: "-2e-3", not -23 with the "e" dropped.
            input.forceActiveFocus()
            input.selectAll()
            keyClick(Qt.Key_Backspace)
            for (const c of "-2e-3")
                keyClick(c)
            compare(input.text, "-2e-3")
            keyClick(Qt.Key_Return)
            compare(committedSpy.count, 2)
            compare(committedSpy.signalArguments[1][0], -0.002)
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
            compare(testDocument.jointName(a), "hand")
            compare(testDocument.undoText, "Rename joint2 to hand")
            testDocument.undo()
            compare(testDocument.selectedJoint, a) // undoing a rename keeps the selection
            compare(inspector.info.name, "joint2")
        }

        // Up and Down in a field stay there (they scrolled the panel and hid the field being
        // typed in); tabbing to a field out of view scrolls to it.
        function test_inspectorFieldsKeepArrowKeysAndScrollIntoView() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument, height: 140 })
            testDocument.selectedJoint = a
            waitForRendering(inspector)
            const flick = findChild(inspector, (i) => i instanceof Flickable)
            verify(flick)
            verify(flick.contentHeight > flick.height + 100)
            compare(flick.contentY, 0)
            const nameField = findChild(inspector, (i) => i instanceof TextField && i.text === "joint2")
            nameField.forceActiveFocus()
            keyClick(Qt.Key_Down)
            keyClick(Qt.Key_Down)
            compare(flick.contentY, 0)
            verify(nameField.activeFocus)
            const pinned = findChild(inspector, (i) => i instanceof CheckBox && i.visible)
            verify(pinned)
            pinned.forceActiveFocus(Qt.TabFocusReason)
            verify(flick.contentY > 0)
            verify(inView(flick, pinned))
            nameField.forceActiveFocus(Qt.BacktabFocusReason)
            verify(inView(flick, nameField))
        }

        function inView(flick, item) {
            const top = item.mapToItem(flick.contentItem, 0, 0).y
            const shown = top >= flick.contentY && top + item.height <= flick.contentY + flick.height
            if (!shown)
                console.warn(item + " at " + top + " is out of view from " + flick.contentY)
            return shown
        }

        function test_inspectorHintWithoutSelection() {
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument })
            verify(!inspector.hasJoint)
        }

        // A long image path, not being edited, shows its end (the file's name) after an
        // ellipsis; being edited, the whole path.
        function test_slotImageFieldShowsTheFileName() {
            const r = testDocument.addRoot(0, 0)
            const path = "art/a/folder/name/long/enough/to/be/cut/short/in/the/inspector/hand.png"
            const slot = testDocument.addSlot(r, path, 0, 0)
            verify(slot >= 0)
            testDocument.selectedSlot = slot
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument })
            const field = findChild(inspector, (i) => i.objectName === "slotImageField")
            verify(field)
            const shown = findChild(field, (i) => i !== field && i.elide === Text.ElideLeft)
            verify(shown)
            tryVerify(() => shown.visible && shown.truncated)
            compare(shown.text, path)
            compare(field.color, Qt.rgba(0, 0, 0, 0)) // the field's own text hidden under it
            field.forceActiveFocus()
            tryVerify(() => !shown.visible)
            verify(field.color.a > 0)
            compare(field.text, path)
        }

        // A missing image's tooltip names the file and why it is not shown (Qt 6.4's string
        // arg() takes one value: arg(a, b) left "%2" in the text).
        function test_slotImageTooltipSaysWhyTheImageIsMissing() {
            const r = testDocument.addRoot(0, 0)
            const slot = testDocument.addSlot(r, "art/nowhere/missing.png", 0, 0)
            verify(slot >= 0)
            testDocument.selectedSlot = slot
            verify(testDocument.isImageMissing("art/nowhere/missing.png"))
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument })
            const field = findChild(inspector, (i) => i.objectName === "slotImageField")
            verify(field)
            compare(field.ToolTip.text, "art/nowhere/missing.png: it does not exist")
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

        // The mix slider's steps of 0.05 add up to 0.30000000000000004: the chain gets 0.3, as
        // shown, and the file keeps that.
        function test_chainMixSliderSetsWholeHundredths() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            const b = testDocument.addBone(a, 100, 0)
            const panel = createTemporaryObject(chainsComponent, root, { document: testDocument })
            compare(testDocument.addChain(b, r), 0)
            const slider = findChild(panel, (i) => i.objectName === "chainMixSlider")
            verify(slider !== null)
            slider.value = 6 * 0.05
            verify(slider.value !== 0.3)
            slider.commit()
            verify(panel.current.mix === 0.3, "mix " + panel.current.mix)
        }

        // Issue 16: a refused edit leaves every field showing the value that holds.
        function test_refusedChainEditsShowWhatHolds() {
            let j = testDocument.addRoot(0, 0)
            const first = j
            for (let i = 1; i <= 4; ++i)
                j = testDocument.addBone(j, 50 * i, 0)
            compare(testDocument.addChain(j, first), 0) // four bones: fabrik
            const panel = createTemporaryObject(chainsComponent, root, { document: testDocument })
            testDocument.addChain(testDocument.findJoint("joint3"), first) // a second chain, for a taken name
            testDocument.selectedChain = 0
            const solverBox = findChild(panel, (i) => i.objectName === "chainSolverBox")
            verify(solverBox)
            compare(solverBox.currentText, "fabrik")
            // Pick two-bone as a click in the list does (the box shows it, then reports the
            // activation): refused for four bones.
            const twoBone = solverBox.model.indexOf("two-bone")
            solverBox.currentIndex = twoBone
            solverBox.activated(twoBone)
            compare(panel.current.solver, "fabrik")
            compare(solverBox.currentText, "fabrik")

            const nameField = findChild(panel, (i) => i.objectName === "chainNameField")
            nameField.forceActiveFocus()
            nameField.selectAll()
            for (const c of "chain2") // the other chain's name: refused
                keyClick(c)
            keyClick(Qt.Key_Return)
            compare(panel.current.name, "chain1")
            compare(nameField.text, "chain1")
        }

        function test_refusedRenameInTheInspectorShowsWhatHolds() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            const inspector = createTemporaryObject(inspectorComponent, root, { document: testDocument })
            testDocument.selectedJoint = a
            const nameField = findChild(inspector, (i) => i.objectName === "jointNameField")
            nameField.forceActiveFocus()
            nameField.selectAll()
            for (const c of "root1") // taken by the root
                keyClick(c)
            keyClick(Qt.Key_Return)
            compare(testDocument.jointName(a), "joint2")
            compare(nameField.text, "joint2")
        }

        function test_chainListShowsWholeRows() {
            let j = testDocument.addRoot(0, 0)
            const first = j
            for (let i = 1; i <= 6; ++i) {
                j = testDocument.addBone(j, 40 * i, 0)
                if (i >= 2)
                    testDocument.addChain(j, first)
            }
            const panel = createTemporaryObject(chainsComponent, root, { document: testDocument })
            const list = findChild(panel, (i) => i.objectName === "chainList")
            compare(testDocument.chainCount(), 5)
            for (let n = 0; n <= 5; ++n) {
                tryCompare(list, "count", testDocument.chainCount())
                if (list.count > 0) {
                    // Whole rows only, up to four (the layout applies heights on its next polish).
                    tryCompare(list, "height", Math.min(list.count, 4) * list.rowHeight)
                    const delegate = list.itemAtIndex(0)
                    verify(delegate.height <= list.rowHeight)
                }
                if (testDocument.chainCount() > 0)
                    testDocument.removeChain(0)
            }
        }

        function test_jointTreeKeepsWhatWasCollapsed() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            testDocument.addBone(a, 100, 0)
            const c = testDocument.addBone(r, 0, 50)
            testDocument.addBone(c, 0, 100)
            const panel = createTemporaryObject(treeComponent, root, { document: testDocument })
            const tree = findChild(panel, (i) => i.objectName === "jointTree")
            tryCompare(tree, "rows", 5) // everything expanded at first
            const rowOf = (name) => {
                for (let row = 0; row < tree.rows; ++row)
                    if (testDocument.jointName(tree.jointOfRow(row)) === name)
                        return row
                return -1
            }
            tree.collapse(rowOf("joint2"))
            tryCompare(tree, "rows", 4)
            // A structural edit rebuilds the model: joint2 stays collapsed, the rest expanded.
            testDocument.addBone(c, 50, 100)
            tryCompare(tree, "rows", 5)
            verify(!tree.isExpanded(rowOf("joint2")))
            verify(tree.isExpanded(rowOf("joint4")))
            testDocument.removeJoint(testDocument.findJoint("joint5"))
            tryCompare(tree, "rows", 4)
            verify(!tree.isExpanded(rowOf("joint2")))

            // A removal that shifts the joints' indices keeps the right one collapsed: joint4
            // (after the removed joint3), not whichever joint took its index.
            tree.expand(rowOf("joint2"))
            tryCompare(tree, "rows", 5) // joint1, joint2, joint3, joint4, joint6
            tree.collapse(rowOf("joint4"))
            tryCompare(tree, "rows", 4)
            testDocument.removeJoint(testDocument.findJoint("joint3"))
            tryCompare(tree, "rows", 3)
            verify(!tree.isExpanded(rowOf("joint4")))
            verify(tree.isExpanded(rowOf("joint2")) || !tree.model.hasChildren(tree.indexOfRow(rowOf("joint2"))))

            // A rig opened again opens whole: what was collapsed belonged to the last one, even
            // where the names are the same.
            const files = testDocument.files
            const humanoid = files.examples().findIndex(e => e.file === "humanoid.rig.json")
            verify(files.openExample(humanoid))
            const all = testDocument.jointCount
            tryCompare(tree, "rows", all)
            tree.collapse(rowOf("spine"))
            tryVerify(() => tree.rows < all)
            verify(files.openExample(humanoid))
            tryCompare(tree, "rows", all)
            verify(tree.isExpanded(rowOf("spine")))
            // Another rig with the same names (j0, j1, ...) opens whole too.
            verify(files.openExample(files.examples().findIndex(e => e.file === "chain-6.rig.json")))
            tryCompare(tree, "rows", testDocument.jointCount)
            tree.collapse(rowOf("j3"))
            tryVerify(() => tree.rows === 4)
            verify(files.openExample(files.examples().findIndex(e => e.file === "chain-50.rig.json")))
            tryCompare(tree, "rows", testDocument.jointCount)
            verify(tree.isExpanded(rowOf("j3")))
        }

        // The Timeline's controls fit a narrow canvas: the keying group wraps under the clip
        // and transport controls instead of running off the right edge.
        function test_timelineControlsWrapWhenNarrow() {
            const timeline = createTemporaryObject(timelineComponent, root, { document: testDocument })
            const picker = findChild(timeline, (i) => i.objectName === "clipPicker")
            const curve = findChild(timeline, (i) => i.objectName === "curveButton")
            verify(picker && curve)
            const top = (item) => item.mapToItem(timeline, 0, 0).y
            const right = (item) => item.mapToItem(timeline, item.width, 0).x
            tryVerify(() => Math.abs(top(curve) - top(picker)) < picker.height / 2) // wide: one row
            verify(right(curve) <= timeline.width)
            timeline.width = 520
            tryVerify(() => top(curve) > top(picker) + picker.height / 2) // narrow: two rows
            verify(right(curve) <= timeline.width)
        }

        // A dragged key lands where the mouse let go: it moved by the mouse's x in the turned
        // diamond's own frame (0.7 of the way, a frame or more short), by the clip's length per
        // track width whatever the zoom, and by the last move rather than where the button came up.
        function test_aDraggedKeyLandsUnderTheMouse() {
            const root3 = testDocument.addRoot(300, 300)
            testDocument.addBone(root3, 400, 300)
            const timeline = createTemporaryObject(timelineComponent, root, { document: testDocument })
            const anim = testDocument.animation
            anim.current = testDocument.newAnimation()
            testDocument.selectedJoint = -1
            anim.time = 0.5
            verify(anim.keyPose())
            timeline.zoom = 2
            timeline.panTo(0.25)
            const diamondAt = (t) => findChild(timeline, (i) => i.rotation === 45 && i.visible && i.modelData !== undefined
                                                               && Math.abs(i.modelData - t) < 1e-9)
            let key = null
            tryVerify(() => (key = diamondAt(0.5)) !== null)
            const start = key.mapToItem(timeline, key.width / 2, key.height / 2)
            const expected = 0.5 + timeline.snapped(200 / timeline.trackWidth() * timeline.viewSpan)
            mousePress(timeline, start.x, start.y)
            mouseMove(timeline, start.x + 40, start.y)
            mouseRelease(timeline, start.x + 200, start.y) // no move delivered at the release point
            verify(Math.abs(expected - 0.5) > 2 / anim.fps) // the zoom matters here
            tryVerify(() => diamondAt(expected) !== null, 2000, "the key at " + expected)
            compare(diamondAt(0.5), null)
            compare(timeline.zoom, 2) // moving a key keeps the view
            compare(timeline.viewStart, 0.25)
            anim.current = -1
        }

        // A chain selected elsewhere (made with Ctrl+K, picked on the canvas) scrolls into the
        // list's view, which shows four rows at most.
        function test_chainsPanelShowsTheSelectedChain() {
            let j = testDocument.addRoot(0, 0)
            const first = j
            for (let i = 1; i <= 7; ++i) {
                j = testDocument.addBone(j, 50 * i, 0)
                if (i >= 2)
                    testDocument.addChain(j, first)
            }
            testDocument.selectedChain = -1
            const panel = createTemporaryObject(chainsComponent, root, { document: testDocument, height: 600 })
            const list = findChild(panel, (i) => i.objectName === "chainList")
            tryCompare(list, "count", 6)
            compare(list.contentY, list.originY)
            const inView = (index) => {
                const item = list.itemAtIndex(index)
                return item !== null && item.y >= list.contentY - 0.5 && item.y + item.height <= list.contentY + list.height + 0.5
            }
            testDocument.selectedChain = 5
            tryVerify(() => inView(5))
            testDocument.selectedChain = 0
            tryVerify(() => inView(0))
        }

        // Compare Solvers in the chains panel: the heading's button is the toggle (kept in step
        // with C++), the rows are the solvers that can solve the chain, and clicking one makes it
        // the chain's solver.
        function test_chainsPanelComparesSolvers() {
            testDocument.comparison.enabled = false
            let j = testDocument.addRoot(0, 0)
            const first = j
            for (let i = 1; i <= 3; ++i)
                j = testDocument.addBone(j, 50 * i, 0)
            compare(testDocument.addChain(j, first), 0) // three bones: fabrik
            testDocument.selectedChain = -1
            const panel = createTemporaryObject(chainsComponent, root, { document: testDocument, height: 600 })
            const button = findChild(panel, (i) => i.objectName === "compareSolversButton")
            const rows = findChild(panel, (i) => i.objectName === "comparisonRows")
            verify(button && rows)
            verify(!button.checked)
            mouseClick(button)
            verify(testDocument.comparison.enabled)
            compare(rows.count, 0) // no chain selected
            testDocument.selectedChain = 0
            tryCompare(rows, "count", 5) // follow, reach, fabrik, ccd, relax: not two-bone
            const rowOf = (solver) => {
                for (let r = 0; r < rows.count; ++r)
                    if (rows.itemAtIndex(r) && rows.itemAtIndex(r).objectName === "comparisonRow_" + solver)
                        return rows.itemAtIndex(r)
                return null
            }
            tryVerify(() => rowOf("ccd") !== null && rowOf("ccd").height > 0 && rows.height >= 5 * rowOf("ccd").height)
            mouseClick(rowOf("ccd"))
            compare(testDocument.undoText, "Set solver to ccd")
            compare(panel.current.solver, "ccd")
            testDocument.comparison.enabled = false // from elsewhere (the View menu)
            verify(!button.checked)
            compare(rows.count, 0)
        }

        // Issue 21: Export asks for the bake frame rate and tolerance only when the rig has
        // clips; FileService refuses what it cannot use (the dialog stays open and says why),
        // and remembers what it takes.
        function test_exportOptionsAskOnlyWhenThereIsSomethingToBake() {
            const files = testDocument.files
            verify(files.setBakeFps(30) && files.setBakeTolerance(0.1))
            const humanoid = files.examples().findIndex(e => e.file === "humanoid.rig.json")
            verify(files.openExample(humanoid))
            const dialog = createTemporaryObject(exportOptionsComponent, root)
            exportSpy.target = files
            exportSpy.clear()
            const target = testFolder + "/walk_ske.json"
            dialog.exportTo(target, "dragonbones")
            tryCompare(dialog, "opened", true)
            const fps = findChild(dialog.contentItem, (i) => i.objectName === "bakeFpsField")
            const tolerance = findChild(dialog.contentItem, (i) => i.objectName === "bakeToleranceField")
            const problem = findChild(dialog.contentItem, (i) => i.objectName === "bakeOptionsProblem")
            const exportButton = findChild(dialog.footer, (i) => i.objectName === "exportOptionsExport")
            verify(fps && tolerance && problem && exportButton)
            compare(fps.text, "30")
            compare(tolerance.text, "0.1")
            tryVerify(() => fps.activeFocus)

            // 29.97 fps: refused, the dialog stays and says why.
            fps.selectAll()
            for (const c of "29.97")
                keyClick(c)
            verify(problem.visible)
            compare(problem.text, files.bakeFpsProblem(29.97))
            verify(!exportButton.enabled)
            keyClick(Qt.Key_Return)
            verify(dialog.opened)
            compare(files.bakeFps, 30)

            fps.selectAll()
            keyClick(Qt.Key_6)
            keyClick(Qt.Key_0)
            verify(!problem.visible)
            keyClick(Qt.Key_Tab)
            verify(tolerance.activeFocus)
            tolerance.selectAll()
            keyClick(Qt.Key_Backspace)
            verify(problem.visible) // an empty tolerance is none
            for (const c of "0.5")
                keyClick(c)
            verify(!problem.visible)
            keyClick(Qt.Key_Return)
            tryCompare(dialog, "visible", false)
            compare(files.bakeFps, 60)
            compare(files.bakeTolerance, 0.5)
            exportSpy.wait(30000) // fails the test when it times out
            compare(exportSpy.signalArguments[0][0], true)
            verify(FileNames.exists(target))
            verify(files.lastExportReport().indexOf("clips written at 60 fps; baked keys stay within 0.5 px") >= 0)

            // Shown again with what was taken; Esc cancels the export.
            dialog.exportTo(testFolder + "/cancelled_ske.json", "dragonbones")
            tryCompare(dialog, "opened", true)
            compare(fps.text, "60")
            compare(tolerance.text, "0.5")
            keyClick(Qt.Key_Escape)
            tryCompare(dialog, "visible", false)
            verify(!files.exporting)
            verify(!FileNames.exists(testFolder + "/cancelled_ske.json"))

            // Nothing to bake: no step, the export starts at once.
            files.newRig()
            testDocument.addRoot(0, 0)
            dialog.exportTo(testFolder + "/still.json", "spine")
            verify(!dialog.visible)
            exportSpy.wait(30000) // fails the test when it times out
            compare(exportSpy.count, 2)
            verify(FileNames.exists(testFolder + "/still.json"))
            verify(files.setBakeFps(30) && files.setBakeTolerance(0.1))
        }

        // A rig with slots and no clips asks only for the atlas's page size (the editor had
        // no page size at all; bonework-cli export --max-page-size), refused below 16 px.
        function test_exportOptionsAskThePageSizeForARigWithSlots() {
            const files = testDocument.files
            verify(files.setAtlasPageSize(2048))
            verify(files.openExample(files.examples().findIndex(e => e.file === "gunner.rig.json")))
            const dialog = createTemporaryObject(exportOptionsComponent, root)
            exportSpy.target = files
            exportSpy.clear()
            // A name the export refuses is refused before the options are asked.
            exportFailedSpy.target = files
            exportFailedSpy.clear()
            dialog.exportTo(testFolder + "/gunner.png", "spine")
            compare(exportFailedSpy.count, 1)
            verify(exportFailedSpy.signalArguments[0][0].indexOf("is JSON: name it .json") >= 0)
            verify(!dialog.visible)
            dialog.exportTo(testFolder + "/gunner.json", "spine")
            tryCompare(dialog, "opened", true)
            const fps = findChild(dialog.contentItem, (i) => i.objectName === "bakeFpsField")
            const page = findChild(dialog.contentItem, (i) => i.objectName === "atlasPageSizeField")
            const problem = findChild(dialog.contentItem, (i) => i.objectName === "bakeOptionsProblem")
            verify(fps && page && problem)
            verify(!fps.visible)
            verify(page.visible)
            compare(page.text, "2048")
            tryVerify(() => page.activeFocus)
            page.selectAll()
            keyClick(Qt.Key_8)
            verify(problem.visible)
            compare(problem.text, files.atlasPageSizeProblem(8))
            keyClick(Qt.Key_Return)
            verify(dialog.opened)
            page.selectAll()
            for (const c of "600") // the largest image, the rifle, is 539 px
                keyClick(c)
            verify(!problem.visible)
            keyClick(Qt.Key_Return)
            tryCompare(dialog, "visible", false)
            compare(files.atlasPageSize, 600)
            exportSpy.wait(30000) // fails the test when it times out
            compare(exportSpy.signalArguments[0][0], true)
            verify(files.lastExportReport().indexOf("atlas pages up to 600 px\n") >= 0, files.lastExportReport())
            verify(files.lastExportReport().indexOf("clips written at") < 0)
            verify(files.setAtlasPageSize(2048))
        }

        // A save into a folder that does not exist says so (it said "Cannot write in" the file
        // itself) and Create Folder makes it and saves there.
        function test_savingIntoAMissingFolderOffersToCreateIt() {
            const chooser = createTemporaryObject(fileChooserComponent, root)
            chosenSpy.clear()
            chosenSpy.target = chooser
            const chosen = chosenSpy
            chooser.folder = testFolder
            chooser.open()
            const nameField = findChild(chooser.contentItem, (i) => i.objectName === "fileNameField")
            const problem = findChild(chooser.contentItem, (i) => i.objectName === "fileProblem")
            const create = findChild(chooser.contentItem, (i) => i.objectName === "createFolderButton")
            verify(nameField && problem && create)
            nameField.text = "exports/run1/hero"
            chooser.tryAccept()
            compare(problem.text, "There is no folder " + FileNames.localPath(testFolder) + "/exports/run1.")
            tryVerify(() => create.visible)
            compare(chosen.count, 0)
            create.clicked()
            verify(FileNames.isFolder(testFolder + "/exports/run1"))
            compare(chosen.count, 1)
            compare(chosen.signalArguments[0][0].toString(), testFolder + "/exports/run1/hero.rig.json")
        }

        // Make Chain names the bones the chain turns and the root that stays (a Spine user read
        // "torso, 2 bones" as holding the torso).
        function test_makeChainNamesTheBonesItTurns() {
            const r = testDocument.addRoot(0, 0)
            const a = testDocument.addBone(r, 50, 0)
            const b = testDocument.addBone(a, 100, 0)
            const c = testDocument.addBone(b, 150, 0)
            testDocument.selectedJoint = c
            const dialog = createTemporaryObject(makeChainComponent, root)
            dialog.open()
            tryVerify(() => dialog.opened)
            const box = findChild(dialog.contentItem, (i) => i.objectName === "chainRootBox")
            const label = findChild(dialog.contentItem, (i) => i.objectName === "chainBonesLabel")
            verify(box && label)
            box.currentIndex = 0
            compare(label.text, "1 bone turns: " + testDocument.jointName(c) + "; " + testDocument.jointName(b) + " stays in place")
            box.currentIndex = 2
            compare(label.text, "3 bones turn: " + [a, b, c].map(j => testDocument.jointName(j)).join(", ") + "; "
                                + testDocument.jointName(r) + " stays in place")
            dialog.close()
        }

        function test_statusBarShowsRefusals() {
            const bar = createTemporaryObject(statusComponent, root, { document: testDocument, canvas: canvasItem })
            bar.flash("nope")
            compare(bar.message, "nope")
        }
    }

    RigCanvas { id: canvasItem; width: 10; height: 10; document: testDocument }
}
