#include "bonework/exporters/clip_plan.h"

#include "bonework/exporters/chain_keeping.h"
#include "bonework/exporters/message_text.h"

#include "bonework/animation/clip_sampler.h"
#include "bonework/animation/key_reduction.h"
#include "bonework/reach_below.h"


#include <algorithm>
#include <cassert>
#include <cmath>
#include <iterator>
#include <numbers>
#include <set>

namespace bonework::exporters {
namespace {

using animation::Curve;
using animation::Key;
using animation::PointKey;

template <typename K>
bool allOnGrid(const std::vector<K>& keys, int fps)
{
    return std::all_of(keys.begin(), keys.end(), [fps](const K& k) { return onFrameGrid(k.time, fps); });
}

// Whether the chain holds at some time of the clip: its setup mix counts until its first key.
bool holdsInClip(const Chain& chain, const animation::ChainTracks* tracks)
{
    if (!tracks || tracks->mix.empty())
        return chain.mix > 0.0;
    if (chain.mix > 0.0 && tracks->mix.front().time > 0.0)
        return true;
    return std::any_of(tracks->mix.begin(), tracks->mix.end(), [](const Key& k) { return k.value > 0.0; });
}

// x and y keyed together: same times and curves, or one of them unkeyed (it holds its setup).
bool translationDirect(const animation::JointTracks& t, Vec2 setup, std::vector<PointKey>& out)
{
    const std::vector<Key>& lead = t.x.empty() ? t.y : t.x;
    if (!t.x.empty() && !t.y.empty()) {
        if (t.x.size() != t.y.size())
            return false;
        for (std::size_t i = 0; i < t.x.size(); ++i)
            if (t.x[i].time != t.y[i].time || !(t.x[i].curve == t.y[i].curve))
                return false;
    }
    for (std::size_t i = 0; i < lead.size(); ++i) {
        const double x = t.x.empty() ? setup.x : t.x[i].value;
        const double y = t.y.empty() ? setup.y : t.y[i].value;
        out.push_back({lead[i].time, {x, y}, lead[i].curve});
    }
    return true;
}

// The most frames a Bezier key of `keys` lasts on the grid (0: none).
int longestCurve(const std::vector<Key>& keys, int fps)
{
    int longest = 0;
    for (std::size_t i = 0; i + 1 < keys.size(); ++i)
        if (keys[i].curve.kind == Curve::Kind::Bezier) {
            int from = 0, to = 0;
            onFrameGrid(keys[i].time, fps, &from);
            onFrameGrid(keys[i + 1].time, fps, &to);
            longest = std::max(longest, to - from);
        }
    return longest;
}

// How far DragonBones' playback of a Bezier key strays, in px (`scale` px per value unit): the
// runtime samples the curve at frameCount + 1 points spread evenly inside the segment, keeps
// them to 1e-4, and interpolates linearly between them.
double sampledCurveError(const std::vector<Key>& keys, int fps, double scale)
{
    double worst = 0.0;
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
        if (keys[i].curve.kind != Curve::Kind::Bezier)
            continue;
        int from = 0, to = 0;
        onFrameGrid(keys[i].time, fps, &from);
        onFrameGrid(keys[i + 1].time, fps, &to);
        const int count = std::max(to - from, 1) + 1;
        const int segments = count + 1;
        double error = 1e-4;
        for (int k = 0; k <= 40 * segments; ++k) {
            const double p = static_cast<double>(k) / (40 * segments);
            const int at = std::min(static_cast<int>(p * segments), segments - 1);
            const double a = at == 0 ? 0.0 : animation::ease(keys[i].curve, static_cast<double>(at) / segments);
            const double b = at == segments - 1 ? 1.0 : animation::ease(keys[i].curve, static_cast<double>(at + 1) / segments);
            error = std::max(error, std::fabs(a + (b - a) * (p * segments - at) - animation::ease(keys[i].curve, p)) + 1e-4);
        }
        worst = std::max(worst, error * std::fabs(keys[i + 1].value - keys[i].value) * scale);
    }
    return worst;
}

// How far Spine's playback of a Bezier key strays, in px (`scale` px per value unit): Spine
// evaluates the curve at ten even steps of its parameter and interpolates linearly in time
// between those points (Animation.java's setBezier / getBezierValue, the 4.2 JSON format).
double spineCurveError(const std::vector<Key>& keys, double scale)
{
    double worst = 0.0;
    for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
        const Curve& c = keys[i].curve;
        if (c.kind != Curve::Kind::Bezier)
            continue;
        const auto bez = [](double a, double b, double s) { return 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s; };
        double error = 0.0;
        for (int k = 0; k < 10; ++k) // each of the ten segments, sampled inside
            for (int m = 1; m < 20; ++m) {
                const double x0 = bez(c.x1, c.x2, k / 10.0), x1 = bez(c.x1, c.x2, (k + 1) / 10.0);
                const double y0 = bez(c.y1, c.y2, k / 10.0), y1 = bez(c.y1, c.y2, (k + 1) / 10.0);
                const double x = x0 + (x1 - x0) * m / 20.0;
                error = std::max(error, std::fabs(y0 + (y1 - y0) * m / 20.0 - animation::ease(c, x)));
            }
        worst = std::max(worst, error * std::fabs(keys[i + 1].value - keys[i].value) * scale);
    }
    return worst;
}

double curveError(const std::vector<Key>& keys, bool frameGrid, int fps, double scale)
{
    return frameGrid ? sampledCurveError(keys, fps, scale) : spineCurveError(keys, scale);
}

// Off the frame grid, samples between frames where the motion jumps (a solver switching
// solutions) or swings far within a frame: an interval is halved while its middle strays more
// than half the tolerance from the straight line between its ends and either the half holding
// the jump strays as much as the whole did (so the jump ends up between two samples a few
// microseconds apart) or the stray is a swing, over kSwing times the tolerance (a limb turning
// over within a frame, which would play 5 px off). A jump strays half its size at every halving;
// a bend strays a quarter as much at each (and an arm leaving full extension, whose angle goes
// as the square root of time, 0.7 as much): small ones are left to the frames, as a runtime that
// plays baked frames leaves them and as Spine's own bake keys every frame. Following every bend
// to the tolerance took keys an eighth of a frame apart all through a fast swing (137 for a 1 s
// clip keyed three times) and hundreds around an arm straightening. At most kRefineBudget
// samples go between two frames, so motion that flips at every sample cannot make it run away.
constexpr int kRefineBudget = 256;
constexpr double kJumpStray = 0.85; // the share of the whole's stray a jump's half keeps
// A key time's sample and the one this long before it (a jump at the key shows there): also the
// shortest interval halved, so a jump is placed to within a few microseconds and no closer (a
// jump at a key time drew 15 keys nanoseconds apart before it, equal in every channel but one).
constexpr double kJustBefore = 1e-6;
constexpr double kSwing = 40.0;     // times the tolerance: 1 px for a 0.1 px bake over 4 channels
// A swing is followed down to a 32nd of a frame: an arm straightening swings as the square root
// of time, ever faster toward the instant, and followed to the end took 19 keys in one frame.
constexpr int kSwingDepth = 5;

template <typename Sample>
std::vector<double> refined(const std::vector<double>& times, double tolerance, Sample&& sample)
{
    std::vector<double> out;
    std::vector<double> a, b;
    int budget = 0;
    const auto strayOf = [](const std::vector<double>& va, const std::vector<double>& vm, const std::vector<double>& vb) {
        double worst = 0.0;
        for (std::size_t k = 0; k < vm.size(); ++k)
            worst = std::max(worst, std::fabs(vm[k] - 0.5 * (va[k] + vb[k])));
        return worst;
    };
    const auto split = [&](auto&& self, double ta, const std::vector<double>& va, double tb, const std::vector<double>& vb,
                           int depth, double wholeStray) -> void {
        if (depth >= 24 || budget <= 0 || tb - ta < 2.0 * kJustBefore)
            return;
        --budget;
        const double tm = 0.5 * (ta + tb);
        std::vector<double> vm;
        sample(tm, vm);
        const double stray = strayOf(va, vm, vb);
        if (stray <= 0.5 * tolerance)
            return;
        const bool swing = stray > 0.5 * kSwing * tolerance && depth < kSwingDepth;
        if (depth > 0 && !swing && stray < kJumpStray * wholeStray)
            return; // the half without the jump, or no jump at all
        if (depth == 0 && !swing) {
            // A frame has no whole to compare with: look one halving further first.
            std::vector<double> q1, q3;
            sample(0.5 * (ta + tm), q1);
            sample(0.5 * (tm + tb), q3);
            if (std::max(strayOf(va, q1, vm), strayOf(vm, q3, vb)) < kJumpStray * stray)
                return;
        }
        self(self, ta, va, tm, vm, depth + 1, stray);
        out.push_back(tm);
        self(self, tm, vm, tb, vb, depth + 1, stray);
    };
    for (std::size_t i = 0; i < times.size(); ++i) {
        sample(times[i], b);
        budget = kRefineBudget;
        if (i > 0)
            split(split, times[i - 1], a, times[i], b, 0, 0.0);
        out.push_back(times[i]);
        std::swap(a, b);
    }
    return out;
}

// The samples kept: every forced one, and what RDP keeps between them within `tolerance`.
void keep(const std::vector<double>& times, const std::vector<double>& values, const std::vector<char>& forced,
          double tolerance, std::vector<char>& kept)
{
    std::size_t from = 0;
    for (std::size_t i = 1; i < times.size(); ++i) {
        if (!forced[i] && i + 1 != times.size())
            continue;
        std::vector<Key> keys;
        animation::reduceTrack(std::span(times).subspan(from, i - from + 1), std::span(values).subspan(from, i - from + 1),
                               tolerance, keys);
        for (std::size_t k = from, n = 0; k <= i && n < keys.size(); ++k)
            if (times[k] == keys[n].time) {
                kept[k] = 1;
                ++n;
            }
        from = i;
    }
    kept.front() = 1;
}

// A point of a curve's Bezier from (0, 0) to (1, 1), x time and y value.
struct CurvePoint {
    double x = 0.0, y = 0.0;
};

// The blossom of the curve's Bezier at (t1, t2, t3): the curve at s is blossom(s, s, s), and the
// part from a to b has the control points blossom(a, a, a), (a, a, b), (a, b, b), (b, b, b).
CurvePoint blossom(const Curve& c, double t1, double t2, double t3)
{
    const CurvePoint p[4] = {{0, 0}, {c.x1, c.y1}, {c.x2, c.y2}, {1, 1}};
    const auto lerp = [](CurvePoint a, CurvePoint b, double t) { return CurvePoint{a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; };
    const CurvePoint q[3] = {lerp(p[0], p[1], t1), lerp(p[1], p[2], t1), lerp(p[2], p[3], t1)};
    return lerp(lerp(q[0], q[1], t2), lerp(q[1], q[2], t2), t3);
}

// The curve's parameter where its time is u (x grows with s: bisection to the last bit).
double parameterAt(const Curve& c, double u)
{
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 64 && hi - lo > 0.0; ++i) {
        const double mid = 0.5 * (lo + hi);
        (blossom(c, mid, mid, mid).x < u ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

// Where the derivative of one coordinate (controls 0, p1, p2, 1) is least: its quadratic's
// vertex (the curve is monotone, so its derivative is 0 there at most), or -1 if it has none.
double flattest(double p1, double p2)
{
    const double a = 3.0 * p1 - 3.0 * p2 + 1.0, b = 2.0 * p2 - 4.0 * p1;
    return a > 0.0 ? -b / (2.0 * a) : -1.0;
}

// The part of a Bezier curve between parameters a < b, as curves of Bonework's kind (handles
// within [0, 1]) and where each ends on the whole curve: the part itself, or (where its handles
// would leave [0, 1]) the part split where its time or value changes slowest, else in halves,
// recursively. Exact: the same curve, in pieces.
struct CurvePiece {
    Curve curve;
    CurvePoint end; // on the whole curve
};

void piecesOf(const Curve& c, double a, double b, int depth, std::vector<CurvePiece>& out)
{
    const CurvePoint p0 = blossom(c, a, a, a), p1 = blossom(c, a, a, b), p2 = blossom(c, a, b, b), p3 = blossom(c, b, b, b);
    const double w = p3.x - p0.x, h = p3.y - p0.y;
    Curve piece = Curve::bezier(1.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0);
    bool fits = w > 0.0 && h > 0.0;
    if (fits) {
        piece = Curve::bezier((p1.x - p0.x) / w, (p1.y - p0.y) / h, (p2.x - p0.x) / w, (p2.y - p0.y) / h);
        fits = isValidCurve(piece);
    }
    if (!fits && depth < 24) {
        // A part across a point where time or value stands (almost) still keeps its handles
        // outside [0, 1] however short: split it there first.
        double at = 0.5 * (a + b);
        const double margin = 1e-9 * (b - a);
        for (double flat : {flattest(c.x1, c.x2), flattest(c.y1, c.y2)})
            if (flat > a + margin && flat < b - margin) {
                at = flat;
                break;
            }
        piecesOf(c, a, at, depth + 1, out);
        piecesOf(c, at, b, depth + 1, out);
        return;
    }
    if (!fits) // a piece too short to matter: its handles nudged into [0, 1]
        piece = Curve::bezier(std::clamp(piece.x1, 0.0, 1.0), std::clamp(piece.y1, 0.0, 1.0), std::clamp(piece.x2, 0.0, 1.0),
                              std::clamp(piece.y2, 0.0, 1.0));
    out.push_back({piece, p3});
}

double& valueOf(Key& k) { return k.value; }
Vec2& valueOf(PointKey& k) { return k.point; }

// The value `fraction` (0 to 1) of the way from a to b: within [a, b] (a key at the cut stays
// within a joint's limits, an opacity within [0, 1]), and finite for any finite a and b.
double between(double a, double b, double fraction)
{
    double v = a + (b - a) * fraction;
    if (!std::isfinite(v))
        v = a * (1.0 - fraction) + b * fraction;
    return std::clamp(v, std::min(a, b), std::max(a, b));
}
Vec2 between(Vec2 a, Vec2 b, double fraction) { return {between(a.x, b.x, fraction), between(a.y, b.y, fraction)}; }

// Keys of one track up to `end`: those after it left out and, where the track went on past
// it, a key at `end` with the value it has there, so the track plays as before up to `end`:
// a linear key's straight line, a stepped key's held value, a Bezier key's curve split there
// (the part before `end`, in pieces whose handles stay within [0, 1]). A track whose first
// key is after `end` is left without keys: before its first key it holds the setup pose.
template <typename K>
void cutAt(std::vector<K>& keys, double end)
{
    const auto after = std::find_if(keys.begin(), keys.end(), [end](const K& k) { return k.time > end; });
    if (after == keys.end())
        return;
    if (after == keys.begin()) {
        keys.clear();
        return;
    }
    K from = *std::prev(after), to = *after;
    keys.erase(after, keys.end());
    if (from.time >= end)
        return;
    const double span = to.time - from.time;
    const auto at = [&](double fraction) { return between(valueOf(from), valueOf(to), fraction); };
    K last = from;
    last.time = end;
    last.curve = Curve{};
    if (from.curve.kind == Curve::Kind::Linear)
        valueOf(last) = at((end - from.time) / span);
    else if (from.curve.kind == Curve::Kind::Bezier) {
        std::vector<CurvePiece> pieces;
        piecesOf(from.curve, 0.0, parameterAt(from.curve, (end - from.time) / span), 0, pieces);
        keys.back().curve = pieces.front().curve;
        for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
            K k = from;
            k.time = from.time + pieces[i].end.x * span;
            valueOf(k) = at(pieces[i].end.y);
            k.curve = pieces[i + 1].curve;
            if (k.time > keys.back().time && k.time < end) // keys stay in time order (pieces are never that short)
                keys.push_back(k);
        }
        valueOf(last) = at(pieces.back().end.y);
    } // stepped: the value held
    keys.push_back(last);
}

template <typename K>
void dropAfter(std::vector<K>& keys, double end)
{
    keys.erase(std::find_if(keys.begin(), keys.end(), [end](const K& k) { return k.time > end; }), keys.end());
}

// `clip` up to `end` (before its duration): the keys after `end` left out, a key at `end`
// where a track went on past it (cutAt). Visibility and image keys hold until the next: the
// ones after `end` are simply left out.
animation::Clip cutShort(const animation::Clip& clip, double end)
{
    animation::Clip out = clip;
    out.duration = end;
    for (animation::JointTracks& t : out.joints) {
        cutAt(t.angle, end);
        cutAt(t.x, end);
        cutAt(t.y, end);
        cutAt(t.rotation, end);
    }
    for (animation::ChainTracks& t : out.chains) {
        cutAt(t.target, end);
        cutAt(t.mix, end);
    }
    for (animation::SlotTracks& t : out.slotTracks) {
        dropAfter(t.visible, end);
        cutAt(t.opacity, end);
        dropAfter(t.image, end);
    }
    return out;
}

// `keys` up to frame `end` of an `fps` grid (a key's frame: its time's nearest): those after it
// left out and, where the track went on past it, a key at `end` with the value it has there,
// as the runtime plays it: a linear key's line ends there, a stepped key's value is held, and
// a Bezier key becomes linear keys at every frame up to `end` (the runtime itself plays a
// curve as points about a frame apart, joined by straight lines).
template <typename K>
void cutOnGrid(std::vector<K>& keys, int end, int fps)
{
    const auto frameOf = [fps](double t) {
        int f = 0;
        onFrameGrid(t, fps, &f);
        return f;
    };
    const auto after = std::find_if(keys.begin(), keys.end(), [&](const K& k) { return frameOf(k.time) > end; });
    if (after == keys.end())
        return;
    if (after == keys.begin()) {
        keys.clear();
        return;
    }
    K from = *std::prev(after), to = *after;
    keys.erase(after, keys.end());
    const int f0 = frameOf(from.time), f1 = frameOf(to.time);
    if (f0 >= end)
        return;
    const auto at = [&](int f) {
        const double fraction = animation::ease(from.curve, static_cast<double>(f - f0) / (f1 - f0));
        return between(valueOf(from), valueOf(to), fraction);
    };
    if (from.curve.kind == Curve::Kind::Bezier)
        keys.back().curve = Curve{};
    for (int f = from.curve.kind == Curve::Kind::Bezier ? f0 + 1 : end; f <= end; ++f) {
        K k = from;
        k.time = static_cast<double>(f) / fps;
        valueOf(k) = from.curve.kind == Curve::Kind::Stepped ? valueOf(from) : at(f);
        k.curve = Curve{};
        keys.push_back(k);
    }
}

} // namespace

bool onFrameGrid(double t, int fps, int* frame)
{
    const double f = t * fps;
    const double nearest = std::round(f);
    if (frame)
        *frame = static_cast<int>(nearest);
    return std::fabs(f - nearest) < 1e-6;
}

void splitLongCurves(std::vector<Key>& keys, double longest)
{
    std::vector<Key> out;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        out.push_back(keys[i]);
        if (i + 1 == keys.size() || keys[i].curve.kind != Curve::Kind::Bezier || keys[i + 1].time - keys[i].time <= longest)
            continue;
        const Key& from = keys[i];
        const Key& to = keys[i + 1];
        const Curve c = from.curve;
        std::vector<CurvePiece> pieces;
        const double middle = parameterAt(c, 0.5);
        piecesOf(c, 0.0, middle, 0, pieces);
        piecesOf(c, middle, 1.0, 0, pieces);
        out.back().curve = pieces.front().curve;
        for (std::size_t p = 0; p + 1 < pieces.size(); ++p)
            if (const double t = from.time + pieces[p].end.x * (to.time - from.time); t > out.back().time && t < to.time)
                out.push_back({t, between(from.value, to.value, pieces[p].end.y), pieces[p + 1].curve});
    }
    keys = std::move(out);
}

ClipPlan cutPlan(const ClipPlan& plan, int frames, int fps)
{
    ClipPlan out = plan;
    const double end = static_cast<double>(frames) / fps;
    animation::Clip clip = cutShort(*plan.clip, end);
    clip.slotTracks = plan.clip->slotTracks; // as the DragonBones writer moves them: to their frames
    for (animation::SlotTracks& t : clip.slotTracks) {
        const auto frameAfter = [&](double time) {
            int f = 0;
            onFrameGrid(time, fps, &f);
            return f > frames;
        };
        std::erase_if(t.visible, [&](const animation::SwitchKey& k) { return frameAfter(k.time); });
        std::erase_if(t.image, [&](const animation::ImageKey& k) { return frameAfter(k.time); });
        cutOnGrid(t.opacity, frames, fps);
    }
    out.cut = std::make_shared<const animation::Clip>(std::move(clip));
    out.clip = out.cut.get();
    out.frames = frames;
    for (JointChannels& ch : out.joints) {
        cutOnGrid(ch.rotation, frames, fps);
        cutOnGrid(ch.translation, frames, fps);
    }
    std::erase_if(out.joints, [](const JointChannels& ch) { return ch.rotation.empty() && ch.translation.empty(); });
    for (KeptChain& k : out.kept)
        cutOnGrid(k.target, frames, fps);
    return out;
}

std::vector<IkKey> ikKeys(const Rig& rig, const ClipPlan& plan, const ExportedSkeleton& skeleton)
{
    std::vector<IkKey> out;
    const auto add = [&](int chain, double mix) {
        if (const ExportedIk* ik = findIk(skeleton, rig.chains()[static_cast<std::size_t>(chain)].name))
            out.push_back({ik, mix});
    };
    for (int c : plan.switchedOff)
        add(c, 0.0);
    for (const KeptChain& k : plan.kept)
        if (k.switchOn) // off in the setup pose, on in this clip
            add(k.chain, 1.0);
    return out;
}

// How far (in bake tolerances) a kept chain's eased target may stray within a frame from the
// straight line Spine plays between its keys before the export adds keys between frames.
constexpr double kKeptTargetBend = 4.0;


ClipPlan planClip(const Rig& rig, const animation::Clip& whole, const AnimationOptions& options, bool frameGrid,
                  ExportReport& report)
{
    ClipPlan plan;
    plan.clip = &whole;
    const std::string inClip = "animation " + inQuotes(whole.name) + ": ";
    const int fps = options.fps;
    // DragonBones' runtime reads frame positions up to 32,767; any export holds 1,048,576 frames.
    const int mostFrames = frameGrid ? std::min(kMostDragonBonesFrames, kMostExportFrames) : kMostExportFrames;
    if (const double frames = std::ceil(whole.duration * fps - 1e-6); !(frames <= mostFrames)) {
        const double end = static_cast<double>(mostFrames) / fps;
        plan.cut = std::make_shared<const animation::Clip>(cutShort(whole, end));
        plan.clip = plan.cut.get();
        const std::string holds = frameGrid ? " frames the DragonBones runtime reads at " + std::to_string(fps)
                                                  + " fps (it keeps a keyframe's position as a 16-bit number)"
                                            : " frames an export holds at " + std::to_string(fps) + " fps";
        report.add("clips cut short", whole.name,
                   inClip + numberText(whole.duration) + " s long, more than the " + countText(mostFrames) + holds + ": cut at "
                       + numberText(end) + " s, the keys after it left out");
        report.decide(inClip + "cut at " + numberText(end) + " s (frame " + countText(mostFrames) + " at " + std::to_string(fps)
                      + " fps): a track that goes on past the cut gets a key there with its value at the cut, so the clip plays as "
                        "in Bonework up to it");
    }
    const animation::Clip& clip = *plan.clip;
    plan.frames = std::max(1, static_cast<int>(std::ceil(clip.duration * fps - 1e-6)));
    const std::string framesText = std::to_string(plan.frames) + (plan.frames == 1 ? " frame" : " frames");
    if (frameGrid && !onFrameGrid(clip.duration, fps)) {
        report.decide(inClip + "duration " + numberText(clip.duration) + " s rounded up to " + framesText + " at "
                      + std::to_string(fps) + " fps");
        // The runtime's loop lasts the whole frames: every turn runs that much longer, so a game
        // drifts from Bonework further with each loop.
        if (clip.loop) {
            const double period = static_cast<double>(plan.frames) / fps;
            report.add("loop lengths", whole.name,
                       inClip + "loops every " + framesText + " (" + numberText(period) + " s) at "
                           + std::to_string(fps) + " fps, not every " + numberText(clip.duration) + " s: each turn runs "
                           + numberText((period - clip.duration) * 1000.0) + " ms longer; a length of whole frames ("
                           + (plan.frames > 1 ? numberText(static_cast<double>(plan.frames - 1) / fps) + " or " : std::string())
                           + numberText(period) + " s) loops alike");
        }
    }

    // Joints that holding chains can turn; the chains are switched off in the clip, unless
    // the runtime's own IK carries one exactly (chain_keeping.h).
    const std::size_t n = rig.jointCount();
    std::vector<char> chainTurned(n, 0);
    std::vector<int> holding;
    for (std::size_t c = 0; c < rig.chains().size(); ++c) {
        const Chain& chain = rig.chains()[c];
        const auto tracks = std::find_if(clip.chains.begin(), clip.chains.end(),
                                         [&](const animation::ChainTracks& t) { return t.chain == chain.name; });
        if (chain.tip != chain.root && holdsInClip(chain, tracks == clip.chains.end() ? nullptr : &*tracks))
            holding.push_back(static_cast<int>(c));
    }
    for (std::size_t c = 0; c < rig.chains().size(); ++c) {
        const Chain& chain = rig.chains()[c];
        const auto tracks = std::find_if(clip.chains.begin(), clip.chains.end(),
                                         [&](const animation::ChainTracks& t) { return t.chain == chain.name; });
        if (chain.tip == chain.root)
            continue;
        if (!holdsInClip(chain, tracks == clip.chains.end() ? nullptr : &*tracks)) {
            // Its mix is keyed to 0 from the start: the runtime's IK must not solve it either.
            if (chain.mix > 0.0) {
                plan.switchedOff.push_back(static_cast<int>(c));
                report.decide(inClip + "chain " + inQuotes(chain.name)
                              + " does not hold (its mix is keyed to 0), so it is switched off");
            }
            continue;
        }
        double gain = 1.0;
        const std::string why = whyNotKept(rig, clip, static_cast<int>(c), holding, fps, frameGrid, &gain);
        if (why.empty()) {
            const std::vector<PointKey> none;
            // A target riding on a joint follows it in the runtime: its keys play no part.
            const std::vector<PointKey>& target = tracks == clip.chains.end() || chain.target.isAttached() ? none : tracks->target;
            const bool curved = std::any_of(target.begin(), target.end(),
                                            [](const PointKey& k) { return k.curve.kind == animation::Curve::Kind::Bezier; });
            // Spine keys any time: an eased target gets keys between frames where it bends more
            // than kKeptTargetBend tolerances off a straight line within a frame (a steep ease;
            // gentle ones stay a key a frame, as the bake's keys do).
            const double between = frameGrid ? 0.0 : kKeptTargetBend * options.bakeTolerance;
            plan.kept.push_back({static_cast<int>(c), keptTargetKeys(target, fps, between), gain, chain.mix != 1.0});
            const std::string how = chain.target.isAttached() ? ", its target riding on " + inQuotes(rig.jointName(chain.target.joint))
                                    : target.empty()             ? std::string()
                                    : curved ? ", its target keyed (its Bezier keys as a key every frame)"
                                             : ", its target keyed";
            report.decide(inClip + "chain " + inQuotes(chain.name) + " kept as the runtime's IK ("
                          + (rig.parent(chain.tip) == chain.root ? "one bone, clear of its limits throughout)" : "two bones, clear of their limits throughout)")
                          + how);
            continue;
        }
        plan.switchedOff.push_back(static_cast<int>(c));
        std::string joints; // root side first
        for (JointIndex j = chain.tip; j != chain.root && j != kNoJoint; j = rig.parent(j)) {
            chainTurned[static_cast<std::size_t>(j)] = 1;
            joints = joints.empty() ? rig.jointName(j) : rig.jointName(j) + ", " + joints;
        }
        report.decide(inClip + "chain " + inQuotes(chain.name) + " holds, so its joints (" + joints
                      + ") are baked and the chain is switched off (not kept as IK: " + why + ")");
    }

    // The tolerance's share: one per keyed or baked channel on the deepest path (x and y count
    // two), each moving its joints' descendants by at most its error times their reach.
    std::vector<int> sources(n, 0);
    const std::vector<double> below = reachBelow(rig);
    int most = 0;
    std::vector<const animation::JointTracks*> tracksOf(n, nullptr);
    for (const animation::JointTracks& t : clip.joints)
        if (const JointIndex j = rig.findJoint(t.joint); j != kNoJoint)
            tracksOf[static_cast<std::size_t>(j)] = &t;
    for (std::size_t j = 0; j < n; ++j) {
        const JointIndex p = rig.parent(static_cast<JointIndex>(j));
        const animation::JointTracks* t = tracksOf[j];
        const bool turns = chainTurned[j] || (t && (!t->angle.empty() || !t->rotation.empty()));
        const bool moves = t && (!t->x.empty() || !t->y.empty());
        sources[j] = (p == kNoJoint ? 0 : sources[static_cast<std::size_t>(p)]) + turns + 2 * moves;
        most = std::max(most, sources[j]);
    }
    const double share = options.bakeTolerance / std::max(most, 1);
    // A kept chain's IK magnifies an error in where its root is (chain_keeping.h): the channels
    // of the root and of the joints above it count their errors that much larger.
    std::vector<double> gain(n, 1.0);
    for (const KeptChain& k : plan.kept)
        for (JointIndex j = rig.chains()[static_cast<std::size_t>(k.chain)].root; j != kNoJoint; j = rig.parent(j))
            gain[static_cast<std::size_t>(j)] = std::max(gain[static_cast<std::size_t>(j)], k.gain);
    // How far a joint's turn swings what it carries: its own bone and the longest way down.
    const auto reachOf = [&](std::size_t j) {
        return rig.isRoot(static_cast<JointIndex>(j)) ? below[j] : below[j] + rig.length(static_cast<JointIndex>(j));
    };

    // Which channels keep their keys and which are baked.
    std::vector<JointChannels> byJoint(n);
    std::vector<char> keyed(n, 0);
    for (std::size_t j = 0; j < n; ++j) {
        byJoint[j].joint = static_cast<JointIndex>(j);
        if (chainTurned[j])
            byJoint[j].rotationBaked = true, keyed[j] = 1;
    }
    for (const animation::JointTracks& t : clip.joints) {
        const JointIndex j = rig.findJoint(t.joint);
        if (j == kNoJoint)
            continue;
        JointChannels& ch = byJoint[static_cast<std::size_t>(j)];
        const std::string& jointName = t.joint;
        const std::vector<Key>& turn = rig.isRoot(j) ? t.rotation : t.angle;
        if (!turn.empty()) {
            keyed[j] = 1;
            if (!ch.rotationBaked && frameGrid && !allOnGrid(turn, fps)) {
                ch.rotationBaked = true;
                report.decide(inClip + "rotation of " + inQuotes(jointName) + " baked (keys off the " + std::to_string(fps)
                              + " fps frame grid)");
            }
            if (!ch.rotationBaked && frameGrid && longestCurve(turn, fps) > kMostDragonBonesCurveFrames) {
                ch.rotationBaked = true;
                report.decide(inClip + "rotation of " + inQuotes(jointName) + " baked (a Bezier key longer than "
                              + countText(kMostDragonBonesCurveFrames) + " frames, more curve samples than the runtime counts)");
            }
            const double pxPerDegree = reachOf(static_cast<std::size_t>(j)) * gain[static_cast<std::size_t>(j)] * std::numbers::pi / 180.0;
            if (!ch.rotationBaked && curveError(turn, frameGrid, fps, pxPerDegree) > share) {
                ch.rotationBaked = true;
                report.decide(inClip + "rotation of " + inQuotes(jointName)
                              + " baked (a Bezier curve the runtime's sampling of it would miss by more than " + numberText(share) + " px)");
            }
            if (!ch.rotationBaked)
                ch.rotation = turn;
        }
        if (!t.x.empty() || !t.y.empty()) {
            keyed[j] = 1;
            if (!translationDirect(t, rig.rootPosition(j), ch.translation)) {
                ch.translationBaked = true;
                ch.translation.clear();
                report.decide(inClip + "x and y of " + inQuotes(jointName) + " baked (keyed at different times or with different curves)");
            } else if (curveError(t.x, frameGrid, fps, gain[j]) > share || curveError(t.y, frameGrid, fps, gain[j]) > share) {
                ch.translationBaked = true;
                ch.translation.clear();
                report.decide(inClip + "x and y of " + inQuotes(jointName)
                              + " baked (a Bezier curve the runtime's sampling of it would miss by more than " + numberText(share) + " px)");
            } else if (frameGrid && !allOnGrid(ch.translation, fps)) {
                ch.translationBaked = true;
                ch.translation.clear();
                report.decide(inClip + "x and y of " + inQuotes(jointName) + " baked (keys off the " + std::to_string(fps)
                              + " fps frame grid)");
            } else if (frameGrid && std::max(longestCurve(t.x, fps), longestCurve(t.y, fps)) > kMostDragonBonesCurveFrames) {
                ch.translationBaked = true;
                ch.translation.clear();
                report.decide(inClip + "x and y of " + inQuotes(jointName) + " baked (a Bezier key longer than "
                              + countText(kMostDragonBonesCurveFrames) + " frames, more curve samples than the runtime counts)");
            }
        }
    }

    const bool anyBaked = std::any_of(byJoint.begin(), byJoint.end(), [](const JointChannels& c) { return c.rotationBaked || c.translationBaked; });
    if (anyBaked) {
        // Samples: every frame, and off the grid every key time of the clip too.
        std::set<double> keyTimes;
        for (const auto& t : clip.joints)
            for (const auto* keys : {&t.angle, &t.x, &t.y, &t.rotation})
                for (const Key& k : *keys)
                    keyTimes.insert(k.time);
        for (const auto& t : clip.chains) {
            for (const auto& k : t.target)
                keyTimes.insert(k.time);
            for (const Key& k : t.mix)
                keyTimes.insert(k.time);
        }
        // A key can jump (a stepped curve, a chain switched on): off the grid a sample just
        // before each key time carries the jump; on it the frame before is held (stepped).
        std::set<double> sampleSet;
        for (int f = 0; f <= plan.frames; ++f) {
            // A key on this frame gives its own time: 77 / 60 and a key at 1.2833333333333334 s
            // made two keys 2e-16 s apart. On the grid the last frame of a clip that is not whole
            // frames long lies past its end: sampled there (the sampler holds the end pose), its
            // key lands on that frame and the reduction sees the motion as the runtime plays it
            // (the end at 1.016 s on frame 30 replaced that frame's own sample).
            const double t = frameGrid ? static_cast<double>(f) / fps : std::min(static_cast<double>(f) / fps, clip.duration);
            const auto key = keyTimes.lower_bound(t - 1e-9);
            if (frameGrid || key == keyTimes.end() || *key > t + 1e-9)
                sampleSet.insert(t);
        }
        if (!frameGrid)
            for (double k : keyTimes) {
                sampleSet.insert(k);
                if (k > kJustBefore)
                    sampleSet.insert(k - kJustBefore);
            }
        std::vector<double> times(sampleSet.begin(), sampleSet.end());
        animation::ClipSampler sampler;
        // The rig's own clip (or its cut, which keeps only keys within the clip) always fits the
        // rig: Rig::addAnimation checked it against the rig's joints, chains and slots.
        [[maybe_unused]] const std::string bindError = sampler.bind(rig, clip);
        assert(bindError.empty() && "a rig's own clip binds to it");
        Rig pose = rig;
        if (!frameGrid)
            times = refined(times, share, [&](double t, std::vector<double>& px) {
                sampler.sample(t, pose);
                px.clear();
                for (std::size_t j = 0; j < n; ++j) {
                    const auto joint = static_cast<JointIndex>(j);
                    // Without the kept chains' gain: refining follows the baked joints' own
                    // jumps and swings (the gain only holds the frames closer).
                    if (byJoint[j].rotationBaked)
                        px.push_back(pose.angle(joint) * reachOf(j) * std::numbers::pi / 180.0);
                    if (byJoint[j].translationBaked) {
                        px.push_back(pose.rootPosition(joint).x);
                        px.push_back(pose.rootPosition(joint).y);
                    }
                }
            });
        std::vector<char> forced(times.size(), 0);
        for (std::size_t i = 0; i < times.size(); ++i)
            forced[i] = std::any_of(keyTimes.begin(), keyTimes.end(), [&](double k) { return std::fabs(k - times[i]) < 1e-9; });

        // Per joint: the angle, x and y at every sample, and (on the grid) just before it.
        std::vector<std::vector<double>> angles(n), xs(n), ys(n), anglesBefore(n), xsBefore(n), ysBefore(n);
        const auto record = [&](double t, std::vector<std::vector<double>>& a, std::vector<std::vector<double>>& x,
                                std::vector<std::vector<double>>& y) {
            sampler.sample(t, pose);
            for (std::size_t j = 0; j < n; ++j) {
                if (byJoint[j].rotationBaked)
                    a[j].push_back(pose.angle(static_cast<JointIndex>(j)));
                if (byJoint[j].translationBaked) {
                    x[j].push_back(pose.rootPosition(static_cast<JointIndex>(j)).x);
                    y[j].push_back(pose.rootPosition(static_cast<JointIndex>(j)).y);
                }
            }
        };
        for (double t : times) {
            record(t, angles, xs, ys);
            if (frameGrid)
                record(std::max(0.0, t - kJustBefore), anglesBefore, xsBefore, ysBefore);
        }
        // On the grid, a key between two frames: the frame before it (`offGridFrame`), and each
        // channel just before the key and at it, to hold that frame where the channel jumps there
        // (the runtime tweened the jump across the frame: a stepped turn of 90 degrees showed 42
        // at the key's time).
        std::vector<std::size_t> offGridFrame;
        std::vector<std::vector<double>> offAngles(n), offXs(n), offYs(n), offAnglesBefore(n), offXsBefore(n), offYsBefore(n);
        if (frameGrid)
            for (double k : keyTimes) {
                const auto next = std::upper_bound(times.begin(), times.end(), k);
                if (next == times.begin() || next == times.end() || k - *(next - 1) < 1e-9 || *next - k < 1e-9)
                    continue; // on a frame (the forced samples), or outside the frames
                offGridFrame.push_back(static_cast<std::size_t>(next - times.begin()) - 1);
                record(k, offAngles, offXs, offYs);
                record(k - kJustBefore, offAnglesBefore, offXsBefore, offYsBefore);
            }
        // Samples are a frame apart or closer: a baked angle turns the short way between two,
        // so where a solved angle wraps (179 degrees, then -179) the later sample takes the
        // nearest equivalent (181). Otherwise DragonBones' 179-degree rule, meant for keyed
        // turns, would turn the joint a full turn back within a frame, and Spine would turn it
        // within the nanoseconds between two samples. Just before a sample, the nearest to it.
        const auto nearest = [](double angle, double to) { return angle + 360.0 * std::round((to - angle) / 360.0); };
        for (std::size_t j = 0; j < n; ++j) {
            std::vector<double>& a = angles[j];
            for (std::size_t i = 1; i < a.size(); ++i)
                a[i] = nearest(a[i], a[i - 1]);
            for (std::size_t i = 0; i < anglesBefore[j].size(); ++i)
                anglesBefore[j][i] = nearest(anglesBefore[j][i], a[i]);
            for (std::size_t m = 0; m < offAnglesBefore[j].size(); ++m)
                offAnglesBefore[j][m] = nearest(offAnglesBefore[j][m], offAngles[j][m]);
        }
        // Where a channel jumps at a forced sample, the sample before is kept and held; where it
        // jumps at a key between two frames, the frame before the key is held and the one after
        // kept, so the runtime shows the jump at the next frame instead of tweening across it.
        const auto jumps = [&](const std::vector<double>& v, const std::vector<double>& before, const std::vector<double>& offAt,
                               const std::vector<double>& offBefore, double tolerance, std::vector<char>& forcedHere,
                               std::vector<char>& held) {
            forcedHere = forced;
            held.assign(times.size(), 0);
            if (!frameGrid)
                return;
            for (std::size_t i = 1; i < times.size(); ++i)
                if (forced[i] && std::fabs(before[i] - v[i]) > tolerance)
                    forcedHere[i - 1] = held[i - 1] = 1;
            for (std::size_t m = 0; m < offAt.size(); ++m)
                if (std::fabs(offBefore[m] - offAt[m]) > tolerance) {
                    const std::size_t i = offGridFrame[m];
                    forcedHere[i] = held[i] = 1;
                    forcedHere[i + 1] = 1;
                }
        };
        const auto curveOf = [](bool held) { return held ? Curve{Curve::Kind::Stepped} : Curve{}; };
        for (std::size_t j = 0; j < n; ++j) {
            JointChannels& ch = byJoint[j];
            std::vector<char> forcedHere, held, heldY;
            if (ch.rotationBaked) {
                const double reach = reachOf(j) * gain[j];
                const double degrees = reach > 1e-9 ? share / reach * 180.0 / std::numbers::pi : 1e-3;
                jumps(angles[j], anglesBefore[j], offAngles[j], offAnglesBefore[j], degrees, forcedHere, held);
                std::vector<char> kept(times.size(), 0);
                keep(times, angles[j], forcedHere, degrees, kept);
                for (std::size_t i = 0; i < times.size(); ++i)
                    if (kept[i])
                        ch.rotation.push_back({times[i], angles[j][i], curveOf(held[i])});
            }
            if (ch.translationBaked) {
                const double px = share / gain[j];
                std::vector<char> kept(times.size(), 0), forcedY;
                jumps(xs[j], xsBefore[j], offXs[j], offXsBefore[j], px, forcedHere, held);
                jumps(ys[j], ysBefore[j], offYs[j], offYsBefore[j], px, forcedY, heldY);
                for (std::size_t i = 0; i < times.size(); ++i) {
                    forcedHere[i] = forcedHere[i] || forcedY[i];
                    held[i] = held[i] || heldY[i];
                }
                keep(times, xs[j], forcedHere, px, kept);
                keep(times, ys[j], forcedHere, px, kept);
                for (std::size_t i = 0; i < times.size(); ++i)
                    if (kept[i])
                        ch.translation.push_back({times[i], {xs[j][i], ys[j][i]}, curveOf(held[i])});
            }
        }
    }
    for (std::size_t j = 0; j < n; ++j)
        if (keyed[j])
            plan.joints.push_back(std::move(byJoint[j]));
    return plan;
}

} // namespace bonework::exporters
