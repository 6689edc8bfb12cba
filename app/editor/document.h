#pragma once
// The open rig in the editor: the Rig, its file, the undo stack and the selection; posing is the
// document's PoseController.
// Every change goes through the undo stack (one RigSnapshotCommand per edit, one per drag); QML
// calls the Q_INVOKABLE methods and never touches the model directly.

#include "pose_change.h"
#include "pose_controller.h"

#include "bonework/rig.h"

#include <QObject>
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
    Q_PROPERTY(int revision READ revision NOTIFY rigChanged)
    Q_PROPERTY(int jointCount READ jointCount NOTIFY rigChanged)
    Q_PROPERTY(int selectedJoint READ selectedJoint WRITE setSelectedJoint NOTIFY selectionChanged)
    Q_PROPERTY(int selectedChain READ selectedChain WRITE setSelectedChain NOTIFY selectionChanged)
    // Drags, solves, Reset Pose and the play preview (pose_controller.h).
    Q_PROPERTY(bonework::editor::PoseController* posing READ posing CONSTANT)
    Q_PROPERTY(bool canUndo READ canUndo NOTIFY undoStateChanged)
    Q_PROPERTY(bool canRedo READ canRedo NOTIFY undoStateChanged)
    Q_PROPERTY(QString undoText READ undoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString redoText READ redoText NOTIFY undoStateChanged)
    Q_PROPERTY(QString nodeShape READ nodeShape NOTIFY rigChanged)
    Q_PROPERTY(QStringList recentFiles READ recentFiles NOTIFY fileChanged)

public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    const Rig& rig() const { return m_rig; }
    QUndoStack* undoStack() { return &m_undo; }

    QString filePath() const { return m_filePath; }
    QString displayName() const;
    bool isModified() const { return !m_undo.isClean(); }
    int revision() const { return m_revision; }
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
    QStringList recentFiles() const;
    // How File > Open Recent shows a file: its name first, then its folder.
    Q_INVOKABLE QString recentFileLabel(const QString& path) const;

    // --- Files -----------------------------------------------------------------------------
    Q_INVOKABLE void newRig();
    // Opens a file; on failure the current document is left untouched and loadFailed is emitted
    // with the loader's message (file, JSON path, problem).
    Q_INVOKABLE bool open(const QString& path);
    Q_INVOKABLE bool openUrl(const QUrl& url) { return open(url.toLocalFile()); }
    // Opens bundled example `index` (of examples()) as a new, untitled rig (saving asks for a file
    // name), and remembers how it is meant to be played (playHint).
    Q_INVOKABLE bool openExample(int index);
    Q_INVOKABLE QVariantList examples() const;
    Q_INVOKABLE bool save();
    Q_INVOKABLE bool saveAs(const QString& path);
    Q_INVOKABLE bool saveAsUrl(const QUrl& url) { return saveAs(url.toLocalFile()); }
    Q_INVOKABLE bool revert();
    // Writes the rig in a game runtime's format ("spine" or "dragonbones"); never over a
    // .rig.json. Returns what the format could not carry (empty list: nothing lost); failures
    // are reported through saveFailed.
    Q_INVOKABLE bool exportTo(const QUrl& url, const QString& format);
    // The export formats for the Export dialog: id, label ("Spine 4.2 JSON (*.json)"), globs, suffix.
    Q_INVOKABLE QVariantList exportFormats() const;
    Q_INVOKABLE QString lastExportReport() const { return m_lastExportReport; }
    // The format and folder of the last export (QSettings), for the export dialog.
    Q_INVOKABLE QString lastExportFormat() const;
    Q_INVOKABLE QUrl lastExportFolder() const;
    // The snapshot autosave writes and offers back after a crash.
    Q_INVOKABLE bool restoreRecovered(const QByteArray& json, const QString& originalPath);

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

    // Joint facts for QML (name, parent, length, angle, min, max, pinned, isRoot, x, y, rotation,
    // world x/y); an empty map for an invalid index.
    Q_INVOKABLE QVariantMap joint(int joint) const;
    Q_INVOKABLE QStringList jointNames() const;
    Q_INVOKABLE int findJoint(const QString& name) const;
    // Ancestors of a joint, nearest first (for "make chain up to ...").
    Q_INVOKABLE QVariantList ancestors(int joint) const;

    // --- Chains --------------------------------------------------------------------------------
    Q_INVOKABLE int chainCount() const { return static_cast<int>(m_rig.chains().size()); }
    Q_INVOKABLE QVariantMap chain(int index) const;
    Q_INVOKABLE QStringList solverNames() const;
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
    // The chain a joint is the tip of, or -1.
    Q_INVOKABLE int chainWithTip(int joint) const;
    // A chain's target in scene coordinates (an attached target: its joint's position).
    Q_INVOKABLE QPointF chainTarget(int index) const;

    // Replaces the rig without an undo step (the undo commands use this).
    void replaceRig(const Rig& rig);
    // Appends `joint` again (added) or removes the last joint, without an undo step (AddJointCommand).
    void applyJointAdded(const JointDesc& joint, bool added);
    // Puts an edit's before or after side on the rig without an undo step (RigEditCommand).
    void applyRigEdit(const RigEditCommand& command, bool after);
    // Puts a pose edit's before or after poses on the rig without an undo step (PoseCommand).
    void applyPoseChange(const PoseChange& change, bool after);

    // How the open example is meant to be played: driver, chain, joint and solver names (empty
    // for rigs that are not examples).
    Q_INVOKABLE QVariantMap playHint() const { return m_playHint; }

    // Whether play mode shows the simulation's poses (edits wait until it stops).
    bool isPreviewing() const;
    // Whether the skeleton is the one last saved or opened (Reset Pose goes back to its pose).
    bool skeletonMatchesSaved() const;

signals:
    void fileChanged();
    void modifiedChanged();
    void rigChanged();
    void selectionChanged();
    void undoStateChanged();
    void loadFailed(const QString& message);
    void saveFailed(const QString& message);
    void editRefused(const QString& message);

private:
    friend class PoseController; // poses the rig in place and pushes its own undo commands

    // Applies `edit` to a copy of the rig; pushes it as one undo step or reports the refusal.
    template <typename Edit>
    bool applyEdit(const QString& text, Edit edit, quint64 mergeKey = 0);
    void setFile(const QString& path);
    // Makes `rig` the open document: a fresh undo stack, nothing selected, saved as is.
    void adopt(const Rig& rig, const QString& filePath, const QVariantMap& playHint);
    QString jointLabel(int joint) const;
    // "root3", "joint7": the prefix and the first number no joint has taken.
    std::string newJointName(const char* prefix) const;
    // Adds `joint` as one undo step (AddJointCommand) and selects it; -1 when refused.
    int addJoint(const JointDesc& joint, const QString& text);
    void restoreSelection(const QString& jointName, bool sameJoints);
    // The rig changed in place: QML and the canvas re-read it.
    void notifyRigChanged()
    {
        ++m_revision;
        emit rigChanged();
    }

    Rig m_rig;
    QVariantMap m_playHint;
    Rig m_savedRig; // the rig as last saved or opened: "Reset pose" and Revert go back to it
    QUndoStack m_undo;
    QString m_filePath;
    int m_revision = 0;
    int m_selectedJoint = -1;
    int m_selectedChain = -1;
    QString m_lastExportReport;

    PoseController* m_posing; // a child QObject
};

} // namespace bonework::editor
