#include "canvas_hit_test.h"

#include "document.h"

#include <algorithm>
#include <cmath>

namespace bonework::editor {
namespace {

double distance(QPointF a, QPointF b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }

double distanceToSegment(QPointF p, QPointF a, QPointF b)
{
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return distance(a + ab * t, p);
}

} // namespace

int jointAt(const Rig& rig, std::span<const WorldTransform> world, const drawing::CanvasView& view, QPointF point)
{
    int best = -1;
    double bestDistance = kPickRadius;
    for (std::size_t i = 0; i < world.size(); ++i) {
        const double d = distance(view.fromRig(drawing::toPoint(world[i].position)), point);
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    if (best >= 0)
        return best;
    bestDistance = kBonePickDistance;
    for (std::size_t i = 0; i < world.size(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        if (rig.isRoot(j))
            continue;
        const double d = distanceToSegment(point, view.fromRig(drawing::toPoint(world[rig.parent(j)].position)),
                                           view.fromRig(drawing::toPoint(world[i].position)));
        if (d <= bestDistance) {
            bestDistance = d;
            best = static_cast<int>(i);
        }
    }
    return best;
}

int chainTargetAt(const Document& document, const drawing::CanvasView& view, QPointF point)
{
    for (int c = 0; c < document.chainCount(); ++c)
        if (distance(view.fromRig(document.chainTarget(c)), point) <= kPickRadius + 2)
            return c;
    return -1;
}

} // namespace bonework::editor
