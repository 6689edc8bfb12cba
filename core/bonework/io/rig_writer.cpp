// serializeRig: the rig file writer. One stable layout (docs/rig-format.md, "Writing"):
//   - fields in a fixed order: format, version, name, shape, joints (rig order), chains, then
//     slots (draw order) and animations only when the rig has any: a rig without either is
//     version 1, written byte for byte as before; one with either is version 2, and 3 when a
//     clip loops (`loop` is written only when true, so that other clips stay version 2), 4 when a
//     slot's image is mirrored (a negative scale);
//   - in animations, only the channels that have keys, and a key's curve only when it is not
//     linear (the default), so a clip's file stays about as short as its keys;
//   - every field written, defaults included (pinned only when true), so runtime authors never
//     have to know a default;
//   - numbers in the shortest form that reads back to the same double (std::to_chars), so
//     integers print as 400, not 400.0; negative zero is written as 0;
//   - one joint, chain, slot and animation track per line, which keeps diffs of rig files readable.

#include "bonework/io/rig_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>

namespace bonework::io {
namespace {

class JsonWriter {
public:
    explicit JsonWriter(std::size_t expectedBytes) { m_out.reserve(expectedBytes); }

    void raw(const char* text) { m_out.append(text); }

    void string(std::string_view s)
    {
        m_out += '"';
        for (char ch : s) {
            const auto c = static_cast<unsigned char>(ch);
            switch (c) {
            case '"': m_out.append("\\\""); break;
            case '\\': m_out.append("\\\\"); break;
            case '\n': m_out.append("\\n"); break;
            case '\r': m_out.append("\\r"); break;
            case '\t': m_out.append("\\t"); break;
            default:
                if (c < 0x20) {
                    static const char hex[] = "0123456789abcdef";
                    const char esc[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
                    m_out.append(esc, sizeof esc);
                } else {
                    m_out += ch;
                }
            }
        }
        m_out += '"';
    }

    void number(double v)
    {
        if (!std::isfinite(v)) { // never in a valid rig; saveRigFile refuses such rigs
            m_out.append("null");
            return;
        }
        if (v == 0.0)
            v = 0.0; // drops the sign of -0, which JSON readers do not keep anyway
        char buf[32];
        const auto result = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, static_cast<std::size_t>(result.ptr - buf));
    }

    void integer(long long v)
    {
        char buf[24];
        const auto result = std::to_chars(buf, buf + sizeof buf, v);
        m_out.append(buf, static_cast<std::size_t>(result.ptr - buf));
    }

    // `"key": ` preceded by ", " unless it is the first field of its object.
    void key(const char* name, bool first = false)
    {
        if (!first)
            m_out.append(", ");
        m_out += '"';
        m_out.append(name);
        m_out.append("\": ");
    }

    // A key the file names (a joint's, chain's or slot's name), escaped as any string.
    void nameKey(std::string_view name, bool first = false)
    {
        if (!first)
            m_out.append(", ");
        string(name);
        m_out.append(": ");
    }

    std::string take() { return std::move(m_out); }

private:
    std::string m_out;
};

void writeJoint(JsonWriter& w, const Rig& rig, JointIndex j)
{
    w.raw("    {");
    w.key("name", true);
    w.string(rig.jointName(j));
    if (rig.isRoot(j)) {
        const Vec2 p = rig.rootPosition(j);
        w.key("x");
        w.number(p.x);
        w.key("y");
        w.number(p.y);
        w.key("rotation");
        w.number(rig.angle(j));
    } else {
        w.key("parent");
        w.string(rig.jointName(rig.parent(j)));
        w.key("length");
        w.number(rig.length(j));
        w.key("angle");
        w.number(rig.angle(j));
        w.key("min");
        w.number(rig.minAngle(j));
        w.key("max");
        w.number(rig.maxAngle(j));
    }
    if (rig.isPinned(j)) {
        w.key("pinned");
        w.raw("true");
    }
    w.raw("}");
}

void writeChain(JsonWriter& w, const Rig& rig, const Chain& c)
{
    w.raw("    {");
    w.key("name", true);
    w.string(c.name);
    w.key("root");
    w.string(rig.jointName(c.root));
    w.key("tip");
    w.string(rig.jointName(c.tip));
    w.key("solver");
    w.string(solverName(c.solver));
    w.key("bend");
    w.string(bendName(c.bend));
    w.key("iterations");
    w.integer(c.iterations);
    w.key("tolerance");
    w.number(c.tolerance);
    if (c.mix != 1.0) { // written only when set, so files of rigs that never use it stay as they were
        w.key("mix");
        w.number(c.mix);
    }
    w.key("target");
    if (c.target.isAttached()) {
        w.raw("{");
        w.key("joint", true);
        w.string(rig.jointName(c.target.joint));
    } else {
        w.raw("{");
        w.key("x", true);
        w.number(c.target.point.x);
        w.key("y");
        w.number(c.target.point.y);
    }
    w.raw("}}");
}

void writeSlot(JsonWriter& w, const Rig& rig, const Slot& s)
{
    w.raw("    {");
    w.key("name", true);
    w.string(s.name);
    w.key("bone");
    w.string(rig.jointName(s.joint));
    w.key("image");
    w.string(s.image);
    const std::pair<const char*, double> numbers[] = {{"x", s.x},           {"y", s.y},           {"rotation", s.rotation},
                                                      {"scaleX", s.scaleX}, {"scaleY", s.scaleY}, {"pivotX", s.pivotX},
                                                      {"pivotY", s.pivotY}, {"opacity", s.opacity}};
    for (const auto& [key, value] : numbers) {
        w.key(key);
        w.number(value);
    }
    w.key("visible");
    w.raw(s.visible ? "true" : "false");
    w.raw("}");
}

void writeCurve(JsonWriter& w, const animation::Curve& c)
{
    using Kind = animation::Curve::Kind;
    if (c.kind == Kind::Linear)
        return; // the default
    w.key("curve");
    if (c.kind == Kind::Stepped) {
        w.string("stepped");
        return;
    }
    w.raw("[");
    const double numbers[] = {c.x1, c.y1, c.x2, c.y2};
    for (int i = 0; i < 4; ++i) {
        if (i)
            w.raw(", ");
        w.number(numbers[i]);
    }
    w.raw("]");
}

// `"name": [{"time": t, ...}, ...]` for a non-empty channel; `first` as for key().
template <typename K, typename WriteValue>
void writeChannel(JsonWriter& w, const char* name, const std::vector<K>& keys, bool& first, WriteValue writeValue)
{
    if (keys.empty())
        return;
    w.key(name, first);
    first = false;
    w.raw("[");
    for (std::size_t i = 0; i < keys.size(); ++i) {
        w.raw(i ? ", {" : "{");
        w.key("time", true);
        w.number(keys[i].time);
        writeValue(keys[i]);
        w.raw("}");
    }
    w.raw("]");
}

void writeAnimation(JsonWriter& w, const animation::Clip& clip)
{
    using namespace animation;
    auto number = [&](const Key& k) {
        w.key("value");
        w.number(k.value);
        writeCurve(w, k.curve);
    };
    w.raw("    {");
    w.key("name", true);
    w.string(clip.name);
    w.key("duration");
    w.number(clip.duration);
    if (clip.loop) {
        w.key("loop");
        w.raw("true");
    }
    // One track per line: diffs of animated rigs stay readable.
    auto tracks = [&](const char* name, const auto& list, auto writeTracks) {
        if (list.empty())
            return;
        w.key(name);
        w.raw("{\n");
        for (std::size_t i = 0; i < list.size(); ++i) {
            w.raw("      ");
            writeTracks(list[i]);
            w.raw(i + 1 < list.size() ? ",\n" : "\n    ");
        }
        w.raw("}");
    };
    tracks("joints", clip.joints, [&](const JointTracks& t) {
        w.nameKey(t.joint, true);
        w.raw("{");
        bool first = true;
        writeChannel(w, "angle", t.angle, first, number);
        writeChannel(w, "x", t.x, first, number);
        writeChannel(w, "y", t.y, first, number);
        writeChannel(w, "rotation", t.rotation, first, number);
        w.raw("}");
    });
    tracks("chains", clip.chains, [&](const ChainTracks& t) {
        w.nameKey(t.chain, true);
        w.raw("{");
        bool first = true;
        writeChannel(w, "target", t.target, first, [&](const PointKey& k) {
            w.key("x");
            w.number(k.point.x);
            w.key("y");
            w.number(k.point.y);
            writeCurve(w, k.curve);
        });
        writeChannel(w, "mix", t.mix, first, number);
        w.raw("}");
    });
    tracks("slots", clip.slotTracks, [&](const SlotTracks& t) {
        w.nameKey(t.slot, true);
        w.raw("{");
        bool first = true;
        writeChannel(w, "visible", t.visible, first, [&](const SwitchKey& k) {
            w.key("value");
            w.raw(k.value ? "true" : "false");
        });
        writeChannel(w, "opacity", t.opacity, first, number);
        writeChannel(w, "image", t.image, first, [&](const ImageKey& k) {
            w.key("value");
            w.string(k.image);
        });
        w.raw("}");
    });
    w.raw("}");
}

} // namespace

int rigFormatVersionFor(const Rig& rig)
{
    const auto& slots = rig.slotList();
    if (std::any_of(slots.begin(), slots.end(), [](const Slot& s) { return s.scaleX < 0.0 || s.scaleY < 0.0; }))
        return 4;
    const auto& clips = rig.animations();
    if (std::any_of(clips.begin(), clips.end(), [](const animation::Clip& c) { return c.loop; }))
        return 3;
    return rig.slotList().empty() && clips.empty() ? 1 : 2;
}

std::string serializeRig(const Rig& rig, const EditorSettings& editor)
{
    const auto& slotList = rig.slotList();
    JsonWriter w(160 + rig.jointCount() * 120 + rig.chains().size() * 200 + slotList.size() * 240);
    w.raw("{\n  ");
    w.key("format", true);
    w.string(kRigFormatName);
    w.raw(",\n  ");
    w.key("version", true);
    w.integer(rigFormatVersionFor(rig));
    w.raw(",\n  ");
    w.key("name", true);
    w.string(rig.name());
    w.raw(",\n  ");
    w.key("shape", true);
    w.string(nodeShapeName(editor.nodeShape));
    w.raw(",\n  ");
    w.key("joints", true);
    w.raw(rig.jointCount() == 0 ? "[" : "[\n");
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        writeJoint(w, rig, static_cast<JointIndex>(i));
        w.raw(i + 1 < rig.jointCount() ? ",\n" : "\n  ");
    }
    w.raw("],\n  ");
    w.key("chains", true);
    const auto& chains = rig.chains();
    w.raw(chains.empty() ? "[" : "[\n");
    for (std::size_t i = 0; i < chains.size(); ++i) {
        writeChain(w, rig, chains[i]);
        w.raw(i + 1 < chains.size() ? ",\n" : "\n  ");
    }
    w.raw("]");
    // Only rigs with slots are version 2 and have the field: the others stay byte for byte
    // as version 1 wrote them.
    if (!slotList.empty()) {
        w.raw(",\n  ");
        w.key("slots", true);
        w.raw("[\n");
        for (std::size_t i = 0; i < slotList.size(); ++i) {
            writeSlot(w, rig, slotList[i]);
            w.raw(i + 1 < slotList.size() ? ",\n" : "\n  ");
        }
        w.raw("]");
    }
    if (!rig.animations().empty()) {
        w.raw(",\n  ");
        w.key("animations", true);
        w.raw("[\n");
        for (std::size_t i = 0; i < rig.animations().size(); ++i) {
            writeAnimation(w, rig.animations()[i]);
            w.raw(i + 1 < rig.animations().size() ? ",\n" : "\n  ");
        }
        w.raw("]");
    }
    w.raw("\n}\n");
    return w.take();
}

} // namespace bonework::io
