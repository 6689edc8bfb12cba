#pragma once
// Where a value sits inside a JSON document, as a chain of small stack objects: the reader
// passes them down for free and renders them ("joints[3].length") only when something is wrong.

#include <QString>
#include <QStringView>

namespace bonework::io {

class JsonPath {
public:
    JsonPath() = default; // the document itself
    JsonPath(const JsonPath& parent, QStringView key) : m_parent(&parent), m_key(key) {}
    JsonPath(const JsonPath& parent, qsizetype index) : m_parent(&parent), m_index(index) {}

    // "joints[3].length"; keys that are not plain identifiers are quoted: chains[0]["my key"].
    QString toString() const;

private:
    void appendTo(QString& out) const;

    const JsonPath* m_parent = nullptr;
    QStringView m_key;     // set for object members
    qsizetype m_index = -1; // set for array elements
};

} // namespace bonework::io
