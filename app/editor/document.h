#pragma once
// The open rig in the editor: the Rig, its file, the undo stack and the selection; posing is the
// document's PoseController.
// Every change goes through the undo stack, one command per edit kind keeping only what it
// changed (RigEditCommand, AddJointCommand, RemoveJointCommand, ReparentJointCommand, PoseCommand
// for drags); QML calls the Q_INVOKABLE methods and never touches the model directly.

#include "pose_change.h"
#include "file_service.h"
#include "pose_controller.h"
#include "animation_player.h"
#include "solver_comparison_model.h"
#include "slot_images.h"
#include "art_copy_plan.h"
#include "image_sources.h"
#include "image_watch.h"

#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"
#include "bonework/solvers/chain_holder.h"

#include <QObject>

#include <functional>
#include <QPointF>
#include <QHash>
#include <QPair>
#include <QSet>
#include <QString>
#include <QUndoStack>
#include <QUrl>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>


namespace bonework::editor {

class PoseController;
class RigEditCommand;

class Document : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The document is created by the application")

    Q_PROPERTY(QString filePath READ filePath NOTIFY fileChanged)
    Q_PROPERTY(QString displayName READ displayName NOTIFY fileChanged)
    Q_PROPERTY(bool modified READ isModified NOTIFY modifiedChanged)
    Q_PROPERTY(int jointCount READ jointCount NOTIFY rigChanged)
    // The rig's own name (the exports name their skeleton or armature after it); a new rig is
    // "untitled" until it is saved, then named after its file.
    Q_PROPERTY(QString rigName READ rigName NOTIFY rigChanged)
    Q_PROPERTY(int selectedJoint READ selectedJoint WRITE setSelectedJoint NOTIFY selectionChanged)
    Q_PROPERTY(int selectedChain READ selectedChain WRITE setSelectedChain NOTIFY selectionChanged)
    // The selected slot (image) in draw order, or -1 (document_slots.cpp).
    Q_PROPERTY(int selectedSlot READ selectedSlot WRITE setSelectedSlot NOTIFY selectionChanged)
    Q_PROPERTY(int slotCount READ slotCount NOTIFY rigChanged)
    // Drags, solves, Reset Pose and the play preview (pose_controller.h).
    Q_PROPERTY(bonework::editor::PoseController* posing READ posing CONSTANT)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
    Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString nodeShape READ nodeShape NOTIFY nodeShapeChanged)
    // Every joint's name in index order (the inspector's parent list); changes with the skeleton
    // and renames only, not with poses.
    Q_PROPERTY(QStringList jointNames READ jointNames NOTIFY jointNamesChanged)
    // The names rig files use, for the chain form's choices (core's lists, not copies in QML).
    Q_PROPERTY(QStringList solverNames READ solverNames CONSTANT)
    Q_PROPERTY(QStringList bendNames READ bendNames CONSTANT)
    Q_PROPERTY(QStringList nodeShapeNames READ nodeShapeNames CONSTANT)
    // How the open example is meant to be played: driver, chain, joint and solver names (empty
    // for rigs that are not examples); changes with the file.
    Q_PROPERTY(QVariantMap playHint READ playHint NOTIFY fileChanged)
    // The images a just-opened rig could not find, in one message (empty when none were missing).
    Q_PROPERTY(QString missingImagesReport READ missingImagesReport NOTIFY fileChanged)
    // New, Open, Save, Export, recovery (file_service.h).
    Q_PROPERTY(bonework::editor::FileService* files READ files CONSTANT)
    // Compare Solvers: the selected chain solved by every solver (solver_comparison_model.h).
    Q_PROPERTY(bonework::editor::SolverComparisonModel* comparison READ comparison CONSTANT)
    // Animate mode: the clip open in the Timeline, its playhead and keying (animation_player.h).
    Q_PROPERTY(bonework::editor::AnimationPlayer* animation READ animation CONSTANT)

public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const Rig& rig() const { return m_rig; }
    // What the rig file keeps for the editor (the node shape); saved with the rig.
    const io::EditorSettings& editorSettings() const { return m_editor; }
    QUndoStack* undoStack() { return &m_undo; }

    QString filePath() const { return m_filePath; }
    QString displayName() const;
    // Unsaved edits, or a file that another program deleted or moved away (the rig then exists
    // only here: quitting asks, and autosave keeps it).
    bool isModified() const { return !m_undo.isClean() || m_fileGone; }
    // The document's file was deleted or moved away on disk (FileService's watch); cleared when
    // the rig is saved or another file opened.
    void setFileGone(bool gone);
    int jointCount() const { return static_cast<int>(m_rig.jointCount()); }
    int selectedJoint() const { return m_selectedJoint; }
    void setSelectedJoint(int joint);
    int selectedChain() const { return m_selectedChain; }
    void setSelectedChain(int chain);
    int selectedSlot() const { return m_selectedSlot; }
    void setSelectedSlot(int slot);
    int slotCount() const { return static_cast<int>(m_rig.slotList().size()); }
    PoseController* posing() { return m_posing; }
    bool canUndo() const { return m_undo.canUndo(); }
    bool canRedo() const { return m_undo.canRedo(); }
    QString undoText() const { return m_undo.undoText(); }
    QString redoText() const { return m_undo.redoText(); }
    QString nodeShape() const;
    FileService* files() { return m_files; }
    SolverComparisonModel* comparison() { return m_comparison; }
    AnimationPlayer* animation() { return m_animation; }
    // The rig as last saved or opened (Reset Pose goes back to its pose).
    const Rig& savedRig() const { return m_savedRig; }

    // --- Undo --------------------------------------------------------------------------------
    Q_INVOKABLE void undo();
    Q_INVOKABLE void redo();

    // --- Building ------------------------------------------------------------------------------
    Q_INVOKABLE int addRoot(double x, double y);
    // A child of `parent` ending at scene point (x, y): length and angle from the point.
    Q_INVOKABLE int addBone(int parent, double x, double y);
    Q_INVOKABLE bool removeJoint(int joint);
    QString rigName() const { return QString::fromStdString(m_rig.name()); }
    // One undo step; refused (editRefused) when the name is empty.
    Q_INVOKABLE bool setRigName(const QString& name);
    // Moves the rig's origin (where the exports put the skeleton's origin) to where `joint`
    // is: the whole rig and its clips move by minus that point (rig_origin.h), one undo step,
    // and the view moves along (rigShifted), so nothing moves on screen but the origin's axes.
    Q_INVOKABLE bool moveOriginTo(int joint);
    Q_INVOKABLE bool renameJoint(int joint, const QString& name);
    Q_INVOKABLE bool reparentJoint(int joint, int newParent);
    Q_INVOKABLE bool setLength(int joint, double length);
    Q_INVOKABLE bool setAngle(int joint, double degrees);
    Q_INVOKABLE bool setLimits(int joint, double min, double max);
    Q_INVOKABLE bool setRootPosition(int joint, double x, double y);
    Q_INVOKABLE bool setRootRotation(int joint, double degrees);
    Q_INVOKABLE bool setPinned(int joint, bool pinned);
    Q_INVOKABLE bool togglePin(int joint);
    Q_INVOKABLE bool setNodeShape(const QString& shape);

    // The selected joint's and chain's fields are properties of SelectedJoint and SelectedChain.
    QStringList jointNames() const { return m_jointNames; }
    Q_INVOKABLE QString jointName(int joint) const { return jointLabel(joint); }
    Q_INVOKABLE int findJoint(const QString& name) const;
    // Ancestors of a joint, nearest first (for "make chain up to ...").
    Q_INVOKABLE QList<int> ancestors(int joint) const;

    // --- Chains --------------------------------------------------------------------------------
    Q_INVOKABLE int chainCount() const { return static_cast<int>(m_rig.chains().size()); }
    static QStringList solverNames();
    static QStringList bendNames();
    static QStringList nodeShapeNames();
    // The ancestor Make Chain offers first for a chain ending at `tip` (the start of its limb).
    Q_INVOKABLE int defaultChainRoot(int tip) const;
    // A chain from `root` down to `tip`, aimed at the tip's current position.
    Q_INVOKABLE int addChain(int tip, int root);
    Q_INVOKABLE bool removeChain(int index);
    Q_INVOKABLE bool renameChain(int index, const QString& name);
    Q_INVOKABLE bool setChainSolver(int index, const QString& solver);
    Q_INVOKABLE bool setChainIterations(int index, int iterations);
    Q_INVOKABLE bool setChainTolerance(int index, double tolerance);
    Q_INVOKABLE bool setChainBend(int index, const QString& bend);
    // How strongly the chain holds, 0 (off) to 1.
    Q_INVOKABLE bool setChainMix(int index, double mix);
    // Where the chain starts and ends (joints by name); its settings and target stay.
    Q_INVOKABLE bool setChainRoot(int index, const QString& root);
    Q_INVOKABLE bool setChainTip(int index, const QString& tip);
    // The joint the chain's target rides on (Spine's and DragonBones' target bone), or, empty,
    // a fixed point where the target is now.
    Q_INVOKABLE bool setChainTargetJoint(int index, const QString& joint);
    // Moves a chain to another place in the order chains hold in (one undo step).
    Q_INVOKABLE bool moveChain(int from, int to);
    // The chain a joint is the tip of, or -1.
    Q_INVOKABLE int chainWithTip(int joint) const;
    // A chain's target in scene coordinates (an attached target: its joint's position).
    Q_INVOKABLE QPointF chainTarget(int index) const;

    // --- Slots (document_slots.cpp): each edit one undo step (RigEditCommand) -----------------
    // A slot on `joint` showing `image` (a path relative to the rig's folder) with its centre at
    // scene point (x, y), named after the image (made unique); its index, or -1 when refused.
    Q_INVOKABLE int addSlot(int joint, const QString& image, double x, double y);
    // The same, named after `baseName` (made unique) rather than the image path.
    int addSlotNamed(int joint, const QString& image, const QString& baseName, double x, double y);
    Q_INVOKABLE bool removeSlot(int index);
    // Moves a slot in the draw order (0: at the back), the others keeping their order.
    Q_INVOKABLE bool moveSlot(int from, int to);
    Q_INVOKABLE bool renameSlot(int index, const QString& name);
    // Puts the slot on another joint, its image staying where it is on screen.
    Q_INVOKABLE bool setSlotJoint(int index, int joint);
    Q_INVOKABLE bool setSlotImage(int index, const QString& image);
    // One number: "x", "y", "rotation", "scaleX", "scaleY", "pivotX", "pivotY" or "opacity".
    Q_INVOKABLE bool setSlotValue(int index, const QString& field, double value);
    Q_INVOKABLE bool setSlotVisible(int index, bool visible);
    // Mirrors the image about its pivot as it shows on the canvas now: left to right
    // (`horizontally`) or top to bottom. Of its own axes, the one that runs nearer across the
    // screen (for left to right) or down it changes the sign of its scale, so the button means
    // what the artist sees however the bone and image are turned. One undo step; flipping twice
    // gives back the image.
    Q_INVOKABLE bool flipSlot(int index, bool horizontally);
    // Locked slots cannot be picked on the canvas; editor state only, never saved or undone.
    Q_INVOKABLE bool isSlotLocked(int index) const;
    // --- Images (document_images.cpp) -----------------------------------------------------------
    // Each file becomes a slot on the selected bone (the selected image's bone, else a new root at
    // (x, y)), centred at scene point (x, y), named after the file: one undo step for them all.
    // Files inside the rig's folder are stored relative to it; others as "art/NAME", copied there
    // when the rig is saved (see artCopies). Returns how many were imported.
    Q_INVOKABLE int importImages(const QList<QUrl>& files, double x, double y);
    // Where File > Import Images… puts new images: on the bone they go to (the middle of the
    // selected joint's bone, or the selected image's; a root's own place), else `fallback` (the
    // view's centre, where a new root is made). A drop puts them where they are dropped instead.
    Q_INVOKABLE QPointF importPoint(QPointF fallback) const;
    // A new image file for a slot (the inspector's Choose…), stored as importImages stores it.
    Q_INVOKABLE bool setSlotImageFile(int index, const QUrl& file);
    // What a save to `rigPath` must copy beside it so every image the rig names (its slots' and
    // its clips' keys) shows the same picture there: imports from elsewhere, and the art of a rig
    // saved into another folder, under a new path where the old one would take another file or
    // lead outside that folder (art_copy_plan.h).
    QList<ArtCopy> artCopies(const QString& rigPath) const;
    // A save renamed images (image -> stored path, art_copy_plan.h): one undo step, so undoing
    // an earlier edit never brings back a path that now names another file.
    void renameImages(const QHash<QString, QString>& renames, const QString& text);
    // Where the images are read from that the rig file does not say (see image_sources.h), and
    // giving that back to recovered work: the folder only while the rig is untitled (a titled
    // rig's images start from its own folder), every pending import.
    ImageSources imageSources() const;
    void restoreImageSources(const ImageSources& sources);
    const drawing::SlotImages& slotImages() const { return m_images; }
    QString missingImagesReport() const { return m_missingReport; }
    // Whether a slot's image file could not be read (the canvas draws a placeholder).
    Q_INVOKABLE bool isImageMissing(const QString& image) const { return m_missingImages.contains(image); }
    // Why it is missing ("it does not exist", "it is a GIF file, not a PNG or JPEG"); empty if shown.
    QString imageProblem(const QString& image) const { return m_images.problem(image.toStdString()); }
    Q_INVOKABLE void setSlotLocked(int index, bool locked);
    // A canvas drag of a slot (move, rotate, scale, pivot) is one undo step: begin remembers the
    // slot, dragSlot puts each new placement on the rig in place, end pushes the step.
    bool beginSlotDrag(int index);
    bool dragSlot(const Slot& slot);
    void endSlotDrag(const QString& text);
    bool isDraggingSlot() const { return m_slotDrag >= 0; }
    // Replaces a slot as one undo step (`text` names it); refused values say why (checkSlot).
    bool setSlot(int index, const Slot& slot, const QString& text);

    // Shows a preview's frame (play mode, a clip): the same skeleton, chains and slots posed
    // otherwise, so the joint names are not listed again on every frame of a 10,000-joint rig.
    void showPreviewPose(const Rig& rig);
    // Replaces the rig without an undo step (the undo commands use this).
    void replaceRig(const Rig& rig);
    // Applies a structural change (a joint added, removed, reparented or put back) without an
    // undo step, keeping the selection on the same joint by name (the structure commands).
    void applyStructureChange(const std::function<void(Rig&)>& change);
    // Puts an edit's before or after side on the rig without an undo step (RigEditCommand).
    void applyRigEdit(const RigEditCommand& command, bool after);
    // Sets the node shape without an undo step (NodeShapeCommand).
    void applyNodeShape(io::NodeShape shape);
    // Puts a pose edit's before or after poses on the rig without an undo step (PoseCommand).
    void applyPoseChange(const PoseChange& change, bool after);

    QVariantMap playHint() const { return m_playHint; }

    // Whether the canvas shows poses the document does not hold: play mode's simulation, or a
    // clip open on the timeline (edits go to the clip's keys then, or wait until play stops).
    bool isPreviewing() const;
    // Whether play mode runs the simulation (not a clip open on the timeline).
    bool isSimulating() const;
    // Whether the skeleton is the one last saved or opened (Reset Pose goes back to its pose).
    bool skeletonMatchesSaved() const;

    // --- Animations (document_animations.cpp): each edit one undo step (RigEditCommand), also
    // in animate mode, where the clips' keys change and the pose on the canvas follows ----------
    // Adds an animation clip to the rig (Play mode's Record); false when refused.
    bool addAnimation(const animation::Clip& clip);
    // A new empty clip of one second named "animation" (made unique); its index, or -1.
    Q_INVOKABLE int newAnimation();
    Q_INVOKABLE bool renameAnimation(int index, const QString& name);
    // A copy named "NAME copy" (made unique), right after it; its index, or -1.
    Q_INVOKABLE int duplicateAnimation(int index);
    Q_INVOKABLE bool removeAnimation(int index);
    // A new length in seconds; keys after it are dropped (the undo step keeps them).
    Q_INVOKABLE bool setAnimationDuration(int index, double seconds);
    // Whether the clip plays over and over (a cycle) or once: the Timeline plays it so, and the
    // exports and the runtime take it along (animation::Clip::loop).
    Q_INVOKABLE bool setAnimationLoop(int index, bool loop);
    // Any change of one clip's keys (the Timeline's edits): `edit` changes a copy, the rig checks
    // it (animation::checkClip) and takes it as one undo step named `text`.
    bool editClip(int index, const QString& text, const std::function<void(animation::Clip&)>& edit);
    // What Save, Export and autosave write: the rig with its own pose, not a clip's on show.
    Rig setupRig() const;
    // Ends play mode (the motion preview) as Esc does, before the rig is replaced or the window
    // closes: a recording under way becomes a clip first (so the unsaved-changes question
    // counts it), and the pose played goes (it would otherwise come back over the next rig).
    Q_INVOKABLE void stopPlaying();

signals:
    void fileChanged();
    void modifiedChanged();
    void rigChanged();
    void jointNamesChanged();
    void nodeShapeChanged();
    void selectionChanged();
    void undoStateChanged();
    void loadFailed(const QString& message);
    void saveFailed(const QString& message);
    void editRefused(const QString& message);
    // An edit did more than its name says (a deleted joint took chains and images with it):
    // the status bar tells it.
    void notice(const QString& message);
    // A slot was locked or unlocked (editor state, not an edit).
    void slotLocksChanged();
    // Images were loaded, found or lost (the missing marks change).
    void slotImagesChanged();
    // Opening a rig found images missing: one message naming them all.
    void imagesMissing(const QString& message);
    // Another rig became the document (opened, an example, New, Revert): views forget what they
    // kept of the last one (the skeleton tree what was collapsed).
    void opened();
    // The whole rig moved by `by` (its origin moved, or that was undone): the canvas moves its
    // view the same way, so the rig keeps its place on screen.
    void rigShifted(QPointF by);
    // stopPlaying() was called: the play controller stops (keeping a recording as a clip).
    void playStopRequested();

private:
    friend class PoseController; // poses the rig in place and pushes its own undo commands
    friend class FileService;    // makes what it opens the document, and marks saves

    // Says so and returns true while a preview is on the canvas: play mode's simulation (edits
    // wait until it stops) or a clip (animate mode poses and keys; the rig waits for Setup Pose).
    bool refuseWhilePlaying();
    // Clip edits go on in animate mode (they leave the pose alone); everything else is refused.
    bool applyAnimationEdit(const QString& text, const std::function<EditResult(Rig&)>& edit);
    // Runs an undo-stack move with the rig's own pose in place (animate mode's taken off).
    void withSetupPose(const std::function<void()>& run);
    // True for a valid joint; otherwise says "No such joint" and returns false.
    bool refuseInvalid(int joint);
    // Applies `edit` to a copy of the rig; pushes it as one undo step or reports the refusal.
    // `hold`: the chains hold afterwards (slot edits move no joint, so they need not).
    bool applyEdit(const QString& text, const std::function<EditResult(Rig&)>& edit, bool hold = true);
    bool refuseInvalidSlot(int index);
    QString slotLabel(int index) const;
    // The first name "base", "base2", "base3", ... no slot has taken.
    std::string newSlotName(const std::string& base) const;
    // The selection and the locks follow the slots after the list changed (undo, redo, edits).
    void slotListChanged();
    void setFile(const QString& path);
    // Makes `rig` the open document: a fresh undo stack, nothing selected, saved as is.
    // `artFolder`: where the slots' images are (default: the file's folder; a bundled example's
    // resource folder).
    void adopt(const Rig& rig, const io::EditorSettings& editor, const QString& filePath, const QVariantMap& playHint,
               const QString& artFolder = {});
    // The slots' images: read what is new, note what is missing (after every rig change).
    void syncImages();
    // Watches the files of every image the rig names (after an edit, an open, a save), and
    // reads again those another program changed (imageFilesChanged): no undo step, the rig is
    // the same.
    void watchImages();
    void imageFilesChanged(const QStringList& files);
    // How `file` is stored in a slot: relative to the rig's folder, or "art/NAME" to be copied.
    QString storedImagePath(const QString& file);
    // The rig was written to `path`: it is the saved state now.
    void markSaved(const QString& path);
    // The file as another program wrote it replaces the rig as one undo step and is the saved
    // state now: undo brings back the rig as it was here, unsaved.
    void reloadFrom(const Rig& rig, const io::EditorSettings& editor);
    // Undoes back to the saved state (or to the start) without a file to reload.
    void revertToClean();
    QString jointLabel(int joint) const;
    // After an angle typed for `joint` (`typed` degrees) came out otherwise: names the chain that
    // holds the joint, and what to do (`advice`), in the status bar.
    void sayWhichChainHolds(int joint, double typed, const QString& advice);
    // After a chain's mix is keyed in a clip: says so when its joints are keyed at the playhead
    // too (Auto-Key keyed them to the solve), where a lower mix changes nothing to see.
    void sayWhenKeysHoldThePose(int index);
    // "root3", "joint7": the prefix and the first number no joint has taken.
    std::string newJointName(const char* prefix) const;
    // Adds `joint` as one undo step (AddJointCommand) and selects it; -1 when refused.
    int addJoint(const JointDesc& joint, const QString& text);
    void restoreSelection(const QString& jointName, bool sameJoints);
    // The rig changed in place: QML and the canvas re-read it.
    void notifyRigChanged();
    // The pose changed in place (a drag, a solve): the canvas and the inspector re-read it.
    void notifyPoseChanged() { emit rigChanged(); }

    Rig m_rig;
    solvers::ChainHolder m_chainHolder; // holds the chains after every value edit (applyEdit)
    io::EditorSettings m_editor;
    QVariantMap m_playHint;
    Rig m_savedRig; // the rig as last saved or opened: "Reset pose" and Revert go back to it
    // How far the origin moves since then (RigEditCommand::shift, Move Origin) put the rig:
    // Reset Pose puts the saved pose there, not where it was before the origin moved.
    Vec2 m_shiftSinceSaved{};
    QUndoStack m_undo;
    QString m_filePath;
    bool m_fileGone = false; // see setFileGone
    QStringList m_jointNames; // as last announced (jointNamesChanged)
    int m_selectedJoint = -1;
    int m_selectedChain = -1;
    int m_selectedSlot = -1;
    std::string m_selectedSlotName; // to follow it when indices shift
    QSet<QString> m_missingImages; // slot image paths that could not be read
    drawing::SlotImages m_images;   // decoded once, drawn by the canvas
    ImageWatch m_imageWatch;        // their files, read again when changed on disk
    QHash<QString, QString> m_pendingArt; // "art/NAME" -> the file it is copied from on save
    QString m_missingReport;
    QSet<QString> m_lockedSlots; // by name: locks follow a slot through reorders
    int m_slotDrag = -1;          // the slot being dragged on the canvas, or -1
    Slot m_slotDragStart;

    PoseController* m_posing; // a child QObject
    FileService* m_files;     // a child QObject
    SolverComparisonModel* m_comparison; // a child QObject
    AnimationPlayer* m_animation;         // a child QObject
};

} // namespace bonework::editor
