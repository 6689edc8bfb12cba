#pragma once
// Recording a pose every frame into a clip (the motion preview's Record, `bonework-cli record`):
// every joint's angle and every root's x, y and rotation are captured, then reduced to the keys
// that keep every joint's world position within a tolerance of the recorded one at every
// recorded frame. The solved pose is baked into the joints' keys, so the clip switches every
// chain that holds off (a mix key of 0): played back, the chains do not solve again over it.
//
//   ClipRecorder recorder(setupRig);
//   each frame: recorder.capture(seconds, rig);    // times strictly increasing, from 0
//   Clip clip = recorder.finish("wave", 0.1);

#include "bonework/animation/clip.h"
#include "bonework/rig.h"

#include <string>
#include <vector>

namespace bonework::animation {

class ClipRecorder {
public:
    // `setup`: the rig being recorded, in any pose (the structure and limits are what count).
    explicit ClipRecorder(const Rig& setup);

    // Records `pose` (the same joints as the setup rig) at `seconds`; returns false, recording
    // nothing, unless seconds is finite and later than the last frame's.
    bool capture(double seconds, const Rig& pose);
    std::size_t frameCount() const { return m_times.size(); }

    // The clip: its duration the last frame's time (at least a frame's worth when only one was
    // recorded), tracks reduced so that every joint's world position stays within `tolerance`
    // px of the recorded pose at every recorded time. Each track gets a share of the tolerance
    // by how far its joint's turn reaches; the shares start generous and are halved until the
    // clip, played back, keeps every joint within the tolerance (the last try, a share per
    // error source on the deepest path, always does: their sum is the tolerance).
    Clip finish(const std::string& name, double tolerance) const;

private:
    // The tracks reduced with `share` px for each error source; the chains switched off.
    Clip reduced(const std::string& name, double share, const std::vector<double>& times) const;
    // The farthest any joint of the clip played back strays from the recording.
    double worstError(const Clip& clip, const std::vector<double>& times) const;

    const Rig& m_setup;
    std::vector<double> m_times;
    // Per joint, per frame: the angle (a root's rotation), and a root's x and y.
    std::vector<std::vector<double>> m_angles, m_x, m_y;
    std::vector<Vec2> m_positions; // every joint's world position, frame after frame
};

} // namespace bonework::animation
