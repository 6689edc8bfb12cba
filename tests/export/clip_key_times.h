#pragma once
// The times at which a clip has keys, every kind of track but `skipped` (clip_edit.h finds them):
// the export tests sample there, each leaving out the channel it does not check.
#include "bonework/animation/clip_edit.h"

#include <set>

namespace bonework::testing {

inline std::set<double> keyTimesExcept(const animation::Clip& clip, animation::Owner skipped)
{
    std::set<double> times;
    for (const animation::TrackRef& track : animation::keyedTracks(clip))
        if (track.owner != skipped)
            for (double t : animation::keyTimes(clip, track))
                times.insert(t);
    return times;
}

} // namespace bonework::testing
