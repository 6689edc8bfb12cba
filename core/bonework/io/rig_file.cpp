// Reading and writing rig files on disk; the format itself lives in rig_reader.cpp and
// rig_writer.cpp.

#include "bonework/io/rig_file.h"

#include "bonework/io/atomic_file.h"
#include "bonework/io/utf8.h"

#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <string_view>

namespace bonework::io {
namespace {

QString nonFiniteValue(const Rig& rig);

// Why the rig cannot be written as a valid file (a name that is not UTF-8, which the loader
// would refuse, or a number JSON cannot hold); empty when it can. Checked edits never produce
// either, but unchecked paths could.
QString unsavable(const Rig& rig)
{
    if (!isValidUtf8(rig.name()))
        return QStringLiteral("the rig's name is not valid UTF-8");
    for (std::size_t i = 0; i < rig.jointCount(); ++i)
        if (!isValidUtf8(rig.jointName(static_cast<JointIndex>(i))))
            return QStringLiteral("the name of joint %1 is not valid UTF-8").arg(i);
    for (std::size_t c = 0; c < rig.chains().size(); ++c)
        if (!isValidUtf8(rig.chains()[c].name))
            return QStringLiteral("the name of chain %1 is not valid UTF-8").arg(c);
    return nonFiniteValue(rig);
}

// The first number a JSON file could not hold, or empty when all are finite.
QString nonFiniteValue(const Rig& rig)
{
    auto bad = [](double v) { return !std::isfinite(v); };
    for (std::size_t i = 0; i < rig.jointCount(); ++i) {
        const auto j = static_cast<JointIndex>(i);
        const Vec2 p = rig.rootPosition(j);
        if (bad(p.x) || bad(p.y) || bad(rig.angle(j)) || bad(rig.length(j)) || bad(rig.minAngle(j))
            || bad(rig.maxAngle(j)))
            return QStringLiteral("joint \"%1\" has a non-finite number").arg(QString::fromStdString(rig.jointName(j)));
    }
    for (const Chain& c : rig.chains())
        if (bad(c.tolerance) || (!c.target.isAttached() && (bad(c.target.point.x) || bad(c.target.point.y))))
            return QStringLiteral("chain \"%1\" has a non-finite number").arg(QString::fromStdString(c.name));
    return {};
}

} // namespace

QString LoadError::toString() const
{
    QString out = file;
    if (!jsonPath.isEmpty())
        out += QStringLiteral(": ") + jsonPath;
    out += QStringLiteral(": ") + message;
    return out;
}

bool isReadError(const LoadError& error)
{
    return error.readError;
}

LoadResult loadRigFile(const QString& path)
{
    auto readFailure = [&](const QString& why) {
        LoadResult result;
        result.error.file = path;
        result.error.message = why;
        result.error.readError = true;
        return result;
    };
    const QFileInfo info(path);
    if (!info.exists())
        return readFailure(QStringLiteral("cannot read the file: it does not exist"));
    if (info.isDir())
        return readFailure(QStringLiteral("cannot read the file: it is a directory"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return readFailure(QStringLiteral("cannot read the file: %1").arg(file.errorString()));
    // Refuse huge files before reading them: bounded memory on hostile input. (A size of 0 may
    // mean a pipe or special file, so the read itself is bounded too.)
    if (file.size() > kMaxRigFileBytes) {
        LoadResult result;
        result.error.file = path;
        result.error.message = QStringLiteral("the file is too large (%1 bytes; rig files are at most %2 MiB)")
                                   .arg(file.size()).arg(kMaxRigFileBytes / (1024 * 1024));
        return result;
    }
    const QByteArray data = file.read(kMaxRigFileBytes + 1);
    if (file.error() != QFileDevice::NoError)
        return readFailure(QStringLiteral("cannot read the file: %1").arg(file.errorString()));
    return parseRig(data, path);
}

bool saveRigFile(const Rig& rig, const QString& path, QString* errorMessage, const EditorSettings& editor)
{
    auto failed = [&](const QString& why) {
        if (errorMessage)
            *errorMessage = why;
        return false;
    };
    if (const QString why = unsavable(rig); !why.isEmpty())
        return failed(QStringLiteral("cannot save %1: %2").arg(path, why));
    const QByteArray data = serializeRig(rig, editor);
    std::string why;
    const std::string_view bytes(data.constData(), static_cast<std::size_t>(data.size()));
    if (!writeFileAtomically(QFile::encodeName(path).toStdString(), bytes, why))
        return failed(QStringLiteral("cannot write %1: %2").arg(path, QString::fromLocal8Bit(why)));
    return true;
}

} // namespace bonework::io
