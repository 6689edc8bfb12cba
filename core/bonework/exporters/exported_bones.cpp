#include "bonework/exporters/exported_bones.h"

#include "bonework/forward_kinematics.h"
#include "bonework/exporters/message_text.h"

#include <set>

#include <algorithm>

namespace bonework::exporters {
namespace {

std::string uniqueName(const std::string& wanted, std::set<std::string>& taken)
{
    std::string name = wanted;
    for (int n = 2; taken.count(name); ++n)
        name = wanted + '_' + std::to_string(n);
    taken.insert(name);
    return name;
}

} // namespace

std::string topBoneName(const Rig& rig)
{
    std::string name = "root";
    for (int n = 2; rig.findJoint(name) != kNoJoint; ++n)
        name = "root_" + std::to_string(n);
    return name;
}

ExportedSkeleton exportedSkeleton(const Rig& rig, ExportReport& report)
{
    ExportedSkeleton out;
    out.name = rig.name();
    std::set<std::string> taken;
    for (std::size_t i = 0; i < rig.jointCount(); ++i)
        taken.insert(rig.jointName(static_cast<JointIndex>(i)));
    const std::string top = topBoneName(rig);
    taken.insert(top);
    out.bones.push_back({top, {}, 0, 0, 0, 0});

    const auto world = forwardKinematics(rig);
    bool first = true;
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        ExportedBone b;
        b.name = rig.jointName(j);
        if (rig.isRoot(j)) {
            b.parent = top;
            b.x = rig.rootPosition(j).x;
            b.y = rig.rootPosition(j).y;
            b.rotation = rig.angle(j);
        } else {
            const JointIndex p = rig.parent(j);
            b.parent = rig.jointName(p);
            b.length = rig.length(j);
            b.x = rig.isRoot(p) ? 0.0 : rig.length(p); // starts where the parent bone ends
            b.rotation = rig.angle(j);
            const bool limited = rig.minAngle(j) > -180.0 || rig.maxAngle(j) < 180.0;
            if (limited) {
                const std::string range = "[" + numberText(rig.minAngle(j)) + ", " + numberText(rig.maxAngle(j)) + "]";
                report.add("angle limits", b.name + ' ' + range, "angle limits " + range + " of " + inQuotes(b.name));
            }
        }
        if (rig.isPinned(j))
            report.add("pins", b.name, "pin on " + inQuotes(b.name));
        out.bones.push_back(b);
        const Vec2 p = world[i].position;
        if (first) {
            out.minX = out.maxX = p.x;
            out.minY = out.maxY = p.y;
            first = false;
        }
        out.minX = std::min(out.minX, p.x);
        out.maxX = std::max(out.maxX, p.x);
        out.minY = std::min(out.minY, p.y);
        out.maxY = std::max(out.maxY, p.y);
    }

    // A game places a skeleton by its origin; one far off the rig (a character drawn at (600,
    // 430) on the canvas) lands the character that far off wherever the game puts it.
    if (!first && (out.minX > 0.0 || out.maxX < 0.0 || out.minY > 0.0 || out.maxY < 0.0))
        report.decide("the skeleton's origin is the rig's (0, 0), outside the skeleton (x " + numberText(out.minX) + " to "
                      + numberText(out.maxX) + ", y " + numberText(out.minY) + " to " + numberText(out.maxY)
                      + "): a game places the skeleton by its origin, so move the origin onto the rig first (in the editor: Rig > "
                        "Move Origin to Selected Joint)");

    for (const Chain& c : rig.chains()) {
        const std::string& chainName = c.name;
        int bones = 0;
        for (JointIndex j = c.tip; j != c.root && j != kNoJoint; j = rig.parent(j))
            ++bones;
        if (bones < 1 || bones > 2) {
            report.add("chains longer than two bones, exported without IK", chainName,
                       "chain " + inQuotes(chainName) + " (" + std::to_string(bones)
                           + " bones: the runtime's IK takes one or two; its bones are exported without IK)");
            continue;
        }
        if (c.solver != SolverKind::TwoBone && bones == 2)
            report.add("solvers exported as the runtime's two-bone IK", chainName,
                       "solver " + inQuotes(solverName(c.solver)) + " of chain " + inQuotes(chainName)
                           + " (exported as the runtime's two-bone IK)");
        ExportedIk ik;
        ik.name = chainName;
        if (bones == 2)
            ik.bones.push_back(rig.jointName(rig.parent(c.tip)));
        ik.bones.push_back(rig.jointName(c.tip));
        ik.bendPositive = c.bend == BendDirection::Positive;
        ik.mix = c.mix;
        ExportedBone target;
        target.name = uniqueName(chainName + "_target", taken);
        if (c.target.isAttached()) {
            // A target riding on a joint is a child of the joint's bone, at its end (where the
            // joint is): it follows the joint in the runtime too, so a game that turns a rifle
            // brings the hands on it along.
            const JointIndex on = c.target.joint;
            target.parent = rig.jointName(on);
            target.x = rig.isRoot(on) ? 0.0 : rig.length(on);
            target.y = 0.0;
        } else {
            target.parent = top;
            target.x = c.target.point.x;
            target.y = c.target.point.y;
        }
        out.bones.push_back(target);
        ik.target = target.name;
        out.ik.push_back(ik);
    }
    return out;
}

const ExportedIk* findIk(const ExportedSkeleton& skeleton, std::string_view name)
{
    const auto e = std::find_if(skeleton.ik.begin(), skeleton.ik.end(), [&](const ExportedIk& k) { return k.name == name; });
    return e == skeleton.ik.end() ? nullptr : &*e;
}

nlohmann::json boneEntry(const ExportedBone& bone)
{
    nlohmann::json o = nlohmann::json::object();
    o["name"] = bone.name;
    if (!bone.parent.empty())
        o["parent"] = bone.parent;
    if (bone.length != 0.0)
        o["length"] = bone.length;
    return o;
}

} // namespace bonework::exporters
