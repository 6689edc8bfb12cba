// resources/schema/rig.schema.json and the loader describe the same format: the same versions,
// the same fields for each kind of object (an unknown field is an error in both; slots only in
// version 2, a clip's loop only in version 3), the same names for solvers, bends and shapes, the same defaults, and the
// documented example validates against the schema's required lists.
#include "bonework/io/rig_animation_reader.h"
#include "bonework/io/rig_file.h"
#include "source_tree.h"
#include "std_text.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTest>

using namespace bonework;
using namespace bonework::io;
using bonework::testing::qt;
using bonework::testing::view;

namespace {

QJsonObject schema()
{
    QFile f(bonework::testing::sourceTree() + QStringLiteral("/resources/schema/rig.schema.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the schema");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("the schema is not JSON: %s", qPrintable(error.errorString()));
    return doc.object();
}

QSet<QString> keys(const QJsonObject& o)
{
    const QStringList k = o.keys();
    return QSet<QString>(k.begin(), k.end());
}

QSet<QString> strings(const QJsonArray& a)
{
    QSet<QString> out;
    for (const QJsonValue& v : a)
        out.insert(v.toString());
    return out;
}

// The fields the loader accepts, from its "unknown field (expected one of: ...)" message for a
// file with one unknown field at `path`.
QSet<QString> loaderFields(const QByteArray& json)
{
    const LoadResult r = parseRig(view(json), "probe.json");
    const QString prefix = QStringLiteral("unknown field (expected one of: ");
    if (r.ok() || !qt(r.error.message).startsWith(prefix))
        qFatal("probe not refused for its unknown field: %s", r.error.toString().c_str());
    QString list = qt(r.error.message).mid(prefix.size());
    list.chop(1);
    const QStringList names = list.split(QStringLiteral(", "));
    return QSet<QString>(names.begin(), names.end());
}

const QByteArray kHead = "{\"format\":\"bonework.rig\",\"version\":1,";
const QByteArray kHeadV2 = "{\"format\":\"bonework.rig\",\"version\":2,";
const QByteArray kHeadV3 = "{\"format\":\"bonework.rig\",\"version\":3,";

} // namespace

class TestRigSchema : public QObject {
    Q_OBJECT

private slots:
    void isDraft2020AndStrict()
    {
        const QJsonObject s = schema();
        QCOMPARE(s.value(QStringLiteral("$schema")).toString(), QStringLiteral("https://json-schema.org/draft/2020-12/schema"));
        const QJsonObject defs = s.value(QStringLiteral("$defs")).toObject();
        QCOMPARE(s.value(QStringLiteral("additionalProperties")).toBool(true), false);
        QCOMPARE(defs.value(QStringLiteral("joint")).toObject().value(QStringLiteral("additionalProperties")).toBool(true), false);
        QCOMPARE(defs.value(QStringLiteral("chain")).toObject().value(QStringLiteral("additionalProperties")).toBool(true), false);
        QCOMPARE(defs.value(QStringLiteral("slot")).toObject().value(QStringLiteral("additionalProperties")).toBool(true), false);
    }

    void sameFieldsAsTheLoader()
    {
        const QJsonObject s = schema();
        const QJsonObject defs = s.value(QStringLiteral("$defs")).toObject();
        // Version 2's fields; version 1 has all but slots and animations.
        QSet<QString> top = keys(s.value(QStringLiteral("properties")).toObject());
        QCOMPARE(top, loaderFields(kHeadV2 + "\"joints\":[{\"name\":\"r\"}],\"bogus\":1}"));
        top.remove(QStringLiteral("slots"));
        top.remove(QStringLiteral("animations"));
        QCOMPARE(top, loaderFields(kHead + "\"joints\":[{\"name\":\"r\"}],\"bogus\":1}"));
        QCOMPARE(keys(defs.value(QStringLiteral("slot")).toObject().value(QStringLiteral("properties")).toObject()),
                 loaderFields(kHeadV2 + "\"joints\":[{\"name\":\"r\"}],\"slots\":[{\"bogus\":1}]}"));
        QCOMPARE(keys(defs.value(QStringLiteral("joint")).toObject().value(QStringLiteral("properties")).toObject()),
                 loaderFields(kHead + "\"joints\":[{\"name\":\"r\",\"bogus\":1}]}"));
        // Animations: the clip, each kind of track and each kind of key.
        const QJsonObject clip = defs.value(QStringLiteral("animation")).toObject().value(QStringLiteral("properties")).toObject();
        const QByteArray animated = kHeadV3 + "\"joints\":[{\"name\":\"r\"},{\"name\":\"b\",\"parent\":\"r\",\"length\":1}],"
                                              "\"chains\":[{\"name\":\"c\",\"root\":\"r\",\"tip\":\"b\",\"solver\":\"ccd\","
                                              "\"target\":{\"x\":0,\"y\":0}}],\"slots\":[{\"name\":\"s\",\"bone\":\"b\",\"image\":\"a.png\"}],"
                                              "\"animations\":[{\"name\":\"a\",\"duration\":1,";
        QCOMPARE(keys(clip), loaderFields(animated + "\"bogus\":1}]}"));
        // Version 2's clips have all but the loop flag (version 3).
        QSet<QString> clipV2 = keys(clip);
        clipV2.remove(QStringLiteral("loop"));
        QByteArray animatedV2 = animated;
        animatedV2.replace(kHeadV3, kHeadV2);
        QCOMPARE(clipV2, loaderFields(animatedV2 + "\"bogus\":1}]}"));
        auto channels = [&](const char* kind) {
            return keys(clip.value(QLatin1String(kind)).toObject().value(QStringLiteral("additionalProperties")).toObject()
                            .value(QStringLiteral("properties")).toObject());
        };
        QCOMPARE(channels("joints"), loaderFields(animated + "\"joints\":{\"b\":{\"bogus\":[]}}}]}"));
        QCOMPARE(channels("chains"), loaderFields(animated + "\"chains\":{\"c\":{\"bogus\":[]}}}]}"));
        QCOMPARE(channels("slots"), loaderFields(animated + "\"slots\":{\"s\":{\"bogus\":[]}}}]}"));
        auto keyFields = [&](const char* def) {
            return keys(defs.value(QLatin1String(def)).toObject().value(QStringLiteral("properties")).toObject());
        };
        QCOMPARE(keyFields("numberKey"), loaderFields(animated + "\"joints\":{\"b\":{\"angle\":[{\"bogus\":1}]}}}]}"));
        QCOMPARE(keyFields("pointKey"), loaderFields(animated + "\"chains\":{\"c\":{\"target\":[{\"bogus\":1}]}}}]}"));
        QCOMPARE(keyFields("switchKey"), loaderFields(animated + "\"slots\":{\"s\":{\"visible\":[{\"bogus\":1}]}}}]}"));
        QCOMPARE(keyFields("imageKey"), loaderFields(animated + "\"slots\":{\"s\":{\"image\":[{\"bogus\":1}]}}}]}"));
        // A keyed image obeys the rules of a slot's own image: one definition for both.
        const QString imagePath = QStringLiteral("#/$defs/imagePath");
        QCOMPARE(defs.value(QStringLiteral("slot")).toObject().value(QStringLiteral("properties")).toObject().value(QStringLiteral("image"))
                     .toObject().value(QStringLiteral("$ref")).toString(), imagePath);
        QCOMPARE(defs.value(QStringLiteral("imageKey")).toObject().value(QStringLiteral("properties")).toObject().value(QStringLiteral("value"))
                     .toObject().value(QStringLiteral("$ref")).toString(), imagePath);
        QCOMPARE(keys(defs.value(QStringLiteral("chain")).toObject().value(QStringLiteral("properties")).toObject()),
                 loaderFields(kHead + "\"joints\":[{\"name\":\"r\"}],\"chains\":[{\"bogus\":1}]}"));
        const QJsonArray targets = defs.value(QStringLiteral("chain")).toObject().value(QStringLiteral("properties"))
                                       .toObject().value(QStringLiteral("target")).toObject().value(QStringLiteral("oneOf")).toArray();
        QSet<QString> targetFields;
        for (const QJsonValue& t : targets)
            targetFields += keys(t.toObject().value(QStringLiteral("properties")).toObject());
        QCOMPARE(targetFields, loaderFields(kHead + "\"joints\":[{\"name\":\"r\"}],\"chains\":[{\"name\":\"c\",\"root\":\"r\","
                                                    "\"tip\":\"r\",\"solver\":\"follow\",\"target\":{\"bogus\":1}}]}"));
    }

    void sameNamesAsTheModel()
    {
        const QJsonObject defs = schema().value(QStringLiteral("$defs")).toObject();
        const QJsonObject chain = defs.value(QStringLiteral("chain")).toObject().value(QStringLiteral("properties")).toObject();
        QSet<QString> solvers;
        for (SolverKind k : kAllSolvers)
            solvers.insert(QString::fromLatin1(solverName(k)));
        QCOMPARE(strings(chain.value(QStringLiteral("solver")).toObject().value(QStringLiteral("enum")).toArray()), solvers);
        QCOMPARE(strings(chain.value(QStringLiteral("bend")).toObject().value(QStringLiteral("enum")).toArray()),
                 (QSet<QString>{QString::fromLatin1(bendName(BendDirection::Positive)),
                                QString::fromLatin1(bendName(BendDirection::Negative))}));
        QSet<QString> shapes;
        for (io::NodeShape sh : io::kAllNodeShapes)
            shapes.insert(QString::fromLatin1(io::nodeShapeName(sh)));
        QCOMPARE(strings(schema().value(QStringLiteral("properties")).toObject().value(QStringLiteral("shape")).toObject()
                             .value(QStringLiteral("enum")).toArray()),
                 shapes);
        // Every version this build reads, and no other.
        QList<int> versions;
        for (const QJsonValue& v : schema().value(QStringLiteral("properties")).toObject().value(QStringLiteral("version"))
                                       .toObject().value(QStringLiteral("enum")).toArray())
            versions << v.toInt();
        QList<int> readable;
        for (int v = kOldestRigFormatVersion; v <= kRigFormatVersion; ++v)
            readable << v;
        QCOMPARE(versions, readable);
    }

    // The defaults the schema states are the ones the loader applies.
    void sameDefaults()
    {
        const QJsonObject defs = schema().value(QStringLiteral("$defs")).toObject();
        const QJsonObject joint = defs.value(QStringLiteral("joint")).toObject().value(QStringLiteral("properties")).toObject();
        const QJsonObject chain = defs.value(QStringLiteral("chain")).toObject().value(QStringLiteral("properties")).toObject();
        auto def = [](const QJsonObject& props, const char* key) {
            return props.value(QLatin1String(key)).toObject().value(QStringLiteral("default"));
        };
        const LoadResult r = parseRig(view(kHead + "\"joints\":[{\"name\":\"r\"},{\"name\":\"b\",\"parent\":\"r\",\"length\":1}],"
                                              "\"chains\":[{\"name\":\"c\",\"root\":\"r\",\"tip\":\"b\",\"solver\":\"ccd\","
                                              "\"target\":{\"x\":0,\"y\":0}}]}"),
                                      "defaults.json");
        QVERIFY2(r.ok(), r.error.toString().c_str());
        const Rig& rig = *r.rig;
        QCOMPARE(def(joint, "x").toDouble(), rig.rootPosition(0).x);
        QCOMPARE(def(joint, "y").toDouble(), rig.rootPosition(0).y);
        QCOMPARE(def(joint, "rotation").toDouble(), rig.angle(0));
        QCOMPARE(def(joint, "angle").toDouble(), rig.angle(1));
        QCOMPARE(def(joint, "min").toDouble(), rig.minAngle(1));
        QCOMPARE(def(joint, "max").toDouble(), rig.maxAngle(1));
        QCOMPARE(def(joint, "pinned").toBool(), rig.isPinned(1));
        QCOMPARE(def(chain, "iterations").toInt(), rig.chains()[0].iterations);
        QCOMPARE(def(chain, "tolerance").toDouble(), rig.chains()[0].tolerance);
        QCOMPARE(def(chain, "bend").toString(), QString::fromLatin1(bendName(rig.chains()[0].bend)));

        const QJsonObject slot = defs.value(QStringLiteral("slot")).toObject().value(QStringLiteral("properties")).toObject();
        const LoadResult withSlot = parseRig(view(kHeadV2 + "\"joints\":[{\"name\":\"r\"}],\"slots\":[{\"name\":\"s\","
                                                            "\"bone\":\"r\",\"image\":\"a.png\"}]}"),
                                             "slot defaults.json");
        QVERIFY2(withSlot.ok(), withSlot.error.toString().c_str());
        const Slot& s = withSlot.rig->slotList().at(0);
        QCOMPARE(def(slot, "x").toDouble(), s.x);
        QCOMPARE(def(slot, "y").toDouble(), s.y);
        QCOMPARE(def(slot, "rotation").toDouble(), s.rotation);
        QCOMPARE(def(slot, "scaleX").toDouble(), s.scaleX);
        QCOMPARE(def(slot, "scaleY").toDouble(), s.scaleY);
        QCOMPARE(def(slot, "pivotX").toDouble(), s.pivotX);
        QCOMPARE(def(slot, "pivotY").toDouble(), s.pivotY);
        QCOMPARE(def(slot, "opacity").toDouble(), s.opacity);
        QCOMPARE(def(slot, "visible").toBool(false), s.visible);
    }

    // The bounds the schema states are rig.h's: every number that places something in the world.
    void sameBoundsAsTheModel()
    {
        const QJsonObject defs = schema().value(QStringLiteral("$defs")).toObject();
        auto props = [&](const char* def) {
            return defs.value(QLatin1String(def)).toObject().value(QStringLiteral("properties")).toObject();
        };
        // A field's own bounds, or those of the definition it refers to.
        auto field = [&](const QJsonObject& properties, const char* key) {
            QJsonObject f = properties.value(QLatin1String(key)).toObject();
            const QString ref = f.value(QStringLiteral("$ref")).toString();
            if (!ref.isEmpty())
                f = defs.value(ref.section(QLatin1Char('/'), -1)).toObject();
            return f;
        };
        auto verifyWithin = [&](const QJsonObject& properties, const char* key, double bound) {
            const QJsonObject f = field(properties, key);
            QVERIFY2(f.value(QStringLiteral("minimum")).toDouble() == -bound, key);
            QVERIFY2(f.value(QStringLiteral("maximum")).toDouble() == bound, key);
        };
        for (const char* key : {"x", "y"}) {
            verifyWithin(props("joint"), key, kMostRootCoordinate);
            verifyWithin(props("slot"), key, kMostSlotOffset);
            verifyWithin(props("pointKey"), key, kMostTargetCoordinate);
        }
        verifyWithin(props("coordinateKey"), "value", kMostRootCoordinate);
        for (const char* key : {"pivotX", "pivotY"})
            verifyWithin(props("slot"), key, kMostSlotPivot);
        for (const char* key : {"scaleX", "scaleY"}) { // either sign (below 0 mirrors), not 0
            verifyWithin(props("slot"), key, kMostSlotScale);
            QCOMPARE(field(props("slot"), key).value(QStringLiteral("not")).toObject().value(QStringLiteral("const")).toDouble(-1), 0.0);
        }
        QCOMPARE(field(props("joint"), "length").value(QStringLiteral("maximum")).toDouble(), kMostBoneLength);
        const QJsonArray targets = props("chain").value(QStringLiteral("target")).toObject().value(QStringLiteral("oneOf")).toArray();
        const QJsonObject point = targets.at(0).toObject().value(QStringLiteral("properties")).toObject();
        for (const char* key : {"x", "y"})
            verifyWithin(point, key, kMostTargetCoordinate);
        // A root's keys are its x and y, a chain's target keys points.
        const QJsonObject joints = defs.value(QStringLiteral("animation")).toObject().value(QStringLiteral("properties")).toObject()
                                       .value(QStringLiteral("joints")).toObject().value(QStringLiteral("additionalProperties"))
                                       .toObject().value(QStringLiteral("properties")).toObject();
        for (const char* key : {"x", "y"})
            QCOMPARE(joints.value(QLatin1String(key)).toObject().value(QStringLiteral("items")).toObject().value(QStringLiteral("$ref")).toString(),
                     QStringLiteral("#/$defs/coordinateKey"));
        // The same fields as any number key.
        QCOMPARE(keys(props("coordinateKey")), keys(props("numberKey")));
        QCOMPARE(keys(props("fractionKey")), keys(props("numberKey")));
        // A chain's mix and a slot's opacity are keyed within [0, 1], as the loader has them.
        const QJsonObject fraction = props("fractionKey").value(QStringLiteral("value")).toObject();
        QCOMPARE(fraction.value(QStringLiteral("minimum")).toDouble(-1), 0.0);
        QCOMPARE(fraction.value(QStringLiteral("maximum")).toDouble(-1), 1.0);
        const QJsonObject clip = defs.value(QStringLiteral("animation")).toObject().value(QStringLiteral("properties")).toObject();
        auto channelItems = [&](const char* kind, const char* channel) {
            return clip.value(QLatin1String(kind)).toObject().value(QStringLiteral("additionalProperties")).toObject()
                .value(QStringLiteral("properties")).toObject().value(QLatin1String(channel)).toObject()
                .value(QStringLiteral("items")).toObject().value(QStringLiteral("$ref")).toString();
        };
        QCOMPARE(channelItems("chains", "mix"), QStringLiteral("#/$defs/fractionKey"));
        QCOMPARE(channelItems("slots", "opacity"), QStringLiteral("#/$defs/fractionKey"));
        // The caps on what a file may hold.
        const QJsonObject top = schema().value(QStringLiteral("properties")).toObject();
        QCOMPARE(top.value(QStringLiteral("chains")).toObject().value(QStringLiteral("maxItems")).toInt(), kMaxChains);
        QCOMPARE(top.value(QStringLiteral("slots")).toObject().value(QStringLiteral("maxItems")).toInt(), kMaxSlots);
        QCOMPARE(top.value(QStringLiteral("animations")).toObject().value(QStringLiteral("maxItems")).toInt(), kMaxAnimations);
    }
};

QTEST_GUILESS_MAIN(TestRigSchema)
#include "tst_rig_schema.moc"
