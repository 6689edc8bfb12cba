#include "rig_output.h"

#include "command_line.h"

#include "file_format.h"
#include "shown_images.h"
#include "slot_images.h"

#include "bonework/io/rig_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <vector>

namespace bonework::cli {
namespace {

// Creates `folder` and any missing parents, remembering each one made (outermost first) so a
// failed write can take them away again.
bool makeFolder(const QString& folder, QStringList& made)
{
    QStringList missing;
    for (QString f = folder; !QFileInfo(f).exists(); f = QFileInfo(f).path()) {
        missing.prepend(f);
        if (QFileInfo(f).path() == f)
            break;
    }
    for (const QString& f : missing) {
        if (!QDir().mkdir(f))
            return false;
        made.append(f);
    }
    return true;
}

void removeFolders(const QStringList& made)
{
    for (auto it = made.crbegin(); it != made.crend(); ++it)
        QDir().rmdir(*it); // only empty ones: nothing else is touched
}

} // namespace

std::optional<ExitCode> writeDerivedRig(Command& command, const Rig& rig, const Rig& read, const io::EditorSettings& editor,
                                        const QString& input, const QString& output)
{
    // A mistyped -o must not turn the rig's art into JSON (render and export refuse alike).
    std::optional<ShownImage> shown = shownImageAt(read, input, output);
    if (!shown)
        shown = shownImageAt(rig, input, output);
    if (shown)
        return command.failure(QStringLiteral("refusing to write the rig over the image \"%1\" of slot \"%2\"; choose another output name")
                                   .arg(shown->image, shown->slot));
    const QString from = QFileInfo(input).absolutePath();
    const QString to = QFileInfo(output).absolutePath();
    const QString rigTarget = QFileInfo(output).absoluteFilePath();
    std::vector<io::FileToWrite> copies;
    QStringList copied, missing, made;
    // A folder that is not there is the rig's own write error; the same folder needs no copies.
    if (QFileInfo(to).isDir() && QFileInfo(from).canonicalFilePath() != QFileInfo(to).canonicalFilePath()) {
        for (const std::string& image : drawing::SlotImages::imagesOf(rig)) {
            const QString path = QString::fromStdString(image);
            const QString source = QDir::cleanPath(from + QLatin1Char('/') + path);
            const QString target = QDir::cleanPath(to + QLatin1Char('/') + path);
            // There already (or a link that leads nowhere): the user's file stays. The rig's own
            // name is never art. Missing at the source and at the output: named below, since
            // the written rig will miss it (the exit code stays 0: the rig itself was written).
            if (QFileInfo::exists(target) || QFileInfo(target).isSymLink() || target == rigTarget)
                continue;
            if (!QFileInfo(source).isFile()) {
                missing.append(path);
                continue;
            }
            if (formats::isSameFile(source, target))
                continue;
            QFile file(source);
            if (!file.open(QIODevice::ReadOnly)) {
                removeFolders(made);
                return command.cannotWrite(target, QStringLiteral("cannot read %1: %2").arg(source, file.errorString()));
            }
            const QByteArray data = file.readAll();
            if (!makeFolder(QFileInfo(target).path(), made)) {
                removeFolders(made);
                return command.cannotWrite(target, QStringLiteral("cannot make the folder %1").arg(QFileInfo(target).path()));
            }
            copies.push_back({QFile::encodeName(target).toStdString(), data.toStdString()});
            copied.append(path);
        }
    }
    std::string why;
    if (!io::saveRigFileWith(rig, QFile::encodeName(output).toStdString(), copies, &why, editor)) {
        removeFolders(made);
        return command.rigNotSaved(why);
    }
    // A whole character's art would fill the screen: five names, then how many more.
    const auto someNames = [](const QStringList& paths) {
        constexpr int kNamed = 5;
        QString names = QStringList(paths.mid(0, kNamed)).join(QStringLiteral(", "));
        if (paths.size() > kNamed)
            names += QStringLiteral(" and %1 more").arg(paths.size() - kNamed);
        return names;
    };
    const auto images = [](qsizetype n) { return n == 1 ? QStringLiteral("1 image") : QStringLiteral("%1 images").arg(n); };
    if (!copied.isEmpty())
        command.note(QStringLiteral("copied %1 beside %2 (the rig names %3 relative to its folder): %4")
                         .arg(images(copied.size()), output, copied.size() == 1 ? QStringLiteral("it") : QStringLiteral("them"),
                              someNames(copied)));
    if (!missing.isEmpty())
        command.note(QStringLiteral("warning: %1 the rig names %2 missing beside %3, so not copied; %4 will miss %5: %6")
                         .arg(images(missing.size()), missing.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                              input, output, missing.size() == 1 ? QStringLiteral("it") : QStringLiteral("them"),
                              someNames(missing)));
    return std::nullopt;
}

} // namespace bonework::cli
