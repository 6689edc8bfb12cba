#include "rig_painter.h"

#include "shape_outline.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace bonework::drawing {
namespace {

const QColor kGridMinor(0x2b, 0x2e, 0x33);
const QColor kGridMajor(0x33, 0x37, 0x3d);
// The rig's origin, where the exports put the skeleton's own (a game places a character by it):
// its x axis a muted red, its y axis a muted green, as Spine and most editors draw them.
const QColor kAxisX(0x6a, 0x3a, 0x3e);
const QColor kAxisY(0x3a, 0x5e, 0x42);
const QColor kBone(0x9d, 0xb4, 0xc8);
const QColor kBoneOutline(0x4f, 0x63, 0x75);
const QColor kJoint(0xe6, 0xec, 0xf1);
const QColor kLimit(0x5f, 0xc9, 0x8a);
const QColor kTarget(0xe0, 0x5f, 0x8a);
const QColor kPin(0xf2, 0xd0, 0x4b);


} // namespace

const QColor RigPainter::kBackground(0x23, 0x25, 0x29);
const QColor RigPainter::kSelection(0xff, 0xa6, 0x3d);

void RigPainter::paintGrid(CanvasSurface& surface, const CanvasView& view) const
{
    // Grid spacing in scene units: 1, 2, 5, 10, 20, 50... whichever is first 12+ px on screen.
    double step = 1;
    for (int i = 0; step * view.zoom < 12 && i < 60; ++i)
        step *= (i % 3 == 1) ? 2.5 : 2.0;
    const QPointF topLeft = view.toRig({0, 0});
    const QPointF bottomRight = view.toRig({view.size.width(), view.size.height()});
    QVector<QLineF>& batch = m_gridLines;
    auto lines = [&](double spacing, const QColor& color) {
        batch.clear();
        for (double x = std::floor(topLeft.x() / spacing) * spacing; x <= bottomRight.x(); x += spacing) {
            const double vx = std::round(x * view.zoom + view.offset.x()) + 0.5;
            batch.append(QLineF(vx, 0, vx, view.size.height()));
        }
        for (double y = std::floor(topLeft.y() / spacing) * spacing; y <= bottomRight.y(); y += spacing) {
            const double vy = std::round(y * view.zoom + view.offset.y()) + 0.5;
            batch.append(QLineF(0, vy, view.size.width(), vy));
        }
        surface.gridLines(batch, color);
    };
    lines(step, kGridMinor);
    lines(step * 5, kGridMajor);
    const QPointF origin = view.fromRig({0, 0});
    const double ox = std::round(origin.x()) + 0.5, oy = std::round(origin.y()) + 0.5;
    if (oy >= 0 && oy <= view.size.height()) {
        batch.clear();
        batch.append(QLineF(0, oy, view.size.width(), oy));
        surface.gridLines(batch, kAxisX);
    }
    if (ox >= 0 && ox <= view.size.width()) {
        batch.clear();
        batch.append(QLineF(ox, 0, ox, view.size.height()));
        surface.gridLines(batch, kAxisY);
    }
}

void RigPainter::paintRig(CanvasSurface& surface, const CanvasView& view, const Rig& rig, std::span<const WorldTransform> world,
                          io::NodeShape shape, int selected) const
{
    // Each bone is a convex shape (QPainter: drawConvexPolygon, the raster engine's fast path).
    Stroke outline{kBoneOutline, 1.2};
    QColor fill = kBone;
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) { // the selected bone on top
            if (selected < 0 || rig.isRoot(selected))
                break;
            outline = Stroke{kSelection.darker(140), 1.5};
            fill = kSelection;
        }
        for (std::size_t i = pass == 0 ? 0 : static_cast<std::size_t>(selected); i < world.size(); ++i) {
            const auto j = static_cast<JointIndex>(i);
            if (rig.isRoot(j) || (pass == 0 && j == selected))
                continue;
            const QPointF a = view.fromRig(toPoint(world[rig.parent(j)].position));
            const QPointF b = view.fromRig(toPoint(world[i].position));
            const QPointF d = b - a;
            const double len = vectorLength(d);
            if (len >= 0.5) {
                const QPointF u = d / len;
                const QPointF n(-u.y(), u.x());
                if (shape == io::NodeShape::Ball) {
                    const double r = std::clamp(len * 0.45, 2.0, 40.0);
                    surface.ellipse((a + b) / 2, r, r, outline, fill);
                } else if (shape == io::NodeShape::Box) {
                    const double w = std::clamp(len * 0.3, 2.0, 30.0);
                    const QPointF box[4] = {a + n * w, b + n * w, b - n * w, a - n * w};
                    surface.polygon(box, outline, fill);
                } else {
                    // A tapered bone: wide near its start, narrowing to the joint it ends at.
                    const double w = std::clamp(len * 0.12, 1.0, 14.0);
                    const QPointF shoulder = a + u * std::min(len * 0.2, 3 * w);
                    const QPointF kite[4] = {a, shoulder + n * w, b, shoulder - n * w};
                    surface.polygon(kite, outline, fill);
                }
            }
            if (pass == 1)
                break;
        }
    }

    // Plain joints first, stamped from pre-rendered sprites (a blit per joint instead of an
    // antialiased ellipse); roots, the selection and pins on top.
    const double dpr = view.devicePixelRatio;
    for (std::size_t i = 0; i < world.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isRoot(j) || j == selected)
            continue;
        // Joints shrink where bones are short on screen, so dense rigs stay readable.
        const double r = std::clamp(rig.length(j) * view.zoom * 0.3, 1.5, kJointRadius);
        const QImage& sprite = jointSprite(r, dpr);
        const QPointF p = view.fromRig(toPoint(world[i].position));
        const double half = sprite.width() / dpr / 2.0;
        surface.sprite(QPointF(p.x() - half, p.y() - half), sprite);
    }

    for (std::size_t i = 0; i < world.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        const bool isSelected = j == selected;
        if (!rig.isRoot(j) && !isSelected && !rig.isPinned(j))
            continue;
        const QPointF p = view.fromRig(toPoint(world[i].position));
        const double r = rig.isRoot(j) ? kJointRadius + 1.5 : std::clamp(rig.length(j) * view.zoom * 0.3, 2.5, kJointRadius);
        const Stroke ring{isSelected ? kSelection : kBoneOutline, isSelected ? 2.5 : 1.5};
        if (rig.isRoot(j) || isSelected)
            surface.ellipse(p, r, r, ring, rig.isRoot(j) ? kBackground : kJoint);
        if (rig.isRoot(j)) { // a root shows its rotation as a short tick
            const Vec2 dir = world[i].rotation.direction();
            surface.line(p, p + QPointF(dir.x, dir.y) * (r + 6), ring);
        }
        if (rig.isPinned(j)) {
            const QPointF pin[3] = {p + QPointF(0, -r - 2), p + QPointF(-5, -r - 11), p + QPointF(5, -r - 11)};
            surface.polygon(pin, Stroke{Qt::black, 1}, kPin);
        }
    }
}

const QImage& RigPainter::jointSprite(double radius, double devicePixelRatio) const
{
    // Radii quantised to quarter pixels: at most a dozen sprites, drawn once each.
    const int key = static_cast<int>(std::lround(radius * 4));
    if (m_spriteRatio != devicePixelRatio) {
        m_jointSprites.clear();
        m_spriteRatio = devicePixelRatio;
    }
    auto it = m_jointSprites.find(key);
    if (it != m_jointSprites.end())
        return it->second;
    const double r = key / 4.0;
    const int side = static_cast<int>(std::ceil((2 * r + 4) * devicePixelRatio));
    QImage sprite(side, side, QImage::Format_ARGB32_Premultiplied);
    sprite.setDevicePixelRatio(devicePixelRatio);
    sprite.fill(Qt::transparent);
    QPainter p(&sprite);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(kBoneOutline, 1.5));
    p.setBrush(kJoint);
    const double c = side / devicePixelRatio / 2.0;
    p.drawEllipse(QPointF(c, c), r, r);
    p.end();
    return m_jointSprites.emplace(key, std::move(sprite)).first->second;
}

void RigPainter::paintLimitWedge(CanvasSurface& surface, const CanvasView& view, const Rig& rig,
                                 std::span<const WorldTransform> world, int joint) const
{
    if (rig.isRoot(joint))
        return;
    const double min = rig.minAngle(joint), max = rig.maxAngle(joint);
    const JointIndex parent = rig.parent(joint);
    const QPointF centre = view.fromRig(toPoint(world[parent].position));
    const double frame = world[parent].rotation.degrees();
    const double radius = std::clamp(rig.length(joint) * view.zoom * 0.6, 24.0, 160.0);
    const QRectF box(centre - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius));
    QColor fill = kLimit;
    fill.setAlpha(60);
    const Stroke edge{kLimit, 1.5};
    // Surface angles run counter-clockwise; ours run clockwise on screen.
    if (max - min >= 360.0) {
        surface.ellipse(centre, radius, radius, edge, fill);
    } else if (max == min) {
        const Vec2 d = Rotation::fromDegrees(frame + min).direction();
        surface.line(centre, centre + QPointF(d.x, d.y) * radius, edge);
    } else {
        surface.pie(box, -(frame + min), -(max - min), edge, fill);
    }
    // The parent bone's direction, the zero the limits are measured from.
    const Vec2 zero = world[parent].rotation.direction();
    surface.line(centre, centre + QPointF(zero.x, zero.y) * radius, Stroke{kLimit, 1, {1.0, 2.0}});
}

void RigPainter::paintTargets(CanvasSurface& surface, const CanvasView& view, const Rig& rig,
                              std::span<const WorldTransform> world, int selectedChain) const
{
    for (std::size_t c = 0; c < rig.chains().size(); ++c) {
        const ChainTarget& target = rig.chains()[c].target;
        const Vec2 at = target.isAttached() ? world[static_cast<std::size_t>(target.joint)].position : target.point;
        const QPointF p = view.fromRig(toPoint(at));
        const bool selected = static_cast<int>(c) == selectedChain;
        const Stroke pen{selected ? kSelection : kTarget, 2};
        surface.ellipse(p, 7, 7, pen, Qt::transparent);
        surface.line(p - QPointF(12, 0), p + QPointF(12, 0), pen);
        surface.line(p - QPointF(0, 12), p + QPointF(0, 12), pen);
    }
}

void RigPainter::paintFrameTime(CanvasSurface& surface, double frameMs, double paintMs, std::size_t joints,
                                const QString& renderer) const
{
    const QString text = QStringLiteral("%1 fps  ·  frame %2 ms  ·  paint %3 ms  ·  %4 joints")
                             .arg(frameMs > 0 ? 1000.0 / frameMs : 0.0, 0, 'f', 0)
                             .arg(frameMs, 0, 'f', 1)
                             .arg(paintMs, 0, 'f', 2)
                             .arg(joints);
    const QColor ink(0xd8, 0xde, 0xe4);
    const QRectF box(8, 8, 420, renderer.isEmpty() ? 24 : 42);
    surface.roundedRect(box, 4, QColor(0, 0, 0, 150));
    surface.text(QRectF(16, 8, 412, 24), Qt::AlignVCenter | Qt::AlignLeft, text, QFont(), ink);
    if (!renderer.isEmpty())
        surface.text(QRectF(16, 28, 412, 18), Qt::AlignVCenter | Qt::AlignLeft, renderer, QFont(), ink);
}

} // namespace bonework::drawing
