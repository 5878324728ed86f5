#pragma once
// Base64 (RFC 4648 §4, with '=' padding), for binary data embedded in text such as data: URIs.

#include <cstdint>
#include <span>
#include <string>

namespace gcvu::formats {

std::string encode_base64(std::span<const uint8_t> data);

}  // namespace gcvu::formats
