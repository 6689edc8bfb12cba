#include "bonework/animation/clip_edit.h"

#include "bonework/rig.h"
#include "bonework/slot.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <tuple>
#include <type_traits>

namespace bonework::animation {
namespace {

bool validDuration(const Clip& clip) { return std::isfinite(clip.duration) && clip.duration > 0.0; }

double clampInto(double v, double lo, double hi) { return std::min(std::max(v, lo), hi); }

// Whether a root's x or y may be keyed: finite and as far out as a root may lie (rig.h), as
// Rig::setRootPosition takes it.
bool rootCoordinate(double v) { return std::isfinite(v) && std::fabs(v) <= kMostRootCoordinate; }

// Where a key at `time` goes: nowhere for a non-finite time or one outside [0, duration] by more
// than kSameTime; within kSameTime of it, onto its end (a time worked out from pixels or frames
// may round past either end).
std::optional<double> keyTime(const Clip& clip, double time)
{
    if (!validDuration(clip) || !std::isfinite(time) || time < -kSameTime || time > clip.duration + kSameTime)
        return std::nullopt;
    return clampInto(time, 0.0, clip.duration);
}

template <typename E>
const std::string& entryName(const E& entry)
{
    using T = std::remove_const_t<E>;
    if constexpr (std::is_same_v<T, JointTracks>)
        return entry.joint;
    else if constexpr (std::is_same_v<T, ChainTracks>)
        return entry.chain;
    else
        return entry.slot;
}

// Calls f(channel, keys) for each channel of an owner entry, in enum order.
template <typename E, typename F>
void forEachChannel(E& entry, F&& f)
{
    using T = std::remove_const_t<E>;
    if constexpr (std::is_same_v<T, JointTracks>) {
        f(Channel::Angle, entry.angle);
        f(Channel::X, entry.x);
        f(Channel::Y, entry.y);
        f(Channel::Rotation, entry.rotation);
    } else if constexpr (std::is_same_v<T, ChainTracks>) {
        f(Channel::Target, entry.target);
        f(Channel::Mix, entry.mix);
    } else {
        f(Channel::Visible, entry.visible);
        f(Channel::Opacity, entry.opacity);
        f(Channel::Image, entry.image);
    }
}

template <typename E>
bool hasKeys(const E& entry)
{
    bool any = false;
    forEachChannel(entry, [&](Channel, const auto& keys) { any |= !keys.empty(); });
    return any;
}

// Calls f(entry) with the owner's vector of entries (joints, chains or slot tracks).
template <typename ClipT, typename F>
decltype(auto) withEntries(ClipT& clip, Owner owner, F&& f)
{
    switch (owner) {
    case Owner::Joint: return f(clip.joints);
    case Owner::Chain: return f(clip.chains);
    case Owner::Slot: break;
    }
    return f(clip.slotTracks);
}

// Calls f(keys) with the track's keys (a std::vector of Key, PointKey, SwitchKey or ImageKey)
// when the clip has the track's owner entry and the channel belongs to that owner; returns
// whether it did.
template <typename ClipT, typename F>
bool visitTrack(ClipT& clip, const TrackRef& ref, F&& f)
{
    if (ownerOf(ref.channel) != ref.owner)
        return false;
    return withEntries(clip, ref.owner, [&](auto& entries) {
        auto it = std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return entryName(e) == ref.name; });
        if (it == entries.end())
            return false;
        bool found = false;
        forEachChannel(*it, [&](Channel c, auto& keys) {
            if (c == ref.channel) {
                f(keys);
                found = true;
            }
        });
        return found;
    });
}

// The owner's entry named `name`, appended when the clip has none (pruneEmptied removes it
// again if nothing is written into it).
template <typename E>
E& entryFor(std::vector<E>& entries, const std::string& name)
{
    auto it = std::find_if(entries.begin(), entries.end(), [&](const E& e) { return entryName(e) == name; });
    if (it != entries.end())
        return *it;
    E& e = entries.emplace_back();
    if constexpr (std::is_same_v<E, JointTracks>)
        e.joint = name;
    else if constexpr (std::is_same_v<E, ChainTracks>)
        e.chain = name;
    else
        e.slot = name;
    return e;
}

// Which owner entries had no keys before an operation: those it leaves as they were (a clip may
// hold them; copying and pasting in place must give it back), while an entry it empties or
// appends without writing into is removed (pruneEmptied), since the timeline lists keyed tracks
// only.
struct EmptyEntries {
    std::vector<unsigned char> joints, chains, slots;
};

EmptyEntries emptyEntries(const Clip& clip)
{
    auto marks = [](const auto& entries) {
        std::vector<unsigned char> out;
        out.reserve(entries.size());
        for (const auto& e : entries)
            out.push_back(hasKeys(e) ? 0 : 1);
        return out;
    };
    return {marks(clip.joints), marks(clip.chains), marks(clip.slotTracks)};
}

void pruneEmptied(Clip& clip, const EmptyEntries& before)
{
    auto prune = [](auto& entries, const std::vector<unsigned char>& wasEmpty) {
        // Entries keep their places until here; appended ones come last.
        std::size_t out = 0;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (!hasKeys(entries[i]) && !(i < wasEmpty.size() && wasEmpty[i]))
                continue;
            if (out != i) // never onto itself: a moved-from string is empty
                entries[out] = std::move(entries[i]);
            ++out;
        }
        entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(out), entries.end());
    };
    prune(clip.joints, before.joints);
    prune(clip.chains, before.chains);
    prune(clip.slotTracks, before.slots);
}

// The first index whose key is not before `time`. A bisection written out, so that a track out
// of order (a broken clip) gives a wrong answer at worst, never a read out of bounds.
template <typename K>
std::size_t firstAtOrAfter(const std::vector<K>& keys, double time)
{
    std::size_t lo = 0, hi = keys.size();
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (keys[mid].time < time)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// The key nearest `time` within kSameTime.
template <typename K>
std::optional<std::size_t> findKey(const std::vector<K>& keys, double time)
{
    if (!std::isfinite(time))
        return std::nullopt;
    std::optional<std::size_t> best;
    double bestGap = kSameTime;
    for (std::size_t i = firstAtOrAfter(keys, time - kSameTime); i < keys.size() && keys[i].time <= time + kSameTime; ++i) {
        const double gap = std::fabs(keys[i].time - time);
        if (gap <= bestGap) {
            best = i;
            bestGap = gap;
        }
    }
    return best;
}

// Writes `key`: onto the key within kSameTime of its time, which keeps its time (and its curve
// when keepCurve), else inserted in order. Returns the time of the key written.
template <typename K>
double putKey(std::vector<K>& keys, const K& key, bool keepCurve)
{
    if (const auto i = findKey(keys, key.time)) {
        K& existing = keys[*i];
        K written = key;
        written.time = existing.time;
        if constexpr (requires { key.curve; }) {
            if (keepCurve)
                written.curve = existing.curve;
        }
        existing = written;
        return existing.time;
    }
    std::size_t at = firstAtOrAfter(keys, key.time);
    keys.insert(keys.begin() + static_cast<std::ptrdiff_t>(at), key);
    return key.time;
}

// Drops every key not later than the one kept before it (the later of two keys at one time
// goes), so times are strictly increasing again after keys were moved or clamped together.
template <typename K>
void dropRepeatedTimes(std::vector<K>& keys)
{
    std::size_t out = 0;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (out > 0 && keys[i].time <= keys[out - 1].time)
            continue;
        keys[out++] = keys[i];
    }
    keys.resize(out);
}

// The keys a list of refs names, track by track in order of first mention: each key once.
struct Resolved {
    TrackRef track;
    std::vector<std::size_t> indices; // ascending, each once
};
struct Resolution {
    std::vector<Resolved> tracks;
    // Per ref given, in order, the (track, index) it names; refs to missing keys and repeats
    // are left out.
    std::vector<std::pair<std::size_t, std::size_t>> refs;
};

Resolution resolve(const Clip& clip, const std::vector<KeyRef>& keys)
{
    Resolution out;
    std::map<std::tuple<Owner, std::string, Channel>, std::size_t> trackIndex;
    for (const KeyRef& ref : keys) {
        std::optional<std::size_t> index;
        visitTrack(clip, ref.track, [&](const auto& track) { index = findKey(track, ref.time); });
        if (!index)
            continue;
        auto [it, added] = trackIndex.try_emplace(std::tuple{ref.track.owner, ref.track.name, ref.track.channel}, out.tracks.size());
        if (added)
            out.tracks.push_back({ref.track, {}});
        std::vector<std::size_t>& indices = out.tracks[it->second].indices;
        auto at = std::lower_bound(indices.begin(), indices.end(), *index);
        if (at != indices.end() && *at == *index)
            continue; // a repeat
        indices.insert(at, *index);
        out.refs.emplace_back(it->second, *index);
    }
    return out;
}

} // namespace

Owner ownerOf(Channel channel)
{
    switch (channel) {
    case Channel::Angle:
    case Channel::X:
    case Channel::Y:
    case Channel::Rotation: return Owner::Joint;
    case Channel::Target:
    case Channel::Mix: return Owner::Chain;
    case Channel::Visible:
    case Channel::Opacity:
    case Channel::Image: break;
    }
    return Owner::Slot;
}

std::vector<TrackRef> keyedTracks(const Clip& clip)
{
    std::vector<TrackRef> out;
    auto list = [&](Owner owner, const auto& entries) {
        for (const auto& e : entries)
            forEachChannel(e, [&](Channel c, const auto& keys) {
                if (!keys.empty())
                    out.push_back({owner, entryName(e), c});
            });
    };
    list(Owner::Joint, clip.joints);
    list(Owner::Chain, clip.chains);
    list(Owner::Slot, clip.slotTracks);
    return out;
}

std::vector<double> keyTimes(const Clip& clip, const TrackRef& track)
{
    std::vector<double> out;
    visitTrack(clip, track, [&](const auto& keys) {
        for (const auto& k : keys)
            out.push_back(k.time);
    });
    return out;
}

std::vector<KeyRef> keysAt(const Clip& clip, double time)
{
    std::vector<KeyRef> out;
    if (!std::isfinite(time))
        return out;
    for (const TrackRef& track : keyedTracks(clip))
        visitTrack(clip, track, [&](const auto& keys) {
            if (const auto i = findKey(keys, time))
                out.push_back({track, keys[*i].time});
        });
    return out;
}

std::vector<KeyRef> keysIn(const Clip& clip, const std::vector<TrackRef>& tracks, double from, double to)
{
    std::vector<KeyRef> out;
    if (!std::isfinite(from) || !std::isfinite(to))
        return out;
    if (from > to)
        std::swap(from, to);
    std::vector<const TrackRef*> seen;
    for (const TrackRef& track : tracks) {
        if (std::any_of(seen.begin(), seen.end(), [&](const TrackRef* t) { return *t == track; }))
            continue;
        seen.push_back(&track);
        visitTrack(clip, track, [&](const auto& keys) {
            for (std::size_t i = firstAtOrAfter(keys, from - kSameTime); i < keys.size() && keys[i].time <= to + kSameTime; ++i)
                if (keys[i].time >= from - kSameTime) // in a broken clip, out of order
                    out.push_back({track, keys[i].time});
        });
    }
    return out;
}

int keyPose(Clip& clip, const Rig& posed, const std::vector<JointIndex>& joints, double time)
{
    const auto t = keyTime(clip, time);
    if (!t)
        return 0;
    const EmptyEntries before = emptyEntries(clip);
    int written = 0;
    std::vector<unsigned char> done(posed.jointCount(), 0);
    for (JointIndex j : joints) {
        if (!posed.isValidJoint(j) || done[static_cast<std::size_t>(j)])
            continue;
        done[static_cast<std::size_t>(j)] = 1;
        JointTracks& tracks = entryFor(clip.joints, posed.jointName(j));
        auto put = [&](std::vector<Key>& keys, double value, bool fits = true) {
            if (!std::isfinite(value) || !fits)
                return;
            putKey(keys, Key{*t, value, {}}, true);
            ++written;
        };
        if (posed.isRoot(j)) {
            // A root a solver carried beyond reach is not keyed there (checkClip would refuse it).
            put(tracks.x, posed.rootPosition(j).x, rootCoordinate(posed.rootPosition(j).x));
            put(tracks.y, posed.rootPosition(j).y, rootCoordinate(posed.rootPosition(j).y));
            put(tracks.rotation, posed.angle(j));
        } else {
            // A legal pose's angles lie within the limits already; the clamp keeps the key legal
            // whatever `posed` holds (a pose put back unchecked with setPose, say).
            put(tracks.angle, clampInto(posed.angle(j), posed.minAngle(j), posed.maxAngle(j)));
        }
    }
    pruneEmptied(clip, before); // entries appended for joints whose values were not finite
    return written;
}

bool keyChainTarget(Clip& clip, const Rig& rig, const std::string& chain, double time, Vec2 point)
{
    const auto t = keyTime(clip, time);
    // As Rig::setChainTarget takes a point: finite and within reach.
    if (!t || rig.findChain(chain) < 0 || !std::isfinite(point.x) || !std::isfinite(point.y) || !targetWithinReach(point))
        return false;
    putKey(entryFor(clip.chains, chain).target, PointKey{*t, point, {}}, true);
    return true;
}

bool keyChainMix(Clip& clip, const Rig& rig, const std::string& chain, double time, double mix)
{
    const auto t = keyTime(clip, time);
    if (!t || rig.findChain(chain) < 0 || !std::isfinite(mix))
        return false;
    putKey(entryFor(clip.chains, chain).mix, Key{*t, clampInto(mix, 0.0, 1.0), {}}, true);
    return true;
}

bool keySlotVisible(Clip& clip, const Rig& rig, const std::string& slot, double time, bool visible)
{
    const auto t = keyTime(clip, time);
    if (!t || rig.findSlot(slot) < 0)
        return false;
    putKey(entryFor(clip.slotTracks, slot).visible, SwitchKey{*t, visible}, true);
    return true;
}

bool keySlotOpacity(Clip& clip, const Rig& rig, const std::string& slot, double time, double opacity)
{
    const auto t = keyTime(clip, time);
    if (!t || rig.findSlot(slot) < 0 || !std::isfinite(opacity))
        return false;
    putKey(entryFor(clip.slotTracks, slot).opacity, Key{*t, clampInto(opacity, 0.0, 1.0), {}}, true);
    return true;
}

bool keySlotImage(Clip& clip, const Rig& rig, const std::string& slot, double time, const std::string& image)
{
    const auto t = keyTime(clip, time);
    if (!t || rig.findSlot(slot) < 0 || !imagePathProblem(image).empty())
        return false;
    putKey(entryFor(clip.slotTracks, slot).image, ImageKey{*t, image}, true);
    return true;
}

int deleteKeys(Clip& clip, const std::vector<KeyRef>& keys)
{
    // Resolved first, so a ref repeated never takes a second key (one within kSameTime of the
    // first, in a clip loaded with keys that close).
    const Resolution resolution = resolve(clip, keys);
    const EmptyEntries before = emptyEntries(clip);
    int removed = 0;
    for (const Resolved& r : resolution.tracks)
        visitTrack(clip, r.track, [&](auto& track) {
            for (auto i = r.indices.rbegin(); i != r.indices.rend(); ++i)
                track.erase(track.begin() + static_cast<std::ptrdiff_t>(*i));
            removed += static_cast<int>(r.indices.size());
        });
    pruneEmptied(clip, before);
    return removed;
}

MoveResult moveKeys(Clip& clip, const std::vector<KeyRef>& keys, double dt)
{
    const Resolution resolution = resolve(clip, keys);
    MoveResult result;
    // The moved keys' times before the move, per ref.
    std::vector<double> before;
    before.reserve(resolution.refs.size());
    for (const auto& ref : resolution.refs) {
        const std::size_t index = ref.second; // a lambda may not capture a structured binding before clang 16
        visitTrack(clip, resolution.tracks[ref.first].track, [&](const auto& k) { before.push_back(k[index].time); });
    }
    double earliest = 0.0, latest = 0.0;
    if (!before.empty()) {
        earliest = *std::min_element(before.begin(), before.end());
        latest = *std::max_element(before.begin(), before.end());
    }
    // The whole group moves by one shift, so it keeps its spacing; the shift stops where the
    // first key would leave [0, duration].
    double shift = 0.0;
    if (validDuration(clip) && std::isfinite(dt) && !before.empty())
        shift = std::max(-earliest, std::min(clip.duration - latest, dt));
    if (!std::isfinite(shift))
        shift = 0.0;
    result.shift = shift;
    auto moved = [&](double t) { return clampInto(t + shift, 0.0, clip.duration); };
    if (shift != 0.0) {
        for (const Resolved& r : resolution.tracks)
            visitTrack(clip, r.track, [&](auto& track) {
                using K = typename std::decay_t<decltype(track)>::value_type;
                std::vector<K> movedKeys, stayed;
                std::size_t next = 0; // into r.indices
                for (std::size_t i = 0; i < track.size(); ++i) {
                    if (next < r.indices.size() && r.indices[next] == i) {
                        K k = track[i];
                        k.time = moved(k.time);
                        movedKeys.push_back(k);
                        ++next;
                    } else {
                        stayed.push_back(track[i]);
                    }
                }
                // A moved key replaces an unmoved key at its new time.
                std::erase_if(stayed, [&](const K& k) { return findKey(movedKeys, k.time).has_value(); });
                track.clear();
                std::merge(movedKeys.begin(), movedKeys.end(), stayed.begin(), stayed.end(), std::back_inserter(track),
                           [](const K& a, const K& b) { return a.time < b.time; });
                dropRepeatedTimes(track);
            });
    }
    result.moved.reserve(resolution.refs.size());
    for (std::size_t i = 0; i < resolution.refs.size(); ++i)
        result.moved.push_back({resolution.tracks[resolution.refs[i].first].track, shift != 0.0 ? moved(before[i]) : before[i]});
    return result;
}

KeyClipboard copyKeys(const Clip& clip, const std::vector<KeyRef>& keys)
{
    const Resolution resolution = resolve(clip, keys);
    KeyClipboard out;
    out.keys.name = clip.name;
    out.keys.duration = 0.0;
    double earliest = 0.0;
    bool any = false;
    for (const Resolved& r : resolution.tracks)
        visitTrack(clip, r.track, [&](const auto& track) {
            for (std::size_t i : r.indices) {
                earliest = any ? std::min(earliest, track[i].time) : track[i].time;
                any = true;
            }
        });
    for (const Resolved& r : resolution.tracks) {
        withEntries(out.keys, r.track.owner, [&](auto& entries) {
            auto& entry = entryFor(entries, r.track.name);
            forEachChannel(entry, [&](Channel c, auto& copied) {
                if (c != r.track.channel)
                    return;
                visitTrack(clip, r.track, [&](const auto& track) {
                    if constexpr (std::is_same_v<std::decay_t<decltype(track)>, std::decay_t<decltype(copied)>>) {
                        for (std::size_t i : r.indices) {
                            auto k = track[i];
                            k.time -= earliest;
                            copied.push_back(k);
                            out.keys.duration = std::max(out.keys.duration, k.time);
                        }
                    }
                });
            });
        });
    }
    return out;
}

std::vector<KeyRef> pasteKeys(Clip& clip, const Rig& rig, const KeyClipboard& clipboard, double time)
{
    std::vector<KeyRef> out;
    if (!validDuration(clip) || !std::isfinite(time))
        return out;
    const EmptyEntries before = emptyEntries(clip);
    // Pastes one track's keys, each made fit by `fit` (nullopt: left out).
    auto paste = [&](const TrackRef& ref, auto& into, const auto& from, auto fit) {
        const std::size_t first = out.size();
        for (const auto& source : from) {
            const auto t = keyTime(clip, time + source.time);
            if (!t)
                continue;
            auto key = fit(source);
            if (!key)
                continue;
            key->time = *t;
            if constexpr (requires { key->curve; }) {
                if (!isValidCurve(key->curve))
                    key->curve = Curve{};
            }
            const double written = putKey(into, *key, false);
            const KeyRef r{ref, written};
            if (std::find(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), r) == out.end())
                out.push_back(r);
        }
    };
    auto number = [](double lo, double hi) {
        return [=](const Key& k) -> std::optional<Key> {
            if (!std::isfinite(k.value))
                return std::nullopt;
            Key fitted = k;
            fitted.value = clampInto(k.value, lo, hi);
            return fitted;
        };
    };
    const double inf = std::numeric_limits<double>::infinity();
    for (const JointTracks& source : clipboard.keys.joints) {
        const JointIndex j = rig.findJoint(source.joint);
        if (j == kNoJoint)
            continue;
        JointTracks& into = entryFor(clip.joints, source.joint);
        if (rig.isRoot(j)) {
            // Positions are not clamped (that would move the root elsewhere): one beyond reach is
            // left out, as a non-finite one is.
            auto position = [](const Key& k) { return rootCoordinate(k.value) ? std::optional<Key>(k) : std::nullopt; };
            paste({Owner::Joint, source.joint, Channel::X}, into.x, source.x, position);
            paste({Owner::Joint, source.joint, Channel::Y}, into.y, source.y, position);
            paste({Owner::Joint, source.joint, Channel::Rotation}, into.rotation, source.rotation, number(-inf, inf));
        } else {
            paste({Owner::Joint, source.joint, Channel::Angle}, into.angle, source.angle, number(rig.minAngle(j), rig.maxAngle(j)));
        }
    }
    for (const ChainTracks& source : clipboard.keys.chains) {
        if (rig.findChain(source.chain) < 0)
            continue;
        ChainTracks& into = entryFor(clip.chains, source.chain);
        paste({Owner::Chain, source.chain, Channel::Target}, into.target, source.target, [](const PointKey& k) -> std::optional<PointKey> {
            if (!std::isfinite(k.point.x) || !std::isfinite(k.point.y) || !targetWithinReach(k.point))
                return std::nullopt;
            return k;
        });
        paste({Owner::Chain, source.chain, Channel::Mix}, into.mix, source.mix, number(0.0, 1.0));
    }
    for (const SlotTracks& source : clipboard.keys.slotTracks) {
        if (rig.findSlot(source.slot) < 0)
            continue;
        SlotTracks& into = entryFor(clip.slotTracks, source.slot);
        paste({Owner::Slot, source.slot, Channel::Visible}, into.visible, source.visible,
              [](const SwitchKey& k) -> std::optional<SwitchKey> { return k; });
        paste({Owner::Slot, source.slot, Channel::Opacity}, into.opacity, source.opacity, number(0.0, 1.0));
        paste({Owner::Slot, source.slot, Channel::Image}, into.image, source.image, [](const ImageKey& k) -> std::optional<ImageKey> {
            if (!imagePathProblem(k.image).empty())
                return std::nullopt;
            return k;
        });
    }
    pruneEmptied(clip, before); // entries appended for tracks whose keys all fell outside
    return out;
}

int setCurve(Clip& clip, const std::vector<KeyRef>& keys, const Curve& curve)
{
    if (!isValidCurve(curve))
        return 0;
    const Resolution resolution = resolve(clip, keys);
    int changed = 0;
    for (const Resolved& r : resolution.tracks)
        visitTrack(clip, r.track, [&](auto& track) {
            for (std::size_t i : r.indices) {
                if constexpr (requires { track[i].curve; }) {
                    if (track[i].curve != curve) {
                        track[i].curve = curve;
                        ++changed;
                    }
                }
            }
        });
    return changed;
}

std::optional<Curve> curveOf(const Clip& clip, const KeyRef& key)
{
    std::optional<Curve> out;
    visitTrack(clip, key.track, [&](const auto& track) {
        if constexpr (requires { track[0].curve; }) {
            if (const auto i = findKey(track, key.time))
                out = track[*i].curve;
        }
    });
    return out;
}

int setDuration(Clip& clip, double duration)
{
    if (!std::isfinite(duration) || !(duration > 0.0))
        return 0;
    const EmptyEntries before = emptyEntries(clip);
    int removed = 0;
    auto trim = [&](auto& entries) {
        for (auto& e : entries)
            forEachChannel(e, [&](Channel, auto& keys) {
                const std::size_t count = keys.size();
                std::size_t out = 0;
                for (std::size_t i = 0; i < count; ++i) {
                    auto k = keys[i];
                    if (!(k.time <= duration)) {
                        // Within kSameTime after the end, a key is at the end (a duration worked
                        // out from frames may round below a key's time): onto it, unless a key
                        // is there already.
                        if (!(k.time <= duration + kSameTime) || (out > 0 && duration - keys[out - 1].time <= kSameTime))
                            continue;
                        k.time = duration;
                    }
                    keys[out++] = k;
                }
                keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(out), keys.end());
                removed += static_cast<int>(count - out);
            });
    };
    trim(clip.joints);
    trim(clip.chains);
    trim(clip.slotTracks);
    clip.duration = duration;
    pruneEmptied(clip, before);
    return removed;
}

std::string uniqueClipName(const std::vector<Clip>& taken, const std::string& base)
{
    const std::string stem = base.empty() ? std::string("Clip") : base;
    auto isTaken = [&](const std::string& name) {
        return std::any_of(taken.begin(), taken.end(), [&](const Clip& c) { return c.name == name; });
    };
    if (!isTaken(stem))
        return stem;
    for (std::size_t n = 2;; ++n) {
        std::string name = stem + " " + std::to_string(n);
        if (!isTaken(name))
            return name;
    }
}

} // namespace bonework::animation
