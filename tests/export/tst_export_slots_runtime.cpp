// Slots in the DragonBones 5.5 export, checked by the real DragonBones runtime (Node.js,
// headless, runtime/slots_in_runtime.mjs): it loads the skeleton and its texture atlas JSONs as
// a game would, builds the armature and prints each slot's texture corners from the runtime's
// own slot transform, display pivot and texture frame. They must land where Bonework puts each
// slot's trimmed image (slot_placement.h), to 1e-3 px, in the setup pose and with the IK target
// moved (Bonework's two-bone solve against the runtime's IK), with the display index, alpha
// and texture size the slot asks for; the same for every example with art (its own images), in
// the setup pose and with each two-bone chain's target moved.
#include "dragonbones_runtime.h"
#include "json_file.h"
#include "bonework/exporters/export_files.h"
#include "bonework/exporters/image_trim.h"
#include "bonework/io/rig_file.h"
#include "bonework/solvers/solver.h"
#include "qt_image_codec.h"
#include "source_tree.h"
#include "std_text.h"

#include "art_rigs.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace bonework;
using namespace bonework::solvers;
using bonework::testing::localPath;
using bonework::testing::qtPaths;

class TestExportSlotsRuntime : public QObject {
    Q_OBJECT

    QString m_runtime = QStringLiteral(BONEWORK_RUNTIME_DIR);
    QString m_node;

    // Runs runtime/slots_in_runtime.mjs on an export with the IK target bones moved to
    // `targets` ({"bone": [x, y]}): each slot's corners, display index, alpha and texture size
    // in `slotsOut`. Returns why it could not, or empty.
    QString slotsInRuntime(const QString& folder, const QString& skeleton, const QJsonObject& targets,
                           const QStringList& atlases, QJsonObject& slotsOut) const
    {
        const QString targetsPath = folder + QStringLiteral("/targets.json");
        QFile t(targetsPath);
        if (!t.open(QIODevice::WriteOnly) || t.write(QJsonDocument(targets).toJson()) < 0)
            return QStringLiteral("cannot write ") + targetsPath;
        t.close();
        QProcess run;
        run.start(m_node, QStringList{m_runtime + "/slots_in_runtime.mjs", skeleton, targetsPath} + atlases);
        if (!run.waitForFinished(60000))
            return QStringLiteral("the runtime did not finish");
        if (run.exitCode() != 0)
            return QString::fromUtf8(run.readAllStandardError());
        const QByteArray out = run.readAllStandardOutput();
        slotsOut = QJsonDocument::fromJson(out.mid(out.lastIndexOf("\n{") + 1)).object();
        return {};
    }

private slots:
    void initTestCase()
    {
        const testing::DragonBonesRuntime runtime = testing::prepareDragonBonesRuntime(m_runtime);
        if (!runtime.skip.isEmpty())
            QSKIP(qPrintable(runtime.skip));
        QVERIFY2(runtime.failure.isEmpty(), qPrintable(runtime.failure));
        m_node = runtime.node;
    }

    void slotsLandWhereBoneworkPutsThem_data()
    {
        QTest::addColumn<quint64>("seed");
        for (quint64 seed : {20u, 21u, 22u})
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }
    void slotsLandWhereBoneworkPutsThem()
    {
        QFETCH(quint64, seed);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const testing::ArtRig art = testing::makeArtRig(dir.path(), seed);
        const Rig& rig = art.rig;
        exporters::ExportReport report;
        std::string error;
        // Small pages, so the runtime has to find textures across several atlases of one name.
        const QString skeleton = dir.filePath("art_ske.json");
        QVERIFY2(exporters::exportFiles(exporters::Runtime::DragonBones, rig, localPath(skeleton),
                                        {localPath(dir.path()), {.maxPageWidth = 90, .maxPageHeight = 140}},
                                        formats::qtImageCodec(), report, &error),
                 error.c_str());
        QStringList atlases;
        for (const QString& file : qtPaths(report.files))
            if (file.endsWith(".json") && file != skeleton)
                atlases << file;
        QVERIFY2(atlases.size() >= 2, qPrintable(qtPaths(report.files).join(", ")));
        for (const QString& atlas : atlases) { // each names a page that is there, of its size
            const QJsonObject o = testing::readJsonObject(atlas);
            const QImage page(dir.filePath(o.value("imagePath").toString()));
            QCOMPARE(page.size(), QSize(o.value("width").toInt(), o.value("height").toInt()));
        }

        const int chainIndex = rig.findChain("arm_ik");
        QVERIFY(chainIndex >= 0);
        const Chain& chain = rig.chains()[std::size_t(chainIndex)];
        const QString targetBone = QStringLiteral("arm_ik_target");
        testing::Engine rng(seed * 104729);
        int compared = 0;
        for (int attempt = 0; attempt < 5; ++attempt) {
            // First the setup pose (the chain's own target), then reachable targets from
            // random poses of the chain.
            Vec2 target = chain.target.point;
            if (attempt > 0) {
                Rig posed = rig;
                for (JointIndex j = chain.tip; j != chain.root; j = posed.parent(j))
                    posed.setAngleClamped(j, testing::uniform(rng, -170, 170));
                target = forwardKinematics(posed)[chain.tip].position;
            }
            Rig solved = rig;
            const Effector effector{chain.tip, target, 1.0}; // the request refers to it
            SolveRequest request = chainRequest(chain, effector);
            SolveResult result;
            makeSolver(SolverKind::TwoBone)->run(solved, request, result);
            QVERIFY(result.limited.empty()); // the test rig has no limits: nothing to skip

            QJsonObject slotsOut;
            const QString failure = slotsInRuntime(dir.path(), skeleton, QJsonObject{{targetBone, QJsonArray{target.x, target.y}}},
                                                   atlases, slotsOut);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            QCOMPARE(slotsOut.size(), qsizetype(rig.slotList().size()));

            const auto world = forwardKinematics(solved);
            for (std::size_t i = 0; i < solved.slotList().size(); ++i) {
                const Slot& s = solved.slotList()[i];
                const testing::ArtImage& image = art.imageOfSlot[i];
                const QString name = QString::fromStdString(s.name);
                const QJsonObject o = slotsOut.value(name).toObject();
                QVERIFY2(!o.isEmpty(), qPrintable(name));
                QCOMPARE(o.value("displayIndex").toInt(), s.visible ? 0 : -1);
                QCOMPARE(o.value("alpha").toDouble(), std::lround(s.opacity * 100) / 100.0);
                QCOMPARE(o.value("size").toArray().at(0).toInt(), image.trimmedWidth());
                QCOMPARE(o.value("size").toArray().at(1).toInt(), image.trimmedHeight());
                const auto ours = testing::trimmedCorners(solved, world, s, image);
                const QJsonArray theirs = o.value("corners").toArray();
                for (int k = 0; k < 4; ++k) {
                    const QJsonArray c = theirs.at(k).toArray();
                    const double off = std::hypot(c.at(0).toDouble() - ours[std::size_t(k)].x,
                                                  c.at(1).toDouble() - ours[std::size_t(k)].y);
                    QVERIFY2(off < 1e-3, qPrintable(QString("attempt %1, slot %2, corner %3: %4 px away in the runtime")
                                                        .arg(attempt).arg(name).arg(k).arg(off)));
                }
            }
            ++compared;
        }
        QCOMPARE(compared, 5);
    }

    void examplesLandWhereBoneworkPutsThem_data()
    {
        QTest::addColumn<QString>("file");
        for (const char* file : {"humanoid.rig.json", "gunner.rig.json", "snake.rig.json"})
            QTest::newRow(file) << QString::fromLatin1(file);
    }
    void examplesLandWhereBoneworkPutsThem()
    {
        QFETCH(QString, file);
        const QString examples = bonework::testing::sourceTree() + QStringLiteral("/resources/examples");
        const io::LoadResult loaded = io::loadRigFile((examples + "/" + file).toStdString());
        QVERIFY2(loaded.ok(), loaded.error.toString().c_str());
        QVERIFY(!loaded.rig->slotList().empty());
        // Every chain switched off but the one being checked: the runtime's IK then moves only
        // the bones Bonework's solve moves.
        Rig off = *loaded.rig;
        for (std::size_t c = 0; c < off.chains().size(); ++c) {
            Chain chain = off.chains()[c];
            chain.mix = 0.0;
            QVERIFY(off.setChain(int(c), chain));
        }
        // The trimmed size of each slot's image, read as the exporter reads it.
        std::vector<testing::ArtImage> images;
        for (const Slot& s : off.slotList()) {
            exporters::RasterImage image;
            std::string why;
            QVERIFY2(formats::qtImageCodec().read((examples + "/" + QString::fromStdString(s.image)).toStdString(), image, why),
                     s.image.c_str());
            const auto trim = exporters::trimOf(image);
            QVERIFY(trim);
            images.push_back({QString::fromStdString(s.image), image.width, image.height, trim->left, trim->top,
                              trim->right(), trim->bottom(), false, false});
        }
        testing::Engine rng(qHash(file));
        int compared = 0;
        // -1: the setup pose; then each two-bone chain with its target moved.
        for (int chainIndex = -1; chainIndex < int(off.chains().size()); ++chainIndex) {
            Rig exported = off;
            Rig solved = off;
            QJsonObject targets;
            if (chainIndex >= 0) {
                Chain chain = off.chains()[std::size_t(chainIndex)];
                if (chain.solver != SolverKind::TwoBone || chain.target.isAttached())
                    continue;
                chain.mix = 1.0;
                QVERIFY(exported.setChain(chainIndex, chain));
                // A target some legal pose of the chain reaches.
                Rig posed = off;
                for (JointIndex j = chain.tip; j != chain.root; j = posed.parent(j))
                    posed.setAngleClamped(j, testing::uniform(rng, posed.minAngle(j), posed.maxAngle(j)));
                const Vec2 target = forwardKinematics(posed)[std::size_t(chain.tip)].position;
                const Effector effector{chain.tip, target, 1.0};
                SolveResult result;
                makeSolver(SolverKind::TwoBone)->run(solved, chainRequest(chain, effector), result);
                // Where a limit binds, DragonBones' IK (which has none) rightly goes elsewhere.
                if (!result.reached || !result.limited.empty())
                    continue;
                targets.insert(QString::fromStdString(chain.name) + QStringLiteral("_target"), QJsonArray{target.x, target.y});
            }
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            exporters::ExportReport report;
            std::string error;
            const QString skeleton = dir.filePath("example_ske.json");
            QVERIFY2(exporters::exportFiles(exporters::Runtime::DragonBones, exported, localPath(skeleton),
                                            {localPath(examples), {}}, formats::qtImageCodec(), report, &error),
                     error.c_str());
            QStringList atlases;
            for (const QString& written : qtPaths(report.files))
                if (written.endsWith(".json") && written != skeleton)
                    atlases << written;
            QJsonObject slotsOut;
            const QString failure = slotsInRuntime(dir.path(), skeleton, targets, atlases, slotsOut);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
            QCOMPARE(slotsOut.size(), qsizetype(solved.slotList().size()));
            const auto world = forwardKinematics(solved);
            for (std::size_t i = 0; i < solved.slotList().size(); ++i) {
                const Slot& s = solved.slotList()[i];
                const QString name = QString::fromStdString(s.name);
                const QJsonArray theirs = slotsOut.value(name).toObject().value("corners").toArray();
                const auto ours = testing::trimmedCorners(solved, world, s, images[i]);
                for (int k = 0; k < 4; ++k) {
                    const QJsonArray c = theirs.at(k).toArray();
                    const double off = std::hypot(c.at(0).toDouble() - ours[std::size_t(k)].x, c.at(1).toDouble() - ours[std::size_t(k)].y);
                    QVERIFY2(off < 1e-3, qPrintable(QString("%1, chain %2 moved, slot %3, corner %4: %5 px away in the runtime")
                                                        .arg(file).arg(chainIndex).arg(name).arg(k).arg(off)));
                }
            }
            ++compared;
        }
        QVERIFY2(compared >= 1, "at least the setup pose");
        qInfo("%s: %d poses compared", qPrintable(file), compared);
    }
};

QTEST_GUILESS_MAIN(TestExportSlotsRuntime)
#include "tst_export_slots_runtime.moc"
