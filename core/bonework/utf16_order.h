#pragma once
// Names in UTF-16 order: the order JSON tools (and the rig file loader) list an object's members
// in. It is UTF-8 byte order, except that characters above U+FFFF (lead bytes F0..F4) come
// before U+E000..U+FFFF (lead bytes EE, EF), as their UTF-16 surrogates do.

#include <algorithm>
#include <string_view>

namespace bonework {

inline bool lessInUtf16(std::string_view a, std::string_view b)
{
    const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    if (ia == a.end() || ib == b.end())
        return ib != b.end();
    const auto rank = [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c == 0xEE || c == 0xEF ? c + 0x10 : c;
    };
    return rank(*ia) < rank(*ib);
}

} // namespace bonework
