#pragma once
// Rigs with art for the export tests: PNG (and one JPEG) images painted with QImage into a
// folder, with transparent borders of known widths (so the atlas trims them by a known amount),
// and a rig whose slots use every feature: pivots off centre and off the image, rotations,
// non-uniform scales, mirrored images (negative scales), slots on root and child joints, a hidden slot, opacities below 1, two
// slots sharing an image, a fully transparent image. Also where Bonework puts each slot's
// trimmed image corners (slot_placement.h), to compare the runtimes' corners with.

#include "bonework/forward_kinematics.h"
#include "bonework/rig.h"
#include "bonework/slot_placement.h"

#include "random_rigs.h"

#include <QColor>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QString>

#include <array>
#include <stdexcept>
#include <vector>

namespace bonework::testing {

// An image painted for a test, with what trimming must cut off each edge.
struct ArtImage {
    QString path; // relative to the rig's folder
    int width = 0, height = 0;
    int left = 0, top = 0, right = 0, bottom = 0; // transparent borders
    bool opaque = false; // no alpha channel: never trimmed
    bool empty = false;  // fully transparent: trimmed to its top-left pixel

    int trimmedWidth() const { return empty ? 1 : width - left - right; }
    int trimmedHeight() const { return empty ? 1 : height - top - bottom; }
};

inline void paintImage(const QString& folder, const ArtImage& a, QColor colour)
{
    QImage image(a.width, a.height, a.opaque ? QImage::Format_RGB32 : QImage::Format_ARGB32);
    image.fill(a.opaque ? colour : QColor(Qt::transparent));
    if (!a.opaque && !a.empty) {
        QPainter painter(&image);
        painter.fillRect(a.left, a.top, a.trimmedWidth(), a.trimmedHeight(), colour);
        // A half-transparent corner pixel: trimming keeps any alpha above 0.
        painter.setCompositionMode(QPainter::CompositionMode_Source);
        painter.fillRect(a.left, a.top, 1, 1, QColor(10, 20, 30, 1));
    }
    QDir().mkpath(QDir(folder).filePath(QStringLiteral("art")));
    if (!image.save(QDir(folder).filePath(a.path)))
        throw std::runtime_error("cannot write " + a.path.toStdString());
}

struct ArtRig {
    Rig rig;
    std::vector<ArtImage> imageOfSlot; // per slot, in draw order
};

// The test rig, its images written under `folder`. `seed` varies the placement of the slots
// (and adds a few more), so one seed is one reproducible rig.
inline ArtRig makeArtRig(const QString& folder, std::uint64_t seed)
{
    const std::vector<ArtImage> images = {
        {"art/torso.png", 60, 140, 3, 5, 7, 2},
        {"art/head.png", 50, 50, 0, 0, 0, 0},
        {"art/arm.png", 30, 90, 1, 0, 4, 9},
        {"art/hand.png", 25, 25, 6, 6, 0, 0},
        {"art/badge.png", 40, 20, 2, 3, 2, 3},
        {"art/prop.jpg", 80, 30, 0, 0, 0, 0, true},
        {"art/ghost.png", 10, 10, 0, 0, 0, 0, false, true},
    };
    for (std::size_t i = 0; i < images.size(); ++i)
        paintImage(folder, images[i], QColor::fromHsv(int(i) * 47 % 360, 200, 220));

    ArtRig out;
    Rig& rig = out.rig;
    rig.setName("art");
    auto add = [&](JointDesc d) {
        JointIndex j = kNoJoint;
        if (auto r = rig.addJoint(d, &j); !r)
            throw std::logic_error(r.error);
        return j;
    };
    const JointIndex hip = add({.name = "hip", .position = {300, 400}, .angle = 15});
    const JointIndex spine = add({.name = "spine", .parent = hip, .angle = -80, .length = 120});
    const JointIndex head = add({.name = "head", .parent = spine, .angle = 10, .length = 40});
    const JointIndex arm = add({.name = "arm", .parent = spine, .angle = 100, .length = 90});
    const JointIndex hand = add({.name = "hand", .parent = arm, .angle = 30, .length = 70});
    const JointIndex prop = add({.name = "prop", .position = {600, 200}, .angle = -30});
    // An arm chain the runtime's IK poses; its target where the hand is, so the setup pose holds.
    Chain chain{.name = "arm_ik", .root = spine, .tip = hand, .solver = SolverKind::TwoBone};
    chain.target.point = forwardKinematics(rig)[hand].position;
    if (auto r = rig.addChain(chain); !r)
        throw std::logic_error(r.error);

    auto slot = [&](const char* name, JointIndex j, int image, Slot s) {
        s.name = name;
        s.joint = j;
        s.image = images[std::size_t(image)].path.toStdString();
        if (auto r = rig.addSlot(s); !r)
            throw std::logic_error(r.error);
        out.imageOfSlot.push_back(images[std::size_t(image)]);
    };
    Engine rng(seed);
    auto jitter = [&](double v, double by) { return v + uniform(rng, -by, by); };
    slot("torso", spine, 0, {.x = jitter(60, 20), .rotation = jitter(90, 30)});
    slot("head", head, 1, {.x = jitter(20, 5), .y = -3, .rotation = jitter(-20, 10), .scaleX = 1.2, .scaleY = 0.9,
                           .pivotX = 0.3, .pivotY = 0.8});
    slot("arm", arm, 2, {.x = 5, .y = jitter(0, 4), .scaleX = -1.5, .scaleY = 0.7, .pivotX = 0, .pivotY = 0.5,
                         .opacity = 0.5});
    slot("hand", hand, 3, {.x = jitter(10, 5), .rotation = 200, .scaleX = 0.5, .scaleY = -2, .pivotX = 1.2,
                           .pivotY = -0.1});
    slot("hip_badge", hip, 4, {.x = 10, .y = -5, .rotation = jitter(45, 40), .visible = false});
    slot("prop", prop, 5, {.x = jitter(0, 30), .rotation = 33, .scaleX = 1.1, .scaleY = 1.1, .pivotY = 0.2,
                           .opacity = 0.25});
    slot("torso_again", head, 0, {.rotation = jitter(0, 180), .scaleX = 0.3, .scaleY = 0.4, .opacity = 0});
    slot("ghost", arm, 6, {.x = 30});
    // A few more, anywhere, any placement the format allows.
    for (int k = 0; k < 4; ++k) {
        Slot s;
        s.x = uniform(rng, -100, 100);
        s.y = uniform(rng, -100, 100);
        s.rotation = uniform(rng, -360, 360);
        s.scaleX = uniform(rng, 0.2, 3) * (rng() % 3 == 0 ? -1 : 1); // some mirrored
        s.scaleY = uniform(rng, 0.2, 3) * (rng() % 3 == 0 ? -1 : 1);
        s.pivotX = uniform(rng, -0.5, 1.5);
        s.pivotY = uniform(rng, -0.5, 1.5);
        s.opacity = uniform(rng, 0, 1);
        s.visible = rng() % 3 != 0;
        const std::string name = "extra " + std::to_string(k);
        slot(name.c_str(), JointIndex(uniformInt(rng, 0, int(rig.jointCount()) - 1)), uniformInt(rng, 0, 5), s);
    }
    return out;
}

// The corners of the slot's trimmed pixels on screen (y down), as Bonework places the image:
// top-left, top-right, bottom-right, bottom-left of the trimmed rectangle.
inline std::array<Vec2, 4> trimmedCorners(const Rig& rig, std::span<const WorldTransform> world, const Slot& slot,
                                          const ArtImage& image)
{
    const SlotPlacement p = slotPlacement(rig, world, slot);
    const double l = image.left, t = image.top;
    const double r = l + image.trimmedWidth(), b = t + image.trimmedHeight();
    auto at = [&](double u, double v) { return imagePointOnScreen(p, image.width, image.height, {u, v}); };
    return {at(l, t), at(r, t), at(r, b), at(l, b)};
}

} // namespace bonework::testing
