#pragma once
// Where a value sits inside a JSON document, as a chain of small stack objects: the reader
// passes them down for free and renders them ("joints[3].length") only when something is wrong.

#include <cstddef>
#include <string>
#include <string_view>

namespace bonework::io {

class JsonPath {
public:
    JsonPath() = default; // the document itself
    JsonPath(const JsonPath& parent, std::string_view key) : m_parent(&parent), m_key(key) {}
    JsonPath(const JsonPath& parent, std::ptrdiff_t index) : m_parent(&parent), m_index(index) {}

    // "joints[3].length"; keys that are not plain identifiers are quoted: chains[0]["my key"].
    std::string toString() const;

private:
    void appendTo(std::string& out) const;

    const JsonPath* m_parent = nullptr;
    std::string_view m_key;      // set for object members (UTF-8, viewed, not owned)
    std::ptrdiff_t m_index = -1; // set for array elements
};

} // namespace bonework::io
