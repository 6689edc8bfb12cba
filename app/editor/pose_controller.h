#pragma once
// Posing the open rig: drags (a joint in the Pose tool, a chain's target, a root in the Select
// tool), each solved live with the chain's solver or the drag solver and kept as one undo step
// that holds only what changed (PoseCommand); Reset Pose; and the previews, which show poses
// that are not the rig's own without undo steps until they stop: play mode's simulation, and a
// clip open in the Timeline (animate mode), where drags pose the clip's frame and become keys
// (animation_player.h) instead of changing the setup pose. The document owns one; QML reaches
// it as `document.posing`.

#include "pose_change.h"

#include "bonework/solvers/chain_holder.h"
#include "bonework/solvers/solver.h"

#include <QObject>
#include <QString>
#include <QtQml/qqmlregistration.h>

#include <array>
#include <memory>

namespace bonework::editor {

class Document;

class PoseController : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The document owns its pose controller")

    // How a joint that is not a chain's tip is dragged (QSettings): with a solver that poses its
    // whole tree (follow, relax), or "rotate": its own bone turns toward the cursor and nothing
    // else does (Spine's Rotate tool), so a pose is built bone by bone, one key each.
    Q_PROPERTY(QString defaultSolver READ defaultSolver WRITE setDefaultSolver NOTIFY defaultSolverChanged)
    // The tool bar's choices: the solvers that can drag any joint of a tree, then "rotate".
    Q_PROPERTY(QStringList dragSolverNames READ dragSolverNames CONSTANT)
    // The last solve for the status bar: solver, time, iterations, error, and why a drag is stuck.
    Q_PROPERTY(QString lastSolve READ lastSolve NOTIFY lastSolveChanged)

public:
    explicit PoseController(Document* document);
    ~PoseController() override;

    // The drag choice that turns only the dragged joint's bone (not a solver of the rig file).
    static constexpr char kRotateBone[] = "rotate";

    QString defaultSolver() const;
    // The solver that stands in for the drag choice where a solver is needed (play mode's
    // drivers): follow while "rotate" is chosen.
    SolverKind defaultSolverKind() const { return m_defaultSolver; }

    static QStringList dragSolverNames();
    void setDefaultSolver(const QString& name);
    // Formatted when read (the status bar reads it once a frame), not on every solve.
    QString lastSolve() const;

    // A drag: begin, any number of moves (each solves live), end. The whole drag is one undo step.
    Q_INVOKABLE void beginPose(int joint);
    Q_INVOKABLE void poseTo(double x, double y);
    Q_INVOKABLE void beginTargetDrag(int chain);
    Q_INVOKABLE void endDrag();
    // Moving a root in the Select tool: also one undo step per drag.
    Q_INVOKABLE void beginMoveRoot(int joint);
    Q_INVOKABLE void moveRootTo(double x, double y);
    // Back to the pose last saved (angles and root positions), as one undoable step.
    Q_INVOKABLE bool resetPose();

    // A preview shows poses that are not the rig's own, without undo steps. Play: the motion
    // preview, editing waits until it stops. Animate: a clip's frame, which drags may pose (each
    // drag's change goes to AnimationPlayer::poseEdited, not to the undo stack).
    // endPreview(keep): back to the pose before, or keep the last pose as one undo step. The
    // clips stay as they are now: keys edited during the preview are the document's.
    enum class PreviewKind { Play, Animate };
    void beginPreview(PreviewKind kind = PreviewKind::Play);
    void showPreview(const Rig& rig);
    void endPreview(bool keep);
    bool isPreviewing() const { return m_previewing; }
    PreviewKind previewKind() const { return m_previewKind; }
    bool isAnimating() const { return m_previewing && m_previewKind == PreviewKind::Animate; }
    // The rig with the pose from before the preview (its own pose when none runs): what is saved.
    Rig setupRig() const;
    // Names the rig, its setup kept while a clip or the preview shows too (a file's name at the
    // first save: not an edit, so not an undo step).
    void nameRig(const std::string& name);

signals:
    void defaultSolverChanged();
    void lastSolveChanged();

private:
    enum class DragKind { None, Pose, Target, MoveRoot };

    // Starts a drag of `joint`: remembers the poses the drag may change (the joints a chain
    // solve or the drag solver can turn), so each step's undo command holds only what changed.
    void startDrag(DragKind kind, int joint, int chain);
    void solveDrag(Vec2 target);
    // A "rotate" drag: the dragged joint's bone alone turns toward `target` (a root moves).
    void rotateDrag(Vec2 target);
    // The dragged root to `position` (refused: says why), the chains holding, one undo step.
    void placeDraggedRoot(Vec2 position);
    // Pushes the drag's change so far as one undo step (merged with the drag's earlier ones).
    void pushDragStep();
    // Says in the status bar why the dragged joint did not move (pins, rigid bones, limits).
    void explainStuckDrag(SolverKind kind, const solvers::SolveRequest& request);
    solvers::Solver& solverFor(SolverKind kind);
    // The request of a drag by the drag solver: the dragged joint, and for relax every chain
    // that holds as another effector (its tip at its target, weighted by its mix).
    solvers::SolveRequest dragRequest(const solvers::Effector& dragged);

    Document* m_document;
    SolverKind m_defaultSolver = SolverKind::Follow;
    bool m_rotateBone = false; // "rotate" is the drag choice (m_defaultSolver stays follow)
    // The last solve as the status bar shows it: a refusal or explanation, or the figures.
    struct SolveReport {
        SolverKind solver = SolverKind::Follow;
        double micros = -1.0; // < 0: no figures, only `text`
        int iterations = 0;
        double error = 0.0;
        QString text;
    } m_lastSolve;

    DragKind m_drag = DragKind::None;
    int m_dragJoint = -1;
    int m_dragChain = -1;
    Vec2 m_lastDragTarget; // where the last frame of the drag sent the dragged joint
    PoseSnapshot m_dragStart;
    bool m_dragPushed = false;
    QString m_dragText; // the drag's undo step, named once at its start
    quint64 m_dragSerial = 0;
    bool m_dragExplained = false;
    std::array<std::unique_ptr<solvers::Solver>, 6> m_solvers;
    solvers::SolveResult m_solveResult;
    solvers::ChainHolder m_holder;                // chains hold after every drag frame
    std::vector<solvers::Effector> m_effectors;  // relax drags: the joint and the chains' tips
    std::vector<solvers::Effector> m_lastEffectors; // the same, the drag's last frame

    // Whether this drag turns only the dragged joint's bone: a joint drag (not a chain's tip)
    // with "rotate" chosen.
    bool rotatesBone() const { return m_rotateBone && m_drag == DragKind::Pose && m_dragChain < 0; }
    // Whether a drag may start: not while play mode previews.
    bool posingAllowed() const { return !m_previewing || m_previewKind == PreviewKind::Animate; }

    Rig m_beforePreview;
    bool m_previewing = false;
    PreviewKind m_previewKind = PreviewKind::Play;
};

} // namespace bonework::editor
