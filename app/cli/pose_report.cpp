#include "pose_report.h"

#include "bonework/forward_kinematics.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <vector>

namespace bonework::cli {

QString jsonString(const QString& s)
{
    const QByteArray array = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

QString jsonNumber(double v) { return QString::number(v, 'g', QLocale::FloatingPointShortest); }

QString jointsMember(const Rig& rig)
{
    const std::vector<WorldTransform> world = forwardKinematics(rig);
    QString json = QStringLiteral("\"joints\": {");
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const Vec2 p = world[i].position;
        json += (i ? QStringLiteral(", ") : QString()) + jsonString(QString::fromStdString(rig.jointName(static_cast<JointIndex>(i))))
                + QStringLiteral(": [") + jsonNumber(p.x) + QStringLiteral(", ") + jsonNumber(p.y) + u']';
    }
    return json + u'}';
}

QString heldChainsMember(const Rig& rig, std::span<const solvers::ChainHoldResult> results)
{
    QString json = QStringLiteral("\"chains\": {");
    bool first = true;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const solvers::ChainHoldResult& h = results[i];
        if (!h.held)
            continue;
        json += (first ? QString() : QStringLiteral(", ")) + jsonString(QString::fromStdString(rig.chains()[i].name))
                + QStringLiteral(": {\"iterations\": ") + QString::number(h.iterations) + QStringLiteral(", \"error\": ")
                + jsonNumber(h.error) + QStringLiteral(", \"reached\": ") + QLatin1String(h.reached ? "true" : "false")
                + QStringLiteral(", \"mix\": ") + jsonNumber(rig.chains()[i].mix) + u'}';
        first = false;
    }
    return json + u'}';
}

QString slotsMember(const Rig& rig)
{
    QString json = QStringLiteral("\"slots\": {");
    bool first = true;
    for (const Slot& slot : rig.slotList()) {
        json += (first ? QString() : QStringLiteral(", ")) + jsonString(QString::fromStdString(slot.name))
                + QStringLiteral(": {\"image\": ") + jsonString(QString::fromStdString(slot.image)) + QStringLiteral(", \"visible\": ")
                + QLatin1String(slot.visible ? "true" : "false") + QStringLiteral(", \"opacity\": ") + jsonNumber(slot.opacity) + u'}';
        first = false;
    }
    return json + u'}';
}

} // namespace bonework::cli
