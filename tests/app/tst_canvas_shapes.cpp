// The canvas's shapes below the scene graph: the thin-shape level of detail both surfaces share
// (shape_outline.h), the antialiased triangles of the geometry path (mesh_tessellator.h) and the
// order of MeshSurface's batches.
#include "mesh_surface.h"
#include "mesh_tessellator.h"
#include "painter_surface.h"
#include "shape_outline.h"

#include <QPainter>
#include <QTest>

#include <array>
#include <cmath>

using namespace bonework::editor;

namespace {

// A tapered bone as RigPainter draws it, from `a` towards `angle` degrees, `len` pixels long.
std::array<QPointF, 4> kite(QPointF a, double len, double angle)
{
    const QPointF u(std::cos(angle * M_PI / 180), std::sin(angle * M_PI / 180));
    const QPointF n(-u.y(), u.x());
    const double w = std::clamp(len * 0.12, 1.0, 14.0);
    const QPointF shoulder = a + u * std::min(len * 0.2, 3 * w);
    return {a, shoulder + n * w, a + u * len, shoulder - n * w};
}

QImage canvasImage()
{
    QImage image(48, 48, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(0x23, 0x25, 0x29));
    return image;
}

} // namespace

class TestCanvasShapes : public QObject {
    Q_OBJECT

private slots:
    void thicknessIsHalfTheWidthOfASquare()
    {
        const QPointF square[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        QCOMPARE(bonework::drawing::shapeThickness(square), 5.0);
    }

    void onlyThinShapesCountAsCoveredByTheirOutline()
    {
        QVERIFY(bonework::drawing::outlineCoversInside(kite({0, 0}, 8, 30), 1.2, 1.0));   // w = 1: a two-pixel sliver
        QVERIFY(!bonework::drawing::outlineCoversInside(kite({0, 0}, 60, 30), 1.2, 1.0)); // w = 7.2: its inside shows
    }

    void growingASquareMovesEachSideOut()
    {
        const QPointF square[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        std::vector<QPointF> grown;
        bonework::drawing::growShape(square, 1.0, grown);
        QCOMPARE(grown.size(), std::size_t(4));
        QCOMPARE(grown[0], QPointF(-1, -1));
        QCOMPARE(grown[2], QPointF(11, 11));
        // Wound the other way round, still outwards.
        const QPointF reversed[4] = {{0, 10}, {10, 10}, {10, 0}, {0, 0}};
        bonework::drawing::growShape(reversed, 1.0, grown);
        QCOMPARE(grown[0], QPointF(-1, 11));
    }

    // The level of detail's promise: a thin bone drawn as its silhouette looks as it does
    // stroked and filled (QPainter both times, so only the shapes differ). What differs is a
    // sliver of the fill colour the stroke leaves at the shoulder: at most a fifth of the
    // contrast on a pixel (53 of 255 measured), about 12 per pixel over the bone (300 in all).
    void aThinBoneLooksTheSameAsItsSilhouette()
    {
        const QColor fill(0x9d, 0xb4, 0xc8), outline(0x4f, 0x63, 0x75);
        for (double len : {4.0, 6.0, 8.0}) {
            for (double angle : {0.0, 17.0, 45.0, 100.0, 210.0}) {
                const auto bone = kite({20.3, 20.6}, len, angle);
                QVERIFY(bonework::drawing::outlineCoversInside(bone, 1.2, 1.0));
                QImage stroked = canvasImage(), silhouette = canvasImage();
                {
                    QPainter p(&stroked);
                    p.setRenderHint(QPainter::Antialiasing);
                    p.setPen(QPen(outline, 1.2));
                    p.setBrush(fill);
                    p.drawConvexPolygon(bone.data(), 4);
                }
                {
                    QPainter p(&silhouette);
                    p.setRenderHint(QPainter::Antialiasing);
                    bonework::drawing::PainterSurface(&p).polygon(bone, bonework::drawing::Stroke(outline, 1.2), fill);
                }
                int worst = 0;
                double total = 0;
                for (int y = 0; y < 48; ++y)
                    for (int x = 0; x < 48; ++x) {
                        const QColor a = stroked.pixelColor(x, y), b = silhouette.pixelColor(x, y);
                        const int d = std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()), std::abs(a.blue() - b.blue())});
                        worst = std::max(worst, d);
                        total += d;
                    }
                QVERIFY2(worst <= 64 && total <= 400, qPrintable(QStringLiteral("len %1, angle %2: worst %3, total %4").arg(len).arg(angle).arg(worst).arg(total)));
            }
        }
    }

    void aFilledShapeFadesToTransparentOverOnePixel()
    {
        MeshTessellator t;
        ColourMesh mesh;
        const QPointF square[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        t.fill(mesh, square, Qt::white, true);
        QCOMPARE(mesh.vertices.size(), std::size_t(8)); // inner and outer outline
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(int(mesh.vertices[i].a), 255);
            QCOMPARE(int(mesh.vertices[i + 4].a), 0);
        }
        QCOMPARE(mesh.vertices[0].x, -0.5f + 1.0f); // half a pixel in ...
        QCOMPARE(mesh.vertices[4].x, -0.5f);        // ... and half a pixel out
        QCOMPARE(mesh.indices.size(), std::size_t(3 * (8 + 2))); // the band and the fan
        for (std::uint16_t i : mesh.indices)
            QVERIFY(i < mesh.vertices.size());
    }

    void anOutlineIsSolidBetweenTwoFadingEdges()
    {
        MeshTessellator t;
        ColourMesh mesh;
        const QPointF square[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        t.strokeClosed(mesh, square, 2.0, Qt::white);
        QCOMPARE(mesh.vertices.size(), std::size_t(4 * 8)); // four outlines, each corner twice
        const int alphas[4] = {0, 255, 255, 0};
        for (std::size_t k = 0; k < 4; ++k)
            for (std::size_t i = 0; i < 8; ++i)
                QCOMPARE(int(mesh.vertices[k * 8 + i].a), alphas[k]);
        QCOMPARE(mesh.indices.size(), std::size_t(3 * 8 * 6));
        // The outermost outline is 1.5 px out: half the width and half a pixel.
        float left = 0;
        for (std::size_t i = 24; i < 32; ++i)
            left = std::min(left, mesh.vertices[i].x);
        QCOMPARE(left, -1.5f);
    }

    void batchesFollowTheDrawingOrder()
    {
        MeshSurface surface;
        surface.begin(1.0);
        const QPointF square[4] = {{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        QImage sprite(4, 4, QImage::Format_ARGB32_Premultiplied);
        sprite.fill(Qt::white);
        surface.polygon(square, bonework::drawing::Stroke(Qt::black, 1), Qt::white);
        surface.line({0, 0}, {5, 5}, bonework::drawing::Stroke(Qt::red, 2, {4.0, 2.0}));
        surface.sprite({1.4, 1.6}, sprite);
        surface.sprite({3.5, 3.4}, sprite);
        surface.text(QRectF(0, 0, 50, 20), Qt::AlignLeft, "a", QFont(), Qt::white);
        surface.ellipse({5, 5}, 3, 3, bonework::drawing::Stroke(Qt::red, 1), Qt::transparent);
        const auto batches = surface.batches();
        QCOMPARE(batches.size(), std::size_t(4));
        QCOMPARE(batches[0].kind, MeshSurface::Kind::Colour); // the square and the dashed line
        QCOMPARE(batches[1].kind, MeshSurface::Kind::Sprites);
        QCOMPARE(batches[1].sprites.size(), std::size_t(2));
        QCOMPARE(batches[1].sprites[0].topLeft, QPointF(1, 2)); // on whole pixels, as QPainter puts them
        QCOMPARE(batches[2].kind, MeshSurface::Kind::Text);
        QCOMPARE(batches[3].kind, MeshSurface::Kind::Colour);
        QCOMPARE(surface.images().size(), std::size_t(1));
        surface.begin(1.0); // a new frame starts empty
        QVERIFY(surface.batches().empty());
    }

    // 16-bit indices (every OpenGL ES has them): a big rig's triangles come in several batches.
    void aBigRigSplitsIntoBatchesWithinSixteenBitIndices()
    {
        MeshSurface surface;
        surface.begin(1.0);
        for (int i = 0; i < 10000; ++i)
            surface.polygon(kite({double(i % 100) * 8, double(i / 100) * 8}, 60, i), bonework::drawing::Stroke(Qt::black, 1.2), Qt::white);
        std::size_t vertices = 0;
        for (const MeshSurface::Batch& b : surface.batches()) {
            QCOMPARE(b.kind, MeshSurface::Kind::Colour);
            QVERIFY(b.mesh.vertices.size() <= ColourMesh::kMaxVertices);
            for (std::uint16_t index : b.mesh.indices)
                QVERIFY(index < b.mesh.vertices.size());
            vertices += b.mesh.vertices.size();
        }
        QCOMPARE(vertices, std::size_t(10000 * (4 + 32)));
        QVERIFY(surface.batches().size() >= 6);
    }
};

QTEST_MAIN(TestCanvasShapes)
#include "tst_canvas_shapes.moc"
