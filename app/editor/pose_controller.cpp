#include "pose_controller.h"

#include "document.h"
#include "animation_player.h"
#include "pose_command.h"

#include "bonework/angles.h"
#include "bonework/bone_aim.h"
#include "bonework/forward_kinematics.h"
#include "bonework/rig_origin.h"
#include "bonework/solvers/stuck_drag.h"

#include <QElapsedTimer>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

constexpr char kDefaultSolverKey[] = "editor/defaultSolver";

// Follow and relax pose a joint's whole tree; the other solvers only their chain.
bool isTreeSolver(SolverKind kind) { return kind == SolverKind::Follow || kind == SolverKind::Relax; }

} // namespace

PoseController::PoseController(Document* document) : QObject(document), m_document(document)
{
    const QString name = QSettings().value(kDefaultSolverKey, "follow").toString();
    const auto saved = solverFromName(name.toStdString());
    if (saved && isTreeSolver(*saved))
        m_defaultSolver = *saved;
    m_rotateBone = name == QLatin1String(kRotateBone);
}

PoseController::~PoseController() = default;

QString PoseController::defaultSolver() const
{
    return QString::fromLatin1(m_rotateBone ? std::string_view(kRotateBone) : solverName(m_defaultSolver));
}

QStringList PoseController::dragSolverNames()
{
    QStringList names;
    for (SolverKind kind : kAllSolvers)
        if (isTreeSolver(kind))
            names.append(QString::fromLatin1(solverName(kind)));
    names.append(QString::fromLatin1(kRotateBone));
    return names;
}

void PoseController::setDefaultSolver(const QString& name)
{
    const bool rotate = name == QLatin1String(kRotateBone);
    const auto kind = rotate ? std::optional(SolverKind::Follow) : solverFromName(name.toStdString());
    if (!kind || !isTreeSolver(*kind) || (*kind == m_defaultSolver && rotate == m_rotateBone))
        return;
    m_defaultSolver = *kind;
    m_rotateBone = rotate;
    QSettings().setValue(kDefaultSolverKey, name);
    emit defaultSolverChanged();
}

solvers::Solver& PoseController::solverFor(SolverKind kind)
{
    auto& slot = m_solvers[static_cast<std::size_t>(kind)];
    if (!slot)
        slot = solvers::makeSolver(kind);
    return *slot;
}

void PoseController::startDrag(DragKind kind, int joint, int chain)
{
    m_drag = kind;
    m_dragJoint = joint;
    m_dragChain = chain;
    m_dragExplained = false;
    m_dragPushed = false;
    ++m_dragSerial;
    m_holder.beginMotion();
    m_effectors.clear(); // the first frame continues from no earlier one
    // What the drag can change: a root moved by hand, the joints of a chain a chain solver
    // poses (its root's rotation included), or else the dragged joint's whole tree; and the
    // joints of every chain that holds.
    const Rig& rig = m_document->m_rig;
    // The drag continues from where the dragged joint, or the target handle, is now.
    m_lastDragTarget = kind == DragKind::Target ? chainTargetPosition(rig, rig.chains()[chain])
                                                : worldTransformOf(rig, joint).position;
    std::vector<JointIndex> joints;
    const bool chainSolve = chain >= 0 && !isTreeSolver(rig.chains()[chain].solver);
    if (kind == DragKind::MoveRoot) {
        joints.push_back(joint);
    } else if (chainSolve) {
        const Chain& c = rig.chains()[chain];
        for (JointIndex j = c.tip;; j = rig.parent(j)) {
            joints.push_back(j);
            if (j == c.root || rig.isRoot(j))
                break;
        }
    } else {
        joints = rig.subtree(rig.rootOf(joint));
    }
    solvers::ChainHolder::appendHeldJoints(rig, joints); // sorts them
    m_dragStart.take(m_document->m_rig, joints);
    if (kind == DragKind::Target)
        m_dragText = tr("Move target of %1").arg(QString::fromStdString(rig.chains()[chain].name));
    else if (rotatesBone() && !rig.isRoot(joint))
        m_dragText = tr("Rotate %1").arg(m_document->jointLabel(joint));
    else
        m_dragText = tr("Move %1").arg(m_document->jointLabel(joint));
}

QString PoseController::lastSolve() const
{
    if (m_lastSolve.micros < 0)
        return m_lastSolve.text;
    const QString figures = tr("%1 · %2 µs · %3 it · error %4")
                                .arg(QString::fromLatin1(solverName(m_lastSolve.solver)))
                                .arg(m_lastSolve.micros, 0, 'f', 1)
                                .arg(m_lastSolve.iterations)
                                .arg(m_lastSolve.error, 0, 'g', 3);
    return m_lastSolve.text.isEmpty() ? figures : figures + QStringLiteral(" \u2014 ") + m_lastSolve.text;
}

void PoseController::pushDragStep()
{
    if (isAnimating())
        return; // a clip's frame: the drag's change becomes keys when it ends (endDrag)
    PoseChange change = m_dragStart.changesIn(m_document->m_rig);
    if (!m_dragPushed && !change.shows(m_document->m_rig))
        return; // nothing moved yet (a hold may have rewritten how an angle is held): no step
    m_dragPushed = true;
    m_document->m_undo.push(new PoseCommand(m_document, m_dragText, std::move(change), m_dragSerial, true));
}

void PoseController::beginPose(int joint)
{
    if (!m_document->m_rig.isValidJoint(joint) || !posingAllowed())
        return;
    startDrag(DragKind::Pose, joint, m_document->chainWithTip(joint));
}

void PoseController::beginTargetDrag(int chain)
{
    if (chain < 0 || chain >= m_document->chainCount() || m_document->m_rig.chains()[chain].target.isAttached() || !posingAllowed())
        return;
    startDrag(DragKind::Target, m_document->m_rig.chains()[chain].tip, chain);
}

void PoseController::beginMoveRoot(int joint)
{
    if (!m_document->m_rig.isValidJoint(joint) || !m_document->m_rig.isRoot(joint) || !posingAllowed())
        return;
    startDrag(DragKind::MoveRoot, joint, -1);
}

void PoseController::moveRootTo(double x, double y)
{
    if (m_drag == DragKind::MoveRoot)
        placeDraggedRoot({x, y});
}

void PoseController::placeDraggedRoot(Vec2 position)
{
    const EditResult result = m_document->m_rig.setRootPosition(m_dragJoint, position);
    if (!result.ok()) {
        emit m_document->editRefused(QString::fromStdString(result.error));
        return;
    }
    m_holder.hold(m_document->m_rig);
    m_document->notifyPoseChanged();
    pushDragStep();
}

void PoseController::poseTo(double x, double y)
{
    if (m_drag == DragKind::Pose || m_drag == DragKind::Target)
        solveDrag({x, y});
}

void PoseController::solveDrag(Vec2 target)
{
    if (!std::isfinite(target.x) || !std::isfinite(target.y))
        return;
    if (rotatesBone()) {
        rotateDrag(target);
        return;
    }
    const solvers::Effector effector{m_dragJoint, target, 1.0, m_lastDragTarget};
    m_lastDragTarget = target;
    solvers::SolveRequest request;
    SolverKind kind = m_defaultSolver;
    if (m_dragChain >= 0) {
        const Chain& chain = m_document->m_rig.chains()[m_dragChain];
        kind = chain.solver;
        request = solvers::chainRequest(chain, effector);
    } else {
        request = dragRequest(effector);
    }
    solvers::Solver& solver = solverFor(kind);
    const std::string why = solver.validate(m_document->m_rig, request);
    if (!why.empty()) {
        m_lastSolve = {kind, -1.0, 0, 0.0, QString::fromLatin1(solverName(kind)) + QStringLiteral(": ") + QString::fromStdString(why)};
        emit lastSolveChanged();
        return;
    }
    const Vec2 before = worldTransformOf(m_document->m_rig, m_dragJoint).position;
    QElapsedTimer timer;
    timer.start();
    solver.run(m_document->m_rig, request, m_solveResult); // in place: the drag's snapshot holds the start
    const double micros = static_cast<double>(timer.nsecsElapsed()) / 1000.0;
    if (m_dragChain >= 0 && !m_document->m_rig.chains()[m_dragChain].target.isAttached()) {
        Chain chain = m_document->m_rig.chains()[m_dragChain];
        chain.target.point = target; // the target handle stays with the dragged tip
        m_document->m_rig.setChain(m_dragChain, chain);
    }
    m_holder.hold(m_document->m_rig, m_dragChain); // the other chains hold
    m_lastSolve = {kind, micros, m_solveResult.iterations, m_solveResult.error, QString()};
    if (!m_solveResult.reached && norm(worldTransformOf(m_document->m_rig, m_dragJoint).position - before) < 1e-9)
        explainStuckDrag(kind, request);
    emit lastSolveChanged();
    m_document->notifyPoseChanged();
    pushDragStep();
}

void PoseController::rotateDrag(Vec2 target)
{
    Rig& rig = m_document->m_rig;
    const JointIndex joint = m_dragJoint;
    m_lastDragTarget = target;
    if (rig.isRoot(joint)) {
        placeDraggedRoot(target); // a root has no bone to turn: it moves, as in the Select tool
        return;
    }
    const BoneAim aim = aimBoneAt(rig, joint, target);
    const QString why = QString::fromStdString(explainBoneAim(rig, joint, aim));
    const double aimed = rig.angle(joint);
    if (aim.outcome != BoneAimOutcome::Turned && why.isEmpty())
        return; // already there
    if (!why.isEmpty()) {
        m_lastSolve = {m_defaultSolver, -1.0, 0, 0.0, why};
        emit lastSolveChanged();
        if (!m_dragExplained) { // once per drag, not on every mouse move
            m_dragExplained = true;
            emit m_document->editRefused(why);
        }
        return;
    }
    m_holder.hold(rig); // the chains hold, this bone's too
    m_lastSolve = {m_defaultSolver, -1.0, 0, 0.0,
                   tr("rotate · %1 at %2°").arg(m_document->jointLabel(joint)).arg(rig.angle(joint), 0, 'f', 2)};
    // A chain that holds this bone turns it back toward its target: say which, once.
    if (!m_dragExplained && std::fabs(angleDifference(rig.angle(joint), aimed)) > 1e-6) {
        m_dragExplained = true;
        m_document->sayWhichChainHolds(joint, aimed, tr("move its target, or lower its mix, to rotate the bone by hand"));
    }
    emit lastSolveChanged();
    m_document->notifyPoseChanged();
    pushDragStep();
}

solvers::SolveRequest PoseController::dragRequest(const solvers::Effector& dragged)
{
    std::swap(m_effectors, m_lastEffectors); // the last frame's, to tell each effector where it was
    m_effectors.clear();
    m_effectors.push_back(dragged);
    // One relax solve bends the body so that the dragged joint follows while every chain's
    // tip stays on its target; the chains then hold exactly, as after any drag.
    if (m_defaultSolver == SolverKind::Relax)
        solvers::ChainHolder::appendChainEffectors(m_document->m_rig, m_effectors);
    // A chain's target, like the dragged joint, continues from the last frame of the drag.
    for (std::size_t i = 1; i < m_effectors.size(); ++i) {
        const auto last = std::find_if(m_lastEffectors.begin(), m_lastEffectors.end(),
                                       [&](const solvers::Effector& e) { return e.joint == m_effectors[i].joint; });
        if (last != m_lastEffectors.end())
            m_effectors[i].previousTarget = last->target;
    }
    return solvers::defaultRequest(m_effectors); // as bonework-cli solve
}

void PoseController::explainStuckDrag(SolverKind kind, const solvers::SolveRequest& request)
{
    // Which roots and pins hold what depends on the solver (follow and relax move free roots).
    std::string why = solvers::explainStuckDrag(m_document->m_rig, m_dragJoint, kind, request.root, m_solveResult.limited);
    if (why.empty())
        why = m_document->m_rig.jointName(m_dragJoint) + " cannot get closer to the target from here";
    const QString message = QString::fromStdString(why);
    m_lastSolve.text = message;
    if (!m_dragExplained) { // once per drag, not on every mouse move
        m_dragExplained = true;
        emit m_document->editRefused(message);
    }
}

void PoseController::endDrag()
{
    const bool keyable = m_drag != DragKind::None && isAnimating();
    const bool rotated = rotatesBone();
    const JointIndex dragged = m_dragJoint;
    m_drag = DragKind::None;
    m_dragJoint = -1;
    m_dragChain = -1;
    m_holder.endMotion();
    if (keyable) { // a clip's frame was posed: the player keys it (auto-key) or keeps it to key
        // Keys for what the drag turned, not for joints a hold only rewrote. A rotate drag keys
        // its one bone (or root), as Spine's Rotate tool does: the chains it moved hold again
        // wherever the clip is sampled.
        PoseChange change = m_dragStart.changesIn(m_document->m_rig).shown(m_document->m_rig);
        if (rotated)
            std::erase_if(change.joints, [&](const PoseChange::Joint& j) { return j.joint != dragged; });
        if (!change.empty())
            m_document->animation()->poseEdited(change);
    }
}

void PoseController::beginPreview(PreviewKind kind)
{
    if (m_previewing)
        return;
    m_beforePreview = m_document->m_rig;
    m_previewing = true;
    m_previewKind = kind;
}

Rig PoseController::setupRig() const
{
    if (!m_previewing)
        return m_document->m_rig;
    Rig setup = m_beforePreview;
    setup.restoreAnimations(m_document->m_rig.animations());
    return setup;
}

void PoseController::nameRig(const std::string& name)
{
    m_document->m_rig.setName(name);
    if (m_previewing)
        m_beforePreview.setName(name);
}

void PoseController::showPreview(const Rig& rig)
{
    if (m_previewing)
        m_document->showPreviewPose(rig);
}

void PoseController::endPreview(bool keep)
{
    if (!m_previewing)
        return;
    PoseSnapshot start;
    start.takeAll(m_beforePreview);
    PoseChange played = start.changesIn(m_document->m_rig);
    m_previewing = false;
    m_beforePreview.restoreAnimations(m_document->m_rig.animations()); // keys edited meanwhile stay
    m_document->replaceRig(m_beforePreview);
    if (keep && !played.empty())
        m_document->m_undo.push(new PoseCommand(m_document, tr("Keep played pose"), std::move(played), 0, false));
}

bool PoseController::resetPose()
{
    if (m_document->refuseWhilePlaying())
        return false;
    if (!m_document->skeletonMatchesSaved()) {
        emit m_document->editRefused(tr("The skeleton changed since it was saved: there is no saved pose to go back to"));
        return false;
    }
    Rig& rig = m_document->m_rig;
    // The saved pose where the origin moves since the save have put the rig (the roots jumped
    // by the move when they went back to their saved coordinates), its numbers tidied as a move
    // tidies them (no 308.19523300000003 in the next save).
    Rig saved = m_document->m_savedRig;
    if (const Vec2 shift = m_document->m_shiftSinceSaved; shift.x != 0.0 || shift.y != 0.0)
        if (const EditResult moved = moveOrigin(saved, {-shift.x, -shift.y}); !moved) {
            emit m_document->editRefused(tr("The saved pose lies too far from the origin moved since the save: %1")
                                             .arg(QString::fromStdString(moved.error)));
            return false;
        }
    PoseSnapshot start;
    start.takeAll(rig);
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isRoot(j)) {
            rig.setRootPositionUnchecked(j, saved.rootPosition(j));
            rig.setRootRotation(j, saved.angle(j));
        } else {
            rig.setAngleClamped(j, saved.angle(j));
        }
    }
    // The chains saved with the rig get their saved targets back, so they hold the saved pose
    // instead of pulling it toward where the targets were dragged since.
    for (std::size_t c = 0; c < rig.chains().size(); ++c) {
        Chain chain = rig.chains()[c];
        const int was = saved.findChain(chain.name);
        if (was < 0 || chain.target.isAttached())
            continue;
        const Chain& savedChain = saved.chains()[was];
        if (savedChain.root != chain.root || savedChain.tip != chain.tip || savedChain.target.isAttached())
            continue;
        const Vec2 target = savedChain.target.point;
        if (target == chain.target.point)
            continue;
        chain.target.point = target;
        rig.setChain(static_cast<int>(c), chain);
    }
    PoseChange reset = start.changesIn(rig);
    if (reset.empty())
        return true;
    m_document->notifyPoseChanged();
    m_document->m_undo.push(new PoseCommand(m_document, tr("Reset pose"), std::move(reset), 0, true));
    return true;
}

} // namespace bonework::editor
