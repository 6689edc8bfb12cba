#pragma once
// SHA-1, for the Spine skeleton's "hash" field only: Spine's editor writes one so that tools can
// tell whether two exports hold the same skeleton. Not for anything that needs security.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace bonework::exporters {

std::array<std::uint8_t, 20> sha1(std::string_view data);
// Standard Base64 (RFC 4648, with '=' padding).
std::string base64(const std::uint8_t* bytes, std::size_t size);

} // namespace bonework::exporters
