#pragma once
// The open rig in the editor: the Rig, its file, the undo stack and the selection; posing is the
// document's PoseController.
// Every change goes through the undo stack, one command per edit kind keeping only what it
// changed (RigEditCommand, AddJointCommand, RemoveJointCommand, ReparentJointCommand, PoseCommand
// for drags); QML calls the Q_INVOKABLE methods and never touches the model directly.

#include "pose_change.h"
#include "file_service.h"
#include "pose_controller.h"
#include "solver_comparison_model.h"

#include "bonework/io/editor_settings.h"
#include "bonework/rig.h"
#include "bonework/solvers/chain_holder.h"

#include <QObject>

#include <functional>
#include <QPointF>
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
    Q_PROPERTY(int selectedJoint READ selectedJoint WRITE setSelectedJoint NOTIFY selectionChanged)
    Q_PROPERTY(int selectedChain READ selectedChain WRITE setSelectedChain NOTIFY selectionChanged)
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
    // New, Open, Save, Export, recovery (file_service.h).
    Q_PROPERTY(bonework::editor::FileService* files READ files CONSTANT)
    // Compare Solvers: the selected chain solved by every solver (solver_comparison_model.h).
    Q_PROPERTY(bonework::editor::SolverComparisonModel* comparison READ comparison CONSTANT)

public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const Rig& rig() const { return m_rig; }
    // What the rig file keeps for the editor (the node shape); saved with the rig.
    const io::EditorSettings& editorSettings() const { return m_editor; }
    QUndoStack* undoStack() { return &m_undo; }

    QString filePath() const { return m_filePath; }
    QString displayName() const;
    bool isModified() const { return !m_undo.isClean(); }
    int jointCount() const { return static_cast<int>(m_rig.jointCount()); }
    int selectedJoint() const { return m_selectedJoint; }
    void setSelectedJoint(int joint);
    int selectedChain() const { return m_selectedChain; }
    void setSelectedChain(int chain);
    PoseController* posing() { return m_posing; }
    bool canUndo() const { return m_undo.canUndo(); }
    bool canRedo() const { return m_undo.canRedo(); }
    QString undoText() const { return m_undo.undoText(); }
    QString redoText() const { return m_undo.redoText(); }
    QString nodeShape() const;
    FileService* files() { return m_files; }
    SolverComparisonModel* comparison() { return m_comparison; }
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
    // Moves a chain to another place in the order chains hold in (one undo step).
    Q_INVOKABLE bool moveChain(int from, int to);
    // The chain a joint is the tip of, or -1.
    Q_INVOKABLE int chainWithTip(int joint) const;
    // A chain's target in scene coordinates (an attached target: its joint's position).
    Q_INVOKABLE QPointF chainTarget(int index) const;

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

    // Whether play mode shows the simulation's poses (edits wait until it stops).
    bool isPreviewing() const;
    // Whether the skeleton is the one last saved or opened (Reset Pose goes back to its pose).
    bool skeletonMatchesSaved() const;

    // Adds an animation clip to the rig as one undo step (Play mode's Record).
    bool addAnimation(const animation::Clip& clip);

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

private:
    friend class PoseController; // poses the rig in place and pushes its own undo commands
    friend class FileService;    // makes what it opens the document, and marks saves

    // Says so and returns true while play mode shows the simulation (edits wait until it stops).
    bool refuseWhilePlaying();
    // True for a valid joint; otherwise says "No such joint" and returns false.
    bool refuseInvalid(int joint);
    // Applies `edit` to a copy of the rig; pushes it as one undo step or reports the refusal.
    bool applyEdit(const QString& text, const std::function<EditResult(Rig&)>& edit);
    void setFile(const QString& path);
    // Makes `rig` the open document: a fresh undo stack, nothing selected, saved as is.
    void adopt(const Rig& rig, const io::EditorSettings& editor, const QString& filePath, const QVariantMap& playHint);
    // The rig was written to `path`: it is the saved state now.
    void markSaved(const QString& path);
    // Undoes back to the saved state (or to the start) without a file to reload.
    void revertToClean();
    QString jointLabel(int joint) const;
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
    QUndoStack m_undo;
    QString m_filePath;
    QStringList m_jointNames; // as last announced (jointNamesChanged)
    int m_selectedJoint = -1;
    int m_selectedChain = -1;

    PoseController* m_posing; // a child QObject
    FileService* m_files;     // a child QObject
    SolverComparisonModel* m_comparison; // a child QObject
};

} // namespace bonework::editor
