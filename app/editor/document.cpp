#include "document.h"

#include "add_joint_command.h"
#include "node_shape_command.h"
#include "structure_commands.h"
#include "pose_command.h"
#include "replace_rig_command.h"
#include "rig_edit_command.h"

#include "bonework/angles.h"
#include "bonework/animation/clip_edit.h"
#include "bonework/bone_placement.h"
#include "bonework/forward_kinematics.h"
#include "bonework/names.h"
#include "bonework/rig_origin.h"
#include "bonework/solvers/stuck_drag.h"

#include <QFileInfo>

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

// Every key of every track of `clip`.
std::size_t keyCount(const animation::Clip& clip)
{
    std::size_t n = 0;
    for (const animation::TrackRef& track : animation::keyedTracks(clip))
        n += animation::keyTimes(clip, track).size();
    return n;
}

bool sameStructure(const Rig& a, const Rig& b)
{
    if (a.jointCount() != b.jointCount())
        return false;
    for (std::size_t i = 0; i < a.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (a.jointName(j) != b.jointName(j) || a.parent(j) != b.parent(j))
            return false;
    }
    return true;
}

} // namespace

Document::Document(QObject* parent)
    : QObject(parent), m_posing(new PoseController(this)), m_files(new FileService(this))
{
    m_rig.setName("untitled");
    m_savedRig = m_rig;
    m_comparison = new SolverComparisonModel(this);
    m_animation = new AnimationPlayer(this);
    connect(&m_undo, &QUndoStack::cleanChanged, this, &Document::modifiedChanged);
    connect(&m_imageWatch, &ImageWatch::changed, this, &Document::imageFilesChanged);
    connect(&m_undo, &QUndoStack::indexChanged, this, &Document::undoStateChanged);
    connect(&m_undo, &QUndoStack::cleanChanged, this, &Document::undoStateChanged);
    m_undo.setUndoLimit(1000);
}

Document::~Document()
{
    // The undo stack, destroyed after this, may still announce a change: nothing should solve then.
    disconnect(this, nullptr, m_comparison, nullptr);
}

QString Document::displayName() const
{
    if (m_filePath.isEmpty())
        return m_rig.name().empty() ? tr("untitled") : QString::fromStdString(m_rig.name());
    return QFileInfo(m_filePath).fileName();
}

void Document::setSelectedJoint(int joint)
{
    if (!m_rig.isValidJoint(joint))
        joint = -1;
    if (joint == m_selectedJoint)
        return;
    m_selectedJoint = joint;
    if (joint >= 0)
        m_selectedSlot = -1; // one thing selected: the inspector shows it
    emit selectionChanged();
}

void Document::setSelectedChain(int chain)
{
    if (chain < 0 || chain >= chainCount())
        chain = -1;
    if (chain == m_selectedChain)
        return;
    m_selectedChain = chain;
    emit selectionChanged();
}

QString Document::nodeShape() const { return QString::fromLatin1(io::nodeShapeName(m_editor.nodeShape)); }

// --- Files ---------------------------------------------------------------------------------

void Document::setFile(const QString& path)
{
    m_filePath = path;
    emit fileChanged();
    setFileGone(false); // saved there, or another file opened
}

void Document::setFileGone(bool gone)
{
    if (gone == m_fileGone)
        return;
    m_fileGone = gone;
    emit modifiedChanged();
}

void Document::replaceRig(const Rig& rig)
{
    const QString selected = m_selectedJoint >= 0 ? QString::fromStdString(m_rig.jointName(m_selectedJoint)) : QString();
    const bool sameJoints = m_rig.jointCount() == rig.jointCount();
    m_rig = rig;
    restoreSelection(selected, sameJoints);
    if (m_selectedChain >= chainCount())
        setSelectedChain(-1);
    notifyRigChanged();
}

void Document::showPreviewPose(const Rig& rig)
{
    Q_ASSERT(rig.jointCount() == m_rig.jointCount());
    m_rig = rig; // same sizes: the vectors and names keep their storage
    syncImages(); // a keyed image may show for the first time
    emit rigChanged();
}

void Document::notifyRigChanged()
{
    // Names change with edits only, never with poses: drags call notifyPoseChanged instead, so
    // a 10,000-joint rig's names are not listed again for every mouse move.
    QStringList names;
    names.reserve(static_cast<qsizetype>(m_rig.jointCount()));
    for (std::size_t i = 0; i < m_rig.jointCount(); ++i)
        names.append(QString::fromStdString(m_rig.jointName(static_cast<JointIndex>(i))));
    if (names != m_jointNames) {
        m_jointNames = std::move(names);
        emit jointNamesChanged();
    }
    slotListChanged();
    syncImages();
    watchImages(); // images added, removed or pointed elsewhere
    emit rigChanged();
}

void Document::restoreSelection(const QString& jointName, bool sameJoints)
{
    // Follow the joint by name (indices shift when joints come and go); a rename being undone
    // changes the name instead, so then keep the index.
    int j = jointName.isEmpty() ? -1 : m_rig.findJoint(jointName.toStdString());
    if (j < 0 && sameJoints && !jointName.isEmpty() && m_rig.isValidJoint(m_selectedJoint))
        j = m_selectedJoint;
    if (j != m_selectedJoint) {
        m_selectedJoint = j;
        emit selectionChanged();
    }
}

void Document::stopPlaying()
{
    emit playStopRequested();
    // A preview begun without a play controller (tests, the C++ side) ends here too.
    if (m_posing->isPreviewing() && !m_posing->isAnimating())
        m_posing->endPreview(false);
}

void Document::adopt(const Rig& rig, const io::EditorSettings& editor, const QString& filePath,
                     const QVariantMap& playHint, const QString& artFolder)
{
    stopPlaying(); // the rig before play would otherwise come back over this one when it stops
    m_animation->stop(); // the clip open belongs to the rig going away
    m_pendingArt.clear();
    m_images.clearSources();
    m_images.setBaseFolder(!artFolder.isEmpty() ? artFolder : filePath.isEmpty() ? QString() : QFileInfo(filePath).absolutePath());
    m_images.reload(); // the files may have changed since the last open
    m_imageWatch.reset();
    m_undo.clear();
    applyNodeShape(editor.nodeShape);
    m_savedRig = rig;
    m_shiftSinceSaved = {};
    m_selectedJoint = -1;
    m_selectedChain = -1;
    m_selectedSlot = -1;
    m_lockedSlots.clear();
    m_playHint = playHint;
    replaceRig(m_savedRig);
    const QStringList missing = m_images.missing();
    QStringList why; // each with its reason, in the words bonework-cli validate uses
    for (const QString& path : missing)
        why.append(tr("%1: %2").arg(path, m_images.problem(path.toStdString())));
    m_missingReport = missing.isEmpty() ? QString()
                      : (missing.size() == 1 ? tr("An image cannot be shown and is drawn as a crossed box:\n%1")
                                             : tr("%n images cannot be shown and are drawn as crossed boxes:\n%1", nullptr,
                                                  int(missing.size())))
                            .arg(why.join(QLatin1Char('\n')));
    emit selectionChanged();
    setFile(filePath);
    if (!m_missingReport.isEmpty())
        emit imagesMissing(m_missingReport);
    emit undoStateChanged();
    emit modifiedChanged();
    emit opened();
}

void Document::markSaved(const QString& path)
{
    // The art was copied beside the rig (FileService): every image is read from there now.
    m_pendingArt.clear();
    m_images.clearSources();
    m_images.setBaseFolder(QFileInfo(path).absolutePath());
    syncImages();
    watchImages(); // Save As into another folder: the images there
    m_savedRig = setupRig();
    m_shiftSinceSaved = {};
    m_undo.setClean();
    setFile(path);
}

void Document::reloadFrom(const Rig& rig, const io::EditorSettings& editor)
{
    // The setup pose is what is replaced; the clip open (by name: it may have moved) and its
    // time come back afterwards, so an animator keeps their place.
    const int open = m_animation->current();
    const QString clip = open >= 0 ? m_animation->animations().value(open) : QString();
    const double time = m_animation->time();
    stopPlaying();
    m_animation->stop();
    m_images.reload(); // its images may have changed with it
    m_imageWatch.reset();
    m_undo.push(new ReplaceRigCommand(this, tr("Reload from Disk"), setupRig(), rig));
    applyNodeShape(editor.nodeShape); // a view setting: not an undo step
    m_savedRig = rig;
    m_shiftSinceSaved = {};
    m_undo.setClean();
    if (const int again = static_cast<int>(m_animation->animations().indexOf(clip)); !clip.isEmpty() && again >= 0) {
        m_animation->setCurrent(again);
        m_animation->setTime(time);
    }
}

void Document::revertToClean()
{
    stopPlaying();
    withSetupPose([this] { m_undo.setIndex(m_undo.cleanIndex() >= 0 ? m_undo.cleanIndex() : 0); });
}

void Document::withSetupPose(const std::function<void()>& run)
{
    m_animation->suspend();
    run();
    m_animation->resume();
}

void Document::undo()
{
    if (!m_posing->isPreviewing() || m_posing->isAnimating())
        withSetupPose([this] { m_undo.undo(); });
}

void Document::redo()
{
    if (!m_posing->isPreviewing() || m_posing->isAnimating())
        withSetupPose([this] { m_undo.redo(); });
}

Rig Document::setupRig() const { return m_posing->setupRig(); }

// --- Edits ---------------------------------------------------------------------------------

bool Document::refuseWhilePlaying()
{
    if (!m_posing->isPreviewing())
        return false;
    emit editRefused(m_posing->isAnimating() ? tr("A clip is open: pose and key it, or choose Setup Pose in the Timeline to edit the rig")
                                             : tr("Stop playing to edit the rig"));
    return true;
}

bool Document::applyEdit(const QString& text, const std::function<EditResult(Rig&)>& edit, bool hold)
{
    if (refuseWhilePlaying())
        return false;
    Rig changed = m_rig;
    const EditResult result = edit(changed);
    if (!result.ok()) {
        emit editRefused(QString::fromStdString(result.error));
        return false;
    }
    // Chains hold after every edit (a later chain sees the pose the earlier ones left), so the
    // edit's undo step holds what they moved too.
    if (hold)
        m_chainHolder.hold(changed);
    if (changed == m_rig)
        return true;
    // Every edit made here keeps the skeleton (structural edits have their own commands), so
    // the command keeps only the joints and chains it changed.
    auto command = RigEditCommand::between(this, text, m_rig, changed);
    Q_ASSERT(command);
    m_undo.push(command.release());
    return true;
}


void Document::applyRigEdit(const RigEditCommand& command, bool after)
{
    command.apply(m_rig, after);
    if (m_selectedChain >= chainCount())
        setSelectedChain(-1);
    notifyRigChanged();
    if (Vec2 shift = command.shift(); shift.x != 0.0 || shift.y != 0.0) {
        if (!after)
            shift = {-shift.x, -shift.y};
        m_shiftSinceSaved = {m_shiftSinceSaved.x + shift.x, m_shiftSinceSaved.y + shift.y};
        emit rigShifted(QPointF(shift.x, shift.y));
    }
}

QString Document::jointLabel(int joint) const
{
    return m_rig.isValidJoint(joint) ? QString::fromStdString(m_rig.jointName(joint)) : QString();
}

std::string Document::newJointName(const char* prefix) const
{
    std::string name;
    int n = static_cast<int>(m_rig.jointCount());
    do
        name = prefix + std::to_string(++n);
    while (m_rig.findJoint(name) != kNoJoint);
    return name;
}

int Document::addJoint(const JointDesc& joint, const QString& text)
{
    if (refuseWhilePlaying())
        return -1;
    JointIndex added = kNoJoint;
    const EditResult result = m_rig.addJoint(joint, &added); // a refusal changes nothing
    if (!result.ok()) {
        emit editRefused(QString::fromStdString(result.error));
        return -1;
    }
    notifyRigChanged();
    m_undo.push(new AddJointCommand(this, text, joint, true));
    setSelectedJoint(added);
    return added;
}

void Document::applyStructureChange(const std::function<void(Rig&)>& change)
{
    const QString selected = m_selectedJoint >= 0 ? jointLabel(m_selectedJoint) : QString();
    change(m_rig);
    restoreSelection(selected, false);
    if (m_selectedChain >= chainCount())
        setSelectedChain(-1);
    notifyRigChanged();
}

int Document::addRoot(double x, double y)
{
    JointDesc d;
    d.name = newJointName("root");
    d.position = {x, y};
    return addJoint(d, tr("Add %1").arg(QString::fromStdString(d.name)));
}

int Document::addBone(int parent, double x, double y)
{
    if (!m_rig.isValidJoint(parent)) {
        emit editRefused(tr("Pick a joint to grow the bone from"));
        return -1;
    }
    const std::optional<BonePlacement> placed = boneTo(worldTransformOf(m_rig, parent), {x, y});
    if (!placed) {
        emit editRefused(tr("Drag further: a bone needs a length"));
        return -1;
    }
    JointDesc d;
    d.name = newJointName("joint");
    d.parent = parent;
    d.length = placed->length;
    d.angle = placed->angle;
    return addJoint(d, tr("Add bone %1").arg(QString::fromStdString(d.name)));
}

bool Document::removeJoint(int joint)
{
    // The selection moves to a neighbour, as in a file manager: the next sibling, else the
    // previous one, else the parent. Names survive the index shift of the removal.
    QString neighbour;
    if (m_rig.isValidJoint(joint)) {
        JointIndex previous = kNoJoint, next = kNoJoint;
        const JointIndex parent = m_rig.parent(joint);
        bool seen = false;
        for (std::size_t i = 0; i < m_rig.jointCount(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (m_rig.parent(j) != parent)
                continue;
            if (j == joint)
                seen = true;
            else if (!seen)
                previous = j;
            else if (next == kNoJoint)
                next = j;
        }
        const JointIndex pick = next != kNoJoint ? next : previous != kNoJoint ? previous : parent;
        neighbour = jointLabel(pick);
    }
    if (refuseWhilePlaying() || !refuseInvalid(joint))
        return false;
    const QString text = tr("Delete %1").arg(jointLabel(joint));
    Rig::SubtreeRecord removed = m_rig.recordSubtree(joint);
    // What else goes with it, said once it is gone: a user who deletes the chest should not
    // find the arms' chains and ten images missing later.
    QStringList alsoGone;
    const auto count = [](std::size_t n, const QString& one, const QString& many) { return (n == 1 ? one : many).arg(n); };
    if (removed.indices.size() > 1)
        alsoGone << count(removed.indices.size() - 1, tr("%1 joint under it"), tr("%1 joints under it"));
    if (!removed.chains.empty())
        alsoGone << count(removed.chains.size(), tr("%1 chain"), tr("%1 chains"));
    if (!removed.slotList.empty())
        alsoGone << count(removed.slotList.size(), tr("%1 image"), tr("%1 images"));
    const QString label = jointLabel(joint);
    m_rig.removeJoint(joint);
    // Keys go with their joints, chains and images: a clip emptied without a word is found out
    // after the save.
    std::size_t keysGone = 0, clipsTouched = 0;
    QString touched; // the clip that lost keys, when only one did
    for (std::size_t c = 0; c < removed.animations.size() && c < m_rig.animations().size(); ++c) {
        const std::size_t lost = keyCount(removed.animations[c]) - keyCount(m_rig.animations()[c]);
        if (lost == 0)
            continue;
        keysGone += lost;
        touched = ++clipsTouched == 1 ? QString::fromStdString(removed.animations[c].name) : QString();
    }
    if (keysGone > 0)
        alsoGone << (clipsTouched == 1 ? count(keysGone, tr("%1 key in \"%2\""), tr("%1 keys in \"%2\"")).arg(touched)
                                       : count(keysGone, tr("%1 key in %2 clips"), tr("%1 keys in %2 clips")).arg(clipsTouched));
    const QString gone = alsoGone.isEmpty() ? QString()
                                            : tr("Deleted %1 with %2 (Ctrl+Z brings them back)").arg(label, alsoGone.join(QStringLiteral(", ")));
    notifyRigChanged();
    m_undo.push(new RemoveJointCommand(this, text, joint, std::move(removed), true));
    setSelectedJoint(neighbour.isEmpty() ? -1 : findJoint(neighbour));
    if (!gone.isEmpty())
        emit notice(gone);
    if (m_selectedChain >= chainCount())
        setSelectedChain(-1);
    return true;
}

bool Document::setRigName(const QString& name)
{
    const std::string trimmed = name.trimmed().toStdString();
    if (trimmed == m_rig.name())
        return true;
    return applyEdit(tr("Rename rig to %1").arg(name.trimmed()), [&](Rig& r) {
        if (trimmed.empty())
            return EditResult::refused("a rig needs a name: the exports name their skeleton after it");
        if (hasControlCharacter(trimmed))
            return EditResult::refused("a rig's name must not contain control characters");
        r.setName(trimmed);
        return EditResult::success();
    }, false); // no pose changes: nothing for the chains to hold
}

bool Document::moveOriginTo(int joint)
{
    if (refuseWhilePlaying() || !refuseInvalid(joint))
        return false;
    const Vec2 point = worldTransformOf(m_rig, joint).position;
    if (std::hypot(point.x, point.y) < 1e-9)
        return true; // already there (to rounding: moving by 1e-13 would be an empty step)
    Rig changed = m_rig;
    if (const EditResult result = moveOrigin(changed, point); !result.ok()) {
        emit editRefused(QString::fromStdString(result.error));
        return false;
    }
    auto command = RigEditCommand::between(this, tr("Move origin to %1").arg(jointLabel(joint)), m_rig, changed);
    Q_ASSERT(command);
    command->setShift({-point.x, -point.y});
    m_undo.push(command.release());
    emit notice(tr("The origin is at %1 now: the exports put the skeleton's origin there (Ctrl+Z moves it back)").arg(jointLabel(joint)));
    return true;
}

bool Document::renameJoint(int joint, const QString& name)
{
    return applyEdit(tr("Rename %1 to %2").arg(jointLabel(joint), name),
                     [&](Rig& r) { return r.renameJoint(joint, name.trimmed().toStdString()); });
}

bool Document::reparentJoint(int joint, int newParent)
{
    if (refuseWhilePlaying() || !refuseInvalid(joint))
        return false;
    const JointIndex parent = newParent < 0 ? kNoJoint : newParent;
    if (parent == m_rig.parent(joint))
        return true;
    const QString text = tr("Reparent %1").arg(jointLabel(joint));
    const QString selected = m_selectedJoint >= 0 ? jointLabel(m_selectedJoint) : QString();
    Rig::SubtreeRecord before = m_rig.recordSubtree(joint);
    const std::string name = m_rig.jointName(joint);
    if (const EditResult result = m_rig.reparentJoint(joint, parent); !result.ok()) {
        emit editRefused(QString::fromStdString(result.error)); // the rig is unchanged
        return false;
    }
    const JointIndex movedTo = m_rig.findJoint(name);
    restoreSelection(selected, false);
    notifyRigChanged();
    m_undo.push(new ReparentJointCommand(this, text, joint, parent, movedTo, std::move(before), true));
    return true;
}

bool Document::refuseInvalid(int joint)
{
    if (m_rig.isValidJoint(joint))
        return true;
    emit editRefused(tr("No such joint"));
    return false;
}

bool Document::setLength(int joint, double length)
{
    return applyEdit(tr("Set length of %1").arg(jointLabel(joint)), [&](Rig& r) { return r.setLength(joint, length); });
}

bool Document::setAngle(int joint, double degrees)
{
    if (m_posing->isAnimating()) { // a clip is open: the value is a key at the playhead
        if (!m_animation->keyAngle(joint, degrees))
            return false;
        sayWhichChainHolds(joint, degrees, tr("the key is kept and shows where the chain's mix is lowered; move its target to pose it"));
        return true;
    }
    if (!applyEdit(tr("Set angle of %1").arg(jointLabel(joint)), [&](Rig& r) { return r.setAngle(joint, degrees); }))
        return false;
    sayWhichChainHolds(joint, degrees, tr("move the target, or lower the mix, to pose it by hand"));
    return true;
}

void Document::sayWhichChainHolds(int joint, double typed, const QString& advice)
{
    // A chain that holds turns its joints back toward its target after the edit: say so, or the
    // typed value seems ignored.
    if (!m_rig.isValidJoint(joint) || m_rig.isRoot(joint) || std::fabs(m_rig.angle(joint) - typed) <= 1e-6)
        return;
    for (const Chain& chain : m_rig.chains()) {
        const bool onChain = chain.holds() && m_rig.isAncestor(chain.root, joint)
                             && (chain.tip == joint || m_rig.isAncestor(joint, chain.tip));
        if (onChain) {
            emit editRefused(tr("Chain %1 holds %2 on its target, at %3° (mix %4): %5")
                                 .arg(QString::fromStdString(chain.name), jointLabel(joint))
                                 .arg(m_rig.angle(joint), 0, 'f', 2)
                                 .arg(chain.mix)
                                 .arg(advice));
            return;
        }
    }
}

bool Document::setLimits(int joint, double min, double max)
{
    return applyEdit(tr("Set limits of %1").arg(jointLabel(joint)),
                     [&](Rig& r) { return r.setLimits(joint, min, max); });
}

bool Document::setRootPosition(int joint, double x, double y)
{
    if (m_posing->isAnimating())
        return m_animation->keyRootPosition(joint, {x, y});
    return applyEdit(tr("Move %1").arg(jointLabel(joint)), [&](Rig& r) { return r.setRootPosition(joint, {x, y}); });
}

bool Document::setRootRotation(int joint, double degrees)
{
    if (m_posing->isAnimating())
        return m_animation->keyRootRotation(joint, degrees);
    return applyEdit(tr("Rotate %1").arg(jointLabel(joint)),
                     [&](Rig& r) { return r.setRootRotation(joint, degrees); });
}

bool Document::setPinned(int joint, bool pinned)
{
    return applyEdit((pinned ? tr("Pin %1") : tr("Unpin %1")).arg(jointLabel(joint)),
                     [&](Rig& r) { return r.setPinned(joint, pinned); });
}

bool Document::togglePin(int joint)
{
    if (!m_rig.isValidJoint(joint))
        return false;
    return setPinned(joint, !m_rig.isPinned(joint));
}

bool Document::setNodeShape(const QString& shape)
{
    const auto kind = io::nodeShapeFromName(shape.toStdString());
    if (!kind || refuseWhilePlaying())
        return false;
    if (*kind != m_editor.nodeShape)
        m_undo.push(new NodeShapeCommand(this, m_editor.nodeShape, *kind));
    return true;
}

void Document::applyNodeShape(io::NodeShape shape)
{
    m_editor.nodeShape = shape;
    emit nodeShapeChanged();
}

int Document::findJoint(const QString& name) const { return m_rig.findJoint(name.toStdString()); }

QList<int> Document::ancestors(int joint) const
{
    QList<int> list;
    if (m_rig.isValidJoint(joint))
        for (JointIndex p = m_rig.parent(joint); p != kNoJoint; p = m_rig.parent(p))
            list.append(p);
    return list;
}

// --- Posing --------------------------------------------------------------------------------

void Document::applyPoseChange(const PoseChange& change, bool after)
{
    change.apply(m_rig, after);
    notifyPoseChanged();
}

bool Document::isPreviewing() const { return m_posing->isPreviewing(); }
bool Document::isSimulating() const { return m_posing->isPreviewing() && !m_posing->isAnimating(); }

bool Document::skeletonMatchesSaved() const { return sameStructure(m_rig, m_savedRig); }

} // namespace bonework::editor
