#pragma once
// The rig file and export APIs speak std::string (UTF-8 text, file-system paths as bytes); the
// Qt tests build and compare with QString, QStringList and QByteArray. These convert at that
// boundary.

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bonework::testing {

// A path as the Qt-free file functions take it: the file system's bytes for the name.
inline std::string localPath(const QString& path)
{
    return QFile::encodeName(path).toStdString();
}

// The bytes of `data` for the parser, without a copy (valid while `data` is).
inline std::string_view view(const QByteArray& data)
{
    return {data.constData(), static_cast<std::size_t>(data.size())};
}

inline QString qt(const std::string& text)
{
    return QString::fromStdString(text);
}

inline QByteArray qtBytes(const std::string& data)
{
    return QByteArray::fromStdString(data);
}

// Lines of UTF-8 text (an export report's losses and decisions).
inline QStringList qtList(const std::vector<std::string>& lines)
{
    QStringList out;
    out.reserve(qsizetype(lines.size()));
    for (const std::string& line : lines)
        out << qt(line);
    return out;
}

// A path a Qt-free function gives back (the file system's bytes for the name), as Qt names it:
// localPath's inverse.
inline QString qtPath(const std::string& path)
{
    return QFile::decodeName(QByteArray::fromStdString(path));
}

inline QStringList qtPaths(const std::vector<std::string>& paths)
{
    QStringList out;
    out.reserve(qsizetype(paths.size()));
    for (const std::string& path : paths)
        out << qtPath(path);
    return out;
}

} // namespace bonework::testing
