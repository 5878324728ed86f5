#pragma once
// The CSM1 CLUT order as PCSX2 tabulates it (GS/GSTables.cpp): element offsets, in the CLUT's storage format, of
// the entries of a CLUT at CBP. Clut loads by the rule these tables encode (clut.cpp: the entry's (x, y) in an 8x2
// or 16x16 rectangle, with index bits 3 and 4 swapped for 8-bit CLUTs); the tests check the rule against them.
//   T32I8: u32 offset (from block CBP) of entry 0..127 (entries 128..255 sit 128 further on);
//   T32I4 / T16I4: u32 / u16 offset of entry 0..15; T16I8: u16 offset of entries 0..31.

#include <array>
#include <cstdint>

namespace gcvu::gs {

inline constexpr std::array<uint8_t, 128> kClutTableT32I8 = {
    0,  1,  4,   5,   8,   9,   12,  13,  2,   3,   6,   7,   10,  11,  14,  15,  64,  65,  68,  69,  72,  73,
    76, 77, 66,  67,  70,  71,  74,  75,  78,  79,  16,  17,  20,  21,  24,  25,  28,  29,  18,  19,  22,  23,
    26, 27, 30,  31,  80,  81,  84,  85,  88,  89,  92,  93,  82,  83,  86,  87,  90,  91,  94,  95,  32,  33,
    36, 37, 40,  41,  44,  45,  34,  35,  38,  39,  42,  43,  46,  47,  96,  97,  100, 101, 104, 105, 108, 109,
    98, 99, 102, 103, 106, 107, 110, 111, 48,  49,  52,  53,  56,  57,  60,  61,  50,  51,  54,  55,  58,  59,
    62, 63, 112, 113, 116, 117, 120, 121, 124, 125, 114, 115, 118, 119, 122, 123, 126, 127,
};

inline constexpr std::array<uint8_t, 16> kClutTableT32I4 = {
    0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15,
};

inline constexpr std::array<uint8_t, 32> kClutTableT16I8 = {
    0, 2, 8, 10, 16, 18, 24, 26, 4, 6, 12, 14, 20, 22, 28, 30,
    1, 3, 9, 11, 17, 19, 25, 27, 5, 7, 13, 15, 21, 23, 29, 31,
};

inline constexpr std::array<uint8_t, 16> kClutTableT16I4 = {
    0, 2, 8, 10, 16, 18, 24, 26, 4, 6, 12, 14, 20, 22, 28, 30,
};

}  // namespace gcvu::gs
