#pragma once
// The sixteen UNPACK formats of CMD bits 0-3 (VL = bits 0-1, VN = bits 2-3), their source sizes, and the payload
// length rule (reference/vif-gif-formats.md §1.3).

#include <array>
#include <cstdint>
#include <string_view>

namespace gcvu::vif {

enum class UnpackFormat : uint8_t {
  kS32 = 0x0,
  kS16 = 0x1,
  kS8 = 0x2,
  kInvalid3 = 0x3,
  kV2_32 = 0x4,
  kV2_16 = 0x5,
  kV2_8 = 0x6,
  kInvalid7 = 0x7,
  kV3_32 = 0x8,
  kV3_16 = 0x9,
  kV3_8 = 0xa,
  kInvalidB = 0xb,
  kV4_32 = 0xc,
  kV4_16 = 0xd,
  kV4_8 = 0xe,
  kV4_5 = 0xf,
};
inline constexpr int kUnpackFormatCount = 16;

constexpr UnpackFormat unpack_format_of(uint8_t cmd) { return static_cast<UnpackFormat>(cmd & 0x0f); }

// VL=3 (5-bit) exists only as V4-5; S-5, V2-5 and V3-5 are not formats.
constexpr bool unpack_format_valid(UnpackFormat format) {
  const int bits = static_cast<int>(format);
  return (bits & 3) != 3 || bits == 0xf;
}
// Components the source carries per vector: 1 (S) to 4 (V4).
constexpr int unpack_components(UnpackFormat format) { return (static_cast<int>(format) >> 2) + 1; }
// Bytes of one source element: 4, 2 or 1 (V4-5 counts its 16-bit word as one element).
constexpr int unpack_element_bytes(UnpackFormat format) {
  if (format == UnpackFormat::kV4_5) return 2;
  return 4 >> (static_cast<int>(format) & 3);
}
// gsize: source bytes per vector (PCSX2's nVifT). 0 for the invalid formats.
constexpr int unpack_vector_bytes(UnpackFormat format) {
  if (!unpack_format_valid(format)) return 0;
  if (format == UnpackFormat::kV4_5) return 2;
  return unpack_components(format) * unpack_element_bytes(format);
}

constexpr std::string_view unpack_format_name(UnpackFormat format) {
  constexpr std::array<std::string_view, kUnpackFormatCount> kNames = {
      "S-32",  "S-16",  "S-8",  "S-5 (invalid)",  "V2-32", "V2-16", "V2-8", "V2-5 (invalid)",
      "V3-32", "V3-16", "V3-8", "V3-5 (invalid)", "V4-32", "V4-16", "V4-8", "V4-5"};
  return kNames[static_cast<size_t>(format)];
}

// How much source an UNPACK reads.
struct UnpackLength {
  uint32_t vectors = 0;  // source vectors read
  uint32_t words = 0;    // payload words after the VIFcode: ceil(vectors * gsize / 4), padded to a word
};

// `num` is the decoded qword count (1-256); `cl` and `wl` are CYCLE's raw fields (WL=0 means 256).
// Skipping write (CL >= WL): every written qword reads a vector. Filling write (CL < WL): only the first CL cycles
// of each WL block read, so n = CL·(NUM/WL) + min(NUM%WL, CL) (pcsx2 Vif_Unpack.cpp vifUnpackSetup).
constexpr UnpackLength unpack_length(UnpackFormat format, uint32_t num, uint32_t cl, uint32_t wl) {
  const uint32_t write_length = wl == 0 ? 256 : wl;
  uint32_t vectors = num;
  if (cl < write_length) {
    const uint32_t tail = num % write_length;
    vectors = cl * (num / write_length) + (tail < cl ? tail : cl);
  }
  const uint32_t bytes = vectors * static_cast<uint32_t>(unpack_vector_bytes(format));
  return UnpackLength{vectors, (bytes + 3) / 4};
}

}  // namespace gcvu::vif
