#include "animation_player.h"

#include "document.h"
#include "pose_controller.h"

#include "bonework/animation/clip_edit.h"

#include <QAnyStringView>
#include <QSettings>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bonework::editor {
namespace {

constexpr char kAutoKeyKey[] = "animation/autoKey";
constexpr char kOnionSkinKey[] = "animation/onionSkin";
// The Timeline's frame rate: how the user works, kept from one session to the next (the rig
// file does not hold it; an export's frame rate is its own setting).
constexpr char kFpsKey[] = "animation/fps";
constexpr int kMostFps = 240;

} // namespace

AnimationPlayer::AnimationPlayer(Document* document) : QObject(document), m_document(document)
{
    QSettings settings;
    m_autoKey = settings.value(kAutoKeyKey, true).toBool();
    m_onionSkin = settings.value(kOnionSkinKey, false).toBool();
    bool isNumber = false;
    const int fps = settings.value(kFpsKey, m_fps).toInt(&isNumber);
    if (isNumber && fps >= 1 && fps <= kMostFps)
        m_fps = fps;
    m_timer.setInterval(16); // about 60 Hz; the time advances by the real time elapsed
    connect(&m_timer, &QTimer::timeout, this, &AnimationPlayer::tick);
    connect(m_document, &Document::rigChanged, this, &AnimationPlayer::onRigChanged);
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, &AnimationPlayer::reopenRemovedClip);
    connect(m_document, &Document::opened, this, [this] {
        m_removed = {};
        m_playheads.clear();
    });
}

void AnimationPlayer::rememberRemovedClip(const QString& name, int index)
{
    m_removed = {name, m_time, index};
}

void AnimationPlayer::reopenRemovedClip(int undoIndex)
{
    if (m_removed.name.isEmpty() || m_current >= 0 || undoIndex != m_removed.undoIndex)
        return;
    const int index = static_cast<int>(m_names.indexOf(m_removed.name));
    if (index < 0)
        return; // not back yet (the index moved another way)
    const double time = m_removed.time;
    m_removed = {};
    setCurrent(index);
    setTime(time);
}

AnimationPlayer::~AnimationPlayer() = default; // the document goes with it: nothing to put back

bool AnimationPlayer::isValidClip(int index) const
{
    return index >= 0 && index < static_cast<int>(m_document->rig().animations().size());
}

void AnimationPlayer::setCurrent(int index)
{
    if (!isValidClip(index))
        index = -1;
    if (index == m_current)
        return;
    m_openedFrom = {m_current >= 0 && m_current < m_names.size() ? m_names[m_current] : QString(), m_time};
    if (!m_openedFrom.name.isEmpty())
        m_playheads.insert(m_openedFrom.name, m_time);
    leave();
    m_current = index;
    m_time = index >= 0 ? m_playheads.value(m_names.value(index), 0.0) : 0.0; // enter() clamps it
    if (m_current >= 0 && !enter())
        m_current = -1;
    emit currentChanged();
    emit loopChanged();
    emit timeChanged();
}

double AnimationPlayer::duration() const
{
    return isValidClip(m_current) ? m_document->rig().animations()[static_cast<std::size_t>(m_current)].duration : 0.0;
}

// Clamped: a clip may be as long as a double allows, a frame number only as an int.
int AnimationPlayer::frame() const
{
    return static_cast<int>(std::lround(std::clamp(m_time * m_fps, 0.0, double(std::numeric_limits<int>::max()))));
}

QString AnimationPlayer::timeText(double seconds) const
{
    const double frames = seconds * m_fps;
    if (std::isfinite(frames) && frames >= 0 && frames <= std::numeric_limits<int>::max()
        && std::fabs(frames - std::round(frames)) < 1e-6)
        return tr("%1 s (frame %2)").arg(seconds, 0, 'f', 2).arg(std::lround(frames));
    return tr("%1 s").arg(seconds, 0, 'g', 4);
}

QString AnimationPlayer::spanText(double seconds) const
{
    const double frames = seconds * m_fps;
    if (std::isfinite(frames) && frames >= 0 && frames <= std::numeric_limits<int>::max()
        && std::fabs(frames - std::round(frames)) < 1e-6)
        return std::lround(frames) == 1 ? tr("%1 s (1 frame)").arg(seconds, 0, 'f', 2)
                                        : tr("%1 s (%2 frames)").arg(seconds, 0, 'f', 2).arg(std::lround(frames));
    return tr("%1 s").arg(seconds, 0, 'g', 4);
}

void AnimationPlayer::setTime(double seconds)
{
    if (!std::isfinite(seconds) || !isActive())
        return;
    m_time = snapped(std::clamp(seconds, 0.0, duration()));
    show();
    emit timeChanged();
}

double AnimationPlayer::snapped(double seconds) const
{
    if (!m_snap || m_fps <= 0)
        return seconds;
    return std::min(std::round(seconds * m_fps) / m_fps, duration());
}

void AnimationPlayer::stepFrames(int frames)
{
    if (!isActive())
        return;
    pause();
    // From the frame the playhead is on (or nearest), whole frames on, within the clip.
    const double t = (std::round(m_time * m_fps) + frames) / m_fps;
    setTime(std::clamp(t, 0.0, duration()));
}

void AnimationPlayer::setFps(int fps)
{
    if (fps < 1 || fps > kMostFps || fps == m_fps)
        return;
    m_fps = fps;
    QSettings().setValue(kFpsKey, fps);
    emit settingsChanged();
    emit timeChanged(); // the frame number
    if (isActive())
        updateGhosts();
}

void AnimationPlayer::setSnap(bool snap)
{
    if (snap == m_snap)
        return;
    m_snap = snap;
    emit settingsChanged();
}

bool AnimationPlayer::loop() const
{
    return isValidClip(m_current) && m_document->rig().animations()[static_cast<std::size_t>(m_current)].loop;
}

void AnimationPlayer::setLoop(bool loop)
{
    if (isValidClip(m_current))
        m_document->setAnimationLoop(m_current, loop);
    emit loopChanged(); // also when refused: the button shows the clip's flag again
}

void AnimationPlayer::setAutoKey(bool on)
{
    if (on == m_autoKey)
        return;
    m_autoKey = on;
    QSettings().setValue(kAutoKeyKey, on);
    emit settingsChanged();
}

void AnimationPlayer::setOnionSkin(bool on)
{
    if (on == m_onionSkin)
        return;
    m_onionSkin = on;
    QSettings().setValue(kOnionSkinKey, on);
    emit settingsChanged();
    updateGhosts();
}

bool AnimationPlayer::enter()
{
    if (!isValidClip(m_current))
        return false;
    PoseController* posing = m_document->posing();
    if (posing->isPreviewing()) {
        emit m_document->editRefused(tr("Stop playing the motion preview to open a clip"));
        return false;
    }
    m_setup = std::make_unique<Rig>(m_document->rig());
    m_pose = std::make_unique<Rig>(*m_setup);
    m_sampler = std::make_unique<animation::ClipSampler>();
    if (!m_sampler->bind(*m_setup, m_setup->animations()[static_cast<std::size_t>(m_current)]).empty()) {
        m_sampler.reset(); // the loader and the rig checked the clip: not expected
        return false;
    }
    posing->beginPreview(PoseController::PreviewKind::Animate);
    m_time = std::clamp(m_time, 0.0, duration());
    show();
    emit stateChanged();
    return true;
}

void AnimationPlayer::leave()
{
    m_timer.stop();
    if (!m_sampler)
        return;
    m_sampler.reset();
    m_pose.reset();
    m_setup.reset();
    m_ghosts.clear();
    clearUnkeyed();
    m_document->posing()->endPreview(false);
    emit stateChanged();
    emit ghostsChanged();
}

void AnimationPlayer::suspend()
{
    if (!isActive())
        return;
    m_suspended = true;
    m_clipsBeforeStep = m_setup->animations();
    leave();
}

void AnimationPlayer::resume()
{
    if (!m_suspended)
        return;
    m_suspended = false;
    // The command may have renamed, added or removed clips, or changed the open one's length:
    // the names, the open clip (kept by name) and its duration and time are all told again, so
    // that the picker, the ruler and the length field never show what the undo took back.
    const QString open = m_current >= 0 && m_current < m_names.size() ? m_names[m_current] : QString();
    refreshNames();
    if (!open.isEmpty() && m_current < 0) // a redo removed it: the step now just done, undone, brings it back
        rememberRemovedClip(open, m_document->undoStack()->index() - 1);
    // The open clip is gone (an undone duplicate or new clip): back to the clip it was opened
    // from, where its playhead was, rather than to the setup pose.
    const int from = m_current < 0 && !open.isEmpty() && !m_openedFrom.name.isEmpty() ? static_cast<int>(m_names.indexOf(m_openedFrom.name)) : -1;
    if (from >= 0) {
        m_current = from;
        m_time = m_openedFrom.time; // enter() clamps it into the clip and shows it
        m_openedFrom = {};
    }
    // The step changed another clip than the open one (a key edit made there, undone or redone):
    // that clip opens, at its own playhead, so that the change is on show rather than unseen.
    if (const int changed = clipChangedByStep(); changed >= 0) {
        m_playheads.insert(m_names.value(m_current), m_time);
        m_current = changed;
        m_time = m_playheads.value(m_names.value(changed), 0.0);
    }
    m_clipsBeforeStep.clear();
    if (m_current >= 0 && !enter())
        m_current = -1;
    if (m_current < 0)
        m_time = 0.0;
    emit animationsChanged();
    emit currentChanged();
    emit timeChanged();
}

int AnimationPlayer::clipChangedByStep() const
{
    if (m_current < 0)
        return -1;
    const auto& clips = m_document->rig().animations();
    int changed = -1;
    for (std::size_t i = 0; i < clips.size(); ++i) {
        const auto before = std::find_if(m_clipsBeforeStep.begin(), m_clipsBeforeStep.end(),
                                         [&](const animation::Clip& c) { return c.name == clips[i].name; });
        if (before == m_clipsBeforeStep.end() || *before == clips[i])
            continue; // a clip added back, or one the step left alone
        if (changed >= 0)
            return -1; // several: leave the open one on show
        changed = static_cast<int>(i);
    }
    return changed == m_current ? -1 : changed;
}

bool AnimationPlayer::refreshNames()
{
    // Called on every pose change (each drag frame): compares names without making any.
    const auto& clips = m_document->rig().animations();
    const bool sameNames = clips.size() == static_cast<std::size_t>(m_names.size())
                           && std::equal(clips.begin(), clips.end(), m_names.begin(), [](const animation::Clip& c, const QString& n) {
                                  return QAnyStringView::equal(n, QUtf8StringView(c.name));
                              });
    if (sameNames)
        return false;
    const int countBefore = static_cast<int>(m_names.size());
    const QString currentName = m_current >= 0 && m_current < countBefore ? m_names[m_current] : QString();
    QStringList names;
    for (const animation::Clip& clip : clips)
        names << QString::fromStdString(clip.name);
    m_names = names;
    // A clip added or removed elsewhere in the list: the open one keeps its place by name
    // (a rename keeps the count, and the open clip its index).
    if (m_current >= 0 && names.size() != countBefore)
        m_current = static_cast<int>(names.indexOf(currentName));
    if (!isValidClip(m_current))
        m_current = -1;
    return true;
}

void AnimationPlayer::onRigChanged()
{
    emit loopChanged(); // an edit or its undo may have switched it (cheap: read on demand)
    if (m_suspended)
        return; // undo or redo is running: resume() follows
    const int before = m_current;
    const QString removedName = before >= 0 && before < m_names.size() ? m_names[before] : QString();
    if (refreshNames()) {
        emit animationsChanged();
        if (m_current < 0 && before >= 0) { // the open clip is gone: the setup pose again
            // Removed by the step being pushed (QUndoStack runs it before it counts it): its undo
            // brings the stack back to this index.
            rememberRemovedClip(removedName, m_document->undoStack()->index());
            leave();
            m_time = 0.0;
            emit currentChanged();
            emit timeChanged();
            return;
        }
        // The picker's model was replaced: its index is told again even where it stayed.
        emit currentChanged();
    }
    const auto& clips = m_document->rig().animations();
    if (!isActive() || clips == m_setup->animations())
        return;
    // The clips changed while one is open (a key edit, its undo): sample the new keys.
    m_setup->restoreAnimations(clips);
    m_pose->restoreAnimations(clips);
    if (!m_sampler->bind(*m_setup, m_setup->animations()[static_cast<std::size_t>(m_current)]).empty()) {
        setCurrent(-1);
        return;
    }
    const bool shortened = m_time > duration();
    m_time = std::min(m_time, duration());
    emit currentChanged(); // the duration may have changed
    show();
    if (shortened)
        emit timeChanged(); // the readout and the playhead follow the clip's new end
}

void AnimationPlayer::show()
{
    // Another frame on show lets go of a pose posed without Auto-Key and not keyed, as in Spine;
    // unlike there, the status bar says so, since nothing else would.
    if (hasUnkeyedPose())
        emit m_document->editRefused(tr("The pose not keyed at %1 was let go: press K before moving the playhead to keep it, "
                                        "or turn Auto-Key on")
                                         .arg(timeText(m_unkeyedTime)));
    clearUnkeyed();
    m_sampler->sample(m_time, *m_pose);
    m_document->posing()->showPreview(*m_pose);
    updateGhosts();
}

void AnimationPlayer::updateGhosts()
{
    const bool wanted = m_onionSkin && isActive() && !isPlaying();
    if (!wanted) {
        if (!m_ghosts.empty()) {
            m_ghosts.clear();
            emit ghostsChanged();
        }
        return;
    }
    if (m_ghosts.empty())
        for (int i = kGhostsEachSide; i >= 1; --i) // the farthest first
            for (int side : {-1, 1})
                m_ghosts.push_back({side * i * kGhostSpacing, *m_setup, {}});
    const double d = duration();
    const bool looping = loop();
    for (Ghost& ghost : m_ghosts) {
        double t = m_time + static_cast<double>(ghost.frames) / m_fps;
        if (looping && t < 0.0) // a looping clip's frames before 0 are its last ones
            t += d;
        else if (looping && t > d)
            t -= d;
        m_sampler->sample(std::clamp(t, 0.0, d), ghost.pose);
        ghost.world.resize(ghost.pose.jointCount());
        forwardKinematics(ghost.pose, ghost.world);
    }
    emit ghostsChanged();
}

void AnimationPlayer::play()
{
    if (!isActive())
        return;
    if (m_time >= duration())
        m_time = 0.0; // from the start again
    m_clock.restart();
    m_timer.start();
    show();
    emit stateChanged();
}

void AnimationPlayer::pause()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    emit stateChanged();
    // Playing runs between frames; paused, the playhead goes to the nearest whole frame as
    // scrubbing puts it, so that keys set next (Auto-Key, K) land on the frame grid.
    if (const double onFrame = snapped(m_time); onFrame != m_time) {
        m_time = onFrame;
        show(); // also updates the ghosts
        emit timeChanged();
        return;
    }
    updateGhosts();
}

void AnimationPlayer::togglePlay() { isPlaying() ? pause() : play(); }

void AnimationPlayer::advance(double seconds)
{
    if (!isActive())
        return;
    const double d = duration();
    double t = m_time + std::max(0.0, seconds);
    if (t > d) {
        if (loop() && d > 0.0) {
            t = std::fmod(t, d);
        } else {
            t = d;
            m_timer.stop();
            emit stateChanged();
        }
    }
    m_time = t;
    show();
    emit timeChanged();
}

void AnimationPlayer::tick()
{
    const double elapsed = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
    m_clock.restart();
    advance(elapsed);
}

// --- Keying --------------------------------------------------------------------------------

void AnimationPlayer::clearUnkeyed()
{
    if (!hasUnkeyedPose())
        return;
    m_unkeyedJoints.clear();
    m_unkeyedChains.clear();
    emit unkeyedChanged();
}

void AnimationPlayer::poseEdited(const PoseChange& change)
{
    if (!isActive())
        return;
    std::vector<JointIndex> joints;
    for (const PoseChange::Joint& j : change.joints)
        joints.push_back(j.joint);
    std::vector<int> chains;
    for (const PoseChange::Target& t : change.targets)
        chains.push_back(t.chain);
    if (m_autoKey) {
        keyJoints(joints, chains, tr("Key pose at %1").arg(timeText(m_time)));
        return;
    }
    m_unkeyedTime = m_time;
    m_unkeyedJoints.insert(joints.begin(), joints.end());
    m_unkeyedChains.insert(chains.begin(), chains.end());
    emit unkeyedChanged();
}

bool AnimationPlayer::keyPose()
{
    if (!isActive())
        return false;
    const Rig& rig = m_document->rig();
    std::vector<JointIndex> joints(m_unkeyedJoints.begin(), m_unkeyedJoints.end());
    std::vector<int> chains(m_unkeyedChains.begin(), m_unkeyedChains.end());
    const int selected = m_document->selectedJoint();
    if (rig.isValidJoint(selected)) {
        joints.push_back(selected);
        const int tipOf = m_document->chainWithTip(selected);
        if (tipOf >= 0)
            chains.push_back(tipOf);
    }
    if (m_document->selectedChain() >= 0)
        chains.push_back(m_document->selectedChain());
    if (joints.empty() && chains.empty()) { // nothing chosen: the whole pose
        for (std::size_t i = 0; i < rig.jointCount(); ++i)
            joints.push_back(static_cast<JointIndex>(i));
        for (int c = 0; c < static_cast<int>(rig.chains().size()); ++c)
            chains.push_back(c);
    }
    std::sort(joints.begin(), joints.end());
    joints.erase(std::unique(joints.begin(), joints.end()), joints.end());
    std::sort(chains.begin(), chains.end());
    chains.erase(std::unique(chains.begin(), chains.end()), chains.end());
    return keyJoints(joints, chains, tr("Key pose at %1").arg(timeText(m_time)));
}

bool AnimationPlayer::keyJoints(const std::vector<JointIndex>& joints, const std::vector<int>& chains, const QString& text)
{
    if (!isActive())
        return false;
    const Rig posed = m_document->rig(); // the frame as posed on the canvas
    const double t = m_time;
    const bool done = m_document->editClip(m_current, text, [&](animation::Clip& clip) {
        animation::keyPose(clip, posed, joints, t);
        for (int c : chains) {
            const Chain& chain = posed.chains()[static_cast<std::size_t>(c)];
            if (!chain.target.isAttached()) // a target that is a joint follows it: nothing to key
                animation::keyChainTarget(clip, posed, chain.name, t, chain.target.point);
        }
    });
    clearUnkeyed();
    return done;
}

bool AnimationPlayer::keyJointChange(int joint, const QString& text, const std::function<EditResult(Rig&)>& change)
{
    if (!isActive() || !m_document->rig().isValidJoint(joint))
        return false;
    Rig posed = m_document->rig();
    if (const EditResult result = change(posed); !result.ok()) {
        emit m_document->editRefused(QString::fromStdString(result.error));
        return false;
    }
    const double t = m_time;
    const std::vector<JointIndex> joints{static_cast<JointIndex>(joint)};
    return m_document->editClip(m_current, text, [&](animation::Clip& clip) { animation::keyPose(clip, posed, joints, t); });
}

bool AnimationPlayer::keyAngle(int joint, double degrees)
{
    return keyJointChange(joint, tr("Key angle of %1").arg(m_document->jointName(joint)),
                          [&](Rig& r) { return r.setAngle(joint, degrees); });
}

bool AnimationPlayer::keyRootPosition(int joint, Vec2 position)
{
    return keyJointChange(joint, tr("Key place of %1").arg(m_document->jointName(joint)),
                          [&](Rig& r) { return r.setRootPosition(joint, position); });
}

bool AnimationPlayer::keyRootRotation(int joint, double degrees)
{
    return keyJointChange(joint, tr("Key rotation of %1").arg(m_document->jointName(joint)),
                          [&](Rig& r) { return r.setRootRotation(joint, degrees); });
}

bool AnimationPlayer::keyNamed(const std::string& name, const QString& text, const QString& refusal,
                               const std::function<void(animation::Clip&, const Rig&, const std::string&, double)>& key)
{
    if (!isActive() || name.empty())
        return false;
    if (!refusal.isEmpty()) {
        emit m_document->editRefused(refusal);
        return false;
    }
    const Rig& rig = m_document->rig();
    const double t = m_time;
    return m_document->editClip(m_current, text.arg(QString::fromStdString(name)), [&](animation::Clip& clip) { key(clip, rig, name, t); });
}

std::string AnimationPlayer::chainName(int chain) const
{
    const auto& chains = m_document->rig().chains();
    return chain >= 0 && chain < static_cast<int>(chains.size()) ? chains[static_cast<std::size_t>(chain)].name : std::string();
}

std::string AnimationPlayer::slotName(int slot) const
{
    const auto& list = m_document->rig().slotList();
    return slot >= 0 && slot < static_cast<int>(list.size()) ? list[static_cast<std::size_t>(slot)].name : std::string();
}

bool AnimationPlayer::keyChainMix(int chain, double mix)
{
    return keyNamed(chainName(chain), tr("Key mix of %1"), mix >= 0.0 && mix <= 1.0 ? QString() : tr("A chain's mix lies between 0 and 1"),
                    [mix](animation::Clip& c, const Rig& r, const std::string& n, double t) { animation::keyChainMix(c, r, n, t, mix); });
}

bool AnimationPlayer::keySlotVisible(int slot, bool visible)
{
    return keyNamed(slotName(slot), visible ? tr("Key %1 shown") : tr("Key %1 hidden"), {},
                    [visible](animation::Clip& c, const Rig& r, const std::string& n, double t) { animation::keySlotVisible(c, r, n, t, visible); });
}

bool AnimationPlayer::keySlotOpacity(int slot, double opacity)
{
    return keyNamed(slotName(slot), tr("Key opacity of %1"), opacity >= 0.0 && opacity <= 1.0 ? QString() : tr("Opacity lies between 0 and 1"),
                    [opacity](animation::Clip& c, const Rig& r, const std::string& n, double t) { animation::keySlotOpacity(c, r, n, t, opacity); });
}

bool AnimationPlayer::keySlotImage(int slot, const std::string& image)
{
    const std::string why = imagePathProblem(image);
    return keyNamed(slotName(slot), tr("Key image of %1"), why.empty() ? QString() : tr("The image path %1").arg(QString::fromStdString(why)),
                    [&image](animation::Clip& c, const Rig& r, const std::string& n, double t) { animation::keySlotImage(c, r, n, t, image); });
}

} // namespace bonework::editor
