#pragma once
// What `bonework-cli render` should draw, worked out by the test on its own: the rig's forward
// kinematics, each slot's image and where it lands (the rig format's formula written as
// QTransform steps, not app/drawing's slotImageToRig), the box the default render frames and
// the view that frame gives. The render is then checked against these by pixel statistics.

#include "std_text.h"

#include "bonework/forward_kinematics.h"
#include "bonework/io/rig_file.h"
#include "bonework/slot_placement.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <vector>

namespace rendertest {

constexpr double kMargin = 60.0; // rig units around the drawn box (the canvas's framing margin)

struct RigArt {
    bonework::Rig rig;
    std::vector<bonework::WorldTransform> world;
    std::vector<QImage> images;         // per slot, ARGB32 (not premultiplied)
    std::vector<QTransform> imageToRig; // per slot: image pixels -> rig coordinates
};

inline QTransform imageToRig(const bonework::SlotPlacement& p, QSizeF size)
{
    QTransform t; // applied to points last step first
    t.translate(p.pivot.x, p.pivot.y);
    t.rotateRadians(std::atan2(p.rotation.s, p.rotation.c));
    t.scale(p.scaleX, p.scaleY);
    t.translate(-p.pivotX * size.width(), -p.pivotY * size.height());
    return t;
}

inline RigArt loadArt(const QString& rigFile)
{
    RigArt art;
    const bonework::io::LoadResult loaded = bonework::io::loadRigFile(bonework::testing::localPath(rigFile));
    if (!loaded.ok())
        qFatal("%s", loaded.error.toString().c_str());
    art.rig = *loaded.rig;
    art.world = bonework::forwardKinematics(art.rig);
    const QDir folder = QFileInfo(rigFile).absoluteDir();
    for (const bonework::Slot& slot : art.rig.slotList()) {
        QImage image(folder.filePath(QString::fromStdString(slot.image)));
        if (image.isNull())
            qFatal("cannot read %s", slot.image.c_str());
        image = image.convertToFormat(QImage::Format_ARGB32);
        art.imageToRig.push_back(imageToRig(bonework::slotPlacement(art.rig, art.world, slot), image.size()));
        art.images.push_back(image);
    }
    return art;
}

// The joints and every visible slot's image, in rig coordinates.
inline QRectF drawnBox(const RigArt& art)
{
    QRectF box;
    for (const bonework::WorldTransform& w : art.world)
        box |= QRectF(QPointF(w.position.x, w.position.y), QSizeF(0.001, 0.001));
    for (std::size_t i = 0; i < art.images.size(); ++i)
        if (art.rig.slotList()[i].visible)
            box |= art.imageToRig[i].mapRect(QRectF(art.images[i].rect()));
    return box;
}

struct View {
    double zoom = 1.0;
    QPointF offset;
    QSize size;
    QPointF toView(QPointF rig) const { return rig * zoom + offset; }
};

// The default render: the box with its margin at 100% zoom, centred in an image rounded up.
inline View defaultView(const RigArt& art)
{
    const QRectF framed = drawnBox(art).marginsAdded(QMarginsF(kMargin, kMargin, kMargin, kMargin));
    View view;
    view.size = QSize(int(std::ceil(framed.width())), int(std::ceil(framed.height())));
    view.offset = QPointF(view.size.width() / 2.0, view.size.height() / 2.0) - framed.center();
    return view;
}

// --size W x H: the framed box fitted whole and centred, as the editor's fit to view.
inline View fittedView(const RigArt& art, QSize size)
{
    const QRectF framed = drawnBox(art).marginsAdded(QMarginsF(kMargin, kMargin, kMargin, kMargin));
    View view;
    view.size = size;
    view.zoom = std::min(size.width() / framed.width(), size.height() / framed.height());
    view.offset = QPointF(size.width() / 2.0, size.height() / 2.0) - framed.center() * view.zoom;
    return view;
}

// The opaque area (alpha >= 128) the slots' images cover together if none overlapped, in
// rig units squared.
inline double slotArea(const RigArt& art)
{
    double area = 0;
    for (std::size_t i = 0; i < art.images.size(); ++i) {
        const bonework::Slot& slot = art.rig.slotList()[i];
        if (!slot.visible)
            continue;
        qint64 opaque = 0;
        const QImage& image = art.images[i];
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                opaque += qAlpha(image.pixel(x, y)) >= 128;
        area += double(opaque) * slot.scaleX * slot.scaleY;
    }
    return area;
}

// Whether a slot drawn after `slot` has anything (alpha > 0) within `radius` image pixels of
// the rig point `p`: then `slot`'s own pixel there may be hidden.
inline bool coveredLater(const RigArt& art, std::size_t slot, QPointF p, int radius = 3)
{
    for (std::size_t j = slot + 1; j < art.images.size(); ++j) {
        if (!art.rig.slotList()[j].visible)
            continue;
        const QPointF u = art.imageToRig[j].inverted().map(p);
        const QImage& image = art.images[j];
        for (int dy = -radius; dy <= radius; ++dy)
            for (int dx = -radius; dx <= radius; ++dx) {
                const QPoint q(int(std::floor(u.x())) + dx, int(std::floor(u.y())) + dy);
                if (image.valid(q) && qAlpha(image.pixel(q)) > 0)
                    return true;
            }
    }
    return false;
}

inline qint64 countPixels(const QImage& image, int minAlpha)
{
    qint64 n = 0;
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < argb.height(); ++y)
        for (int x = 0; x < argb.width(); ++x)
            n += qAlpha(argb.pixel(x, y)) >= minAlpha;
    return n;
}

} // namespace rendertest
