#pragma once
// Animate mode: a clip open in the Timeline. The canvas shows the clip's pose at the playhead
// (animation/clip_sampler.h: keys interpolated, chains holding) as a preview of the document's
// pose controller; scrubbing (snapped to whole frames) and playing (looping or not) move the
// playhead. Dragging a joint poses that frame: with Auto-Key the drag becomes keys at the
// playhead (one undo step), otherwise the pose stays until the playhead moves and K keys it.
// Undo and redo take the clip's pose off the rig while they run (the commands work on the
// setup pose) and put it back after. Closing the clip (Setup Pose) shows the rig's own pose.
// Onion skin: the poses a few frames before and after, for the canvas to draw faintly.
// The document owns one; QML reaches it as `document.animation`.

#include "pose_change.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <QtQml/qqmlregistration.h>

#include <functional>
#include <memory>
#include <set>
#include <vector>

namespace bonework::editor {

class Document;

class AnimationPlayer : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("The document owns its animation player")
    // The rig's clips by name, in file order.
    Q_PROPERTY(QStringList animations READ animations NOTIFY animationsChanged)
    // The clip open (-1: none, the setup pose). Opening one enters animate mode at time 0.
    Q_PROPERTY(int current READ current WRITE setCurrent NOTIFY currentChanged)
    Q_PROPERTY(double duration READ duration NOTIFY currentChanged)
    // Seconds into the clip; setting it scrubs (snapped to whole frames while `snap` is on).
    Q_PROPERTY(double time READ time WRITE setTime NOTIFY timeChanged)
    Q_PROPERTY(int frame READ frame NOTIFY timeChanged)
    // The Timeline's frames per second, 1 to 240 (QSettings: kept from one session to the next).
    Q_PROPERTY(int fps READ fps WRITE setFps NOTIFY settingsChanged)
    // Whether the playhead snaps to whole frames.
    Q_PROPERTY(bool snap READ snap WRITE setSnap NOTIFY settingsChanged)
    // Whether the open clip loops (animation::Clip::loop): playing it wraps around its end, and
    // the onion skin's ghosts past an end show the other end. Setting it is an undo step.
    Q_PROPERTY(bool loop READ loop WRITE setLoop NOTIFY loopChanged)
    // Every drag in animate mode keys what it moved at the playhead (QSettings).
    Q_PROPERTY(bool autoKey READ autoKey WRITE setAutoKey NOTIFY settingsChanged)
    // Ghosts of the pose a few frames before and after the playhead (QSettings).
    Q_PROPERTY(bool onionSkin READ onionSkin WRITE setOnionSkin NOTIFY settingsChanged)
    Q_PROPERTY(bool playing READ isPlaying NOTIFY stateChanged)
    // A clip's pose is on the canvas instead of the rig's own (animate mode).
    Q_PROPERTY(bool active READ isActive NOTIFY stateChanged)
    // A drag posed this frame without Auto-Key: K keys it, moving the playhead drops it.
    Q_PROPERTY(bool hasUnkeyedPose READ hasUnkeyedPose NOTIFY unkeyedChanged)

public:
    explicit AnimationPlayer(Document* document);
    ~AnimationPlayer() override;

    QStringList animations() const { return m_names; }
    int current() const { return m_current; }
    void setCurrent(int index);
    double duration() const;
    double time() const { return m_time; }
    void setTime(double seconds);
    int frame() const;
    // A time as undo texts and messages name it: "0.13 s (frame 4)" on a frame at this frame
    // rate, else "0.1337 s" (the frame's seconds alone read 0.1333 s).
    QString timeText(double seconds) const;
    // A span of time the same way: "0.20 s (6 frames)", "0.03 s (1 frame)", else "0.2137 s".
    QString spanText(double seconds) const;
    int fps() const { return m_fps; }
    void setFps(int fps);
    bool snap() const { return m_snap; }
    void setSnap(bool snap);
    bool loop() const;
    void setLoop(bool loop);
    bool autoKey() const { return m_autoKey; }
    void setAutoKey(bool on);
    bool onionSkin() const { return m_onionSkin; }
    void setOnionSkin(bool on);
    bool isPlaying() const { return m_timer.isActive(); }
    bool isActive() const { return m_sampler != nullptr; }
    bool hasUnkeyedPose() const { return !m_unkeyedJoints.empty() || !m_unkeyedChains.empty(); }

    Q_INVOKABLE void play();
    Q_INVOKABLE void pause();
    Q_INVOKABLE void togglePlay();
    // Moves the playhead by whole frames (pausing).
    Q_INVOKABLE void stepFrames(int frames);
    // Closes the clip: the canvas shows the rig's own pose again.
    Q_INVOKABLE void stop() { setCurrent(-1); }
    // K: keys, at the playhead, the selected joint (and its chain's target when it is a chain's
    // tip, or the selected chain's target) and whatever an unkeyed drag moved; with nothing
    // selected and nothing unkeyed, the whole pose. One undo step. False when no clip is open.
    Q_INVOKABLE bool keyPose();

    // In animate mode the inspector's and the panels' values key the clip at the playhead
    // instead of changing the rig: a joint's angle, a root's place or rotation, a chain's mix,
    // an image's visibility or opacity. Each one undo step; false (and why) when refused.
    bool keyAngle(int joint, double degrees);
    bool keyRootPosition(int joint, Vec2 position);
    bool keyRootRotation(int joint, double degrees);
    bool keyChainMix(int chain, double mix);
    bool keySlotVisible(int slot, bool visible);
    bool keySlotOpacity(int slot, double opacity);
    bool keySlotImage(int slot, const std::string& image);

    // For tests: plays `seconds` as if that much time had passed.
    void advance(double seconds);

    // The pose controller's report of a drag that posed the clip's frame.
    void poseEdited(const PoseChange& change);
    // Around undo and redo: the rig's own pose back while the command runs, the clip's after.
    void suspend();
    void resume();

    // The onion skin's ghosts: the pose `frames` away from the playhead (negative: before),
    // with its joints' world transforms (worked out when sampled, not on every paint); the
    // farthest first, so a painter that draws them in order lays the nearest on top.
    struct Ghost {
        int frames;
        Rig pose;
        std::vector<WorldTransform> world;
    };
    const std::vector<Ghost>& ghosts() const { return m_ghosts; }
    static constexpr int kGhostsEachSide = 2;
    static constexpr int kGhostSpacing = 3; // frames between ghosts

signals:
    void animationsChanged();
    void currentChanged();
    void timeChanged();
    void settingsChanged();
    void loopChanged();
    void stateChanged();
    void unkeyedChanged();
    void ghostsChanged();

private:
    bool isValidClip(int index) const;
    // Starts showing the current clip: binds the sampler to a copy of the rig; false (and says
    // why) when the document is busy with play mode.
    bool enter();
    void leave();
    // Samples the playhead's time onto the canvas (and the ghosts); drops an unkeyed pose.
    void show();
    // The time on the nearest whole frame when snapping is on (never past the clip's end).
    double snapped(double seconds) const;
    void updateGhosts();
    // The rig's clips changed (an edit, undo, Record): follow them.
    void onRigChanged();
    // Reads the clips' names again when they changed (false when not): the open clip keeps its
    // place by name when clips were added or removed; -1 when it is gone.
    bool refreshNames();
    // Keys these joints and chains' targets from the pose on the canvas, as one undo step.
    bool keyJoints(const std::vector<JointIndex>& joints, const std::vector<int>& chains, const QString& text);
    // Keys a channel of the chain or slot `name` (empty: no such one) at the playhead with
    // `key`, as one undo step named `text` (its %1 the name); a non-empty `refusal` says why not.
    bool keyNamed(const std::string& name, const QString& text, const QString& refusal,
                  const std::function<void(animation::Clip&, const Rig&, const std::string&, double)>& key);
    std::string chainName(int chain) const; // empty when there is no such chain
    std::string slotName(int slot) const;   // empty when there is no such slot
    // Keys one joint from the pose on the canvas changed by `change` (refused: says why).
    bool keyJointChange(int joint, const QString& text, const std::function<EditResult(Rig&)>& change);
    void clearUnkeyed();
    void tick();
    // The open clip was removed by the undo step that leaves the stack at `index` when undone
    // (a delete, or its redo): undoing that step opens the clip again where it was, as it was
    // on show when it went.
    void rememberRemovedClip(const QString& name, int index);
    void reopenRemovedClip(int undoIndex);
    // The one clip whose keys the step changed, other than the open one (-1: none, or several).
    int clipChangedByStep() const;

    Document* m_document;
    QStringList m_names;
    int m_current = -1;
    double m_time = 0.0;
    int m_fps = 30;
    bool m_snap = true;
    bool m_autoKey = true;
    bool m_onionSkin = false;
    bool m_suspended = false;
    struct RemovedClip {
        QString name; // empty: none
        double time = 0.0;
        int undoIndex = -1;
    } m_removed;
    // The clip open before the current one was picked, and its playhead: where an undo that
    // takes the current clip away (a duplicate's or a new clip's) goes back to.
    struct OpenedFrom {
        QString name; // empty: the setup pose
        double time = 0.0;
    } m_openedFrom;
    // Each clip's playhead when it was last left (by name, while the rig is open): picking a clip
    // again goes back there, as Spine and DragonBones keep it.
    QHash<QString, double> m_playheads;
    // The clips as they were before an undo or redo ran (suspend): the step's clip, when another
    // than the open one, is opened so that the change shows.
    std::vector<animation::Clip> m_clipsBeforeStep;
    std::unique_ptr<Rig> m_setup; // the rig as it was when the clip opened: the sampler reads it
    std::unique_ptr<Rig> m_pose;
    std::unique_ptr<animation::ClipSampler> m_sampler;
    std::vector<Ghost> m_ghosts;
    std::set<JointIndex> m_unkeyedJoints;
    std::set<int> m_unkeyedChains;
    double m_unkeyedTime = 0.0; // where the unkeyed pose was posed
    QTimer m_timer;
    QElapsedTimer m_clock;
};

} // namespace bonework::editor
