#pragma once
// The rig file API speaks std::string (UTF-8 text, file-system paths as bytes); the Qt tests
// build and compare with QString and QByteArray. These convert at that boundary.

#include <QByteArray>
#include <QFile>
#include <QString>

#include <cstddef>
#include <string>
#include <string_view>

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

} // namespace bonework::testing
