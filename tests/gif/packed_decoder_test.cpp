// Each PACKED register descriptor on its own, against the bit layouts of reference/vif-gif-formats.md §2.2
// (ps2tek GIF/Data_formats.md) and the GS register layouts of ps2tek GS/Vertex_Attributes.md and PCSX2 GSRegs.h.
// Every input qword also has ones in bits the descriptor ignores, to show they are dropped.

#include <gtest/gtest.h>

#include "emu/gif/packed_decoder.hpp"
#include "tests/gif/gif_packets.hpp"

namespace gcvu::gif {
namespace {

using test::words;

RegisterWrite decode(Descriptor descriptor, const Qword& data, uint32_t& q) {
  auto write = decode_packed(descriptor, data, q);
  EXPECT_TRUE(write.has_value());
  return write.value_or(RegisterWrite{0xff, 0});
}

RegisterWrite decode(Descriptor descriptor, const Qword& data) {
  uint32_t q = kQOne;
  return decode(descriptor, data, q);
}

TEST(PackedDecoder, PrimKeepsBits0To10) {
  // 0xFFFFF816 & 0x7FF = 0x016.
  EXPECT_EQ(decode(Descriptor::kPrim, words(0xfffff816, 0xffffffff, 0xffffffff, 0xffffffff)),
            (RegisterWrite{0x00, 0x016}));
}

TEST(PackedDecoder, RgbaTakesTheLowByteOfEachWordAndTheTemporaryQ) {
  // R = bits 0-7 = 0x12, G = 32-39 = 0x34, B = 64-71 = 0x56, A = 96-103 = 0x78; RGBAQ = R | G<<8 | B<<16 | A<<24 |
  // Q<<32 with Q = 1.0 (0x3F800000).
  EXPECT_EQ(decode(Descriptor::kRgba, words(0xffffff12, 0xffffff34, 0xffffff56, 0xffffff78)),
            (RegisterWrite{0x01, 0x3f800000'78563412}));
  uint32_t q = 0x40400000;  // 3.0
  EXPECT_EQ(decode(Descriptor::kRgba, words(1, 2, 3, 4), q), (RegisterWrite{0x01, 0x40400000'04030201}));
  EXPECT_EQ(q, 0x40400000u) << "RGBA reads the temporary Q, it does not change it";
}

TEST(PackedDecoder, StqWritesStAndOnlyTheTemporaryQ) {
  // S = bits 0-31, T = 32-63 -> ST = S | T<<32; Q = bits 64-95 goes to the temporary Q, bits 96-127 are unused.
  uint32_t q = kQOne;
  EXPECT_EQ(decode(Descriptor::kStq, words(0x3f000000, 0x3e800000, 0x40000000, 0x12345678), q),
            (RegisterWrite{0x02, 0x3e800000'3f000000}));
  EXPECT_EQ(q, 0x40000000u);
  // Q = 0 stays 0: PCSX2's FLT_MIN patch is a renderer workaround gcvu does not apply.
  EXPECT_EQ(decode(Descriptor::kStq, words(0, 0, 0, 0), q), (RegisterWrite{0x02, 0}));
  EXPECT_EQ(q, 0u);
}

TEST(PackedDecoder, UvKeeps14BitsEach) {
  // U = bits 0-13 of 0xFFFFFFFF = 0x3FFF; V = bits 32-45 of 0x00012345 = 0x2345; UV = U | V<<16.
  EXPECT_EQ(decode(Descriptor::kUv, words(0xffffffff, 0x00012345, 0xffffffff, 0xffffffff)),
            (RegisterWrite{0x03, 0x2345'3fff}));
  // Bit 14 is not part of U or V (Play! keeps 15 bits; gcvu follows PCSX2 and ps2tek).
  EXPECT_EQ(decode(Descriptor::kUv, words(0x4000, 0x4000, 0, 0)), (RegisterWrite{0x03, 0}));
}

// X = 0x1234 (bits 0-15), Y = 0x5678 (32-47), Z = 0xABCDEF (68-91, so word 2 = Z<<4 plus ones in bits 64-67 and
// 92-95), F = 0x9C (100-107, word 3 bits 4-11) with ones in bits 96-99 and 108-110; bit 111 (word 3 bit 15) is ADC.
constexpr Qword kXyzf{0xaaaa1234, 0xbbbb5678, 0xfabcdeff, 0x000079c5};
constexpr Qword kXyzfAdc{0xaaaa1234, 0xbbbb5678, 0xfabcdeff, 0x0000f9c5};
// XYZF2 = X | Y<<16 | Z<<32 | F<<56.
constexpr uint64_t kXyzfValue = 0x9cabcdef'56781234;

TEST(PackedDecoder, Xyzf2PacksZ24AndFog) {
  EXPECT_EQ(decode(Descriptor::kXyzf2, kXyzf), (RegisterWrite{0x04, kXyzfValue}));
}

TEST(PackedDecoder, Xyzf2WithAdcGoesToXyzf3) {
  EXPECT_EQ(decode(Descriptor::kXyzf2, kXyzfAdc), (RegisterWrite{0x0c, kXyzfValue}));
}

TEST(PackedDecoder, Xyzf3AlwaysGoesToXyzf3) {
  EXPECT_EQ(decode(Descriptor::kXyzf3, kXyzf), (RegisterWrite{0x0c, kXyzfValue}));
  EXPECT_EQ(decode(Descriptor::kXyzf3, kXyzfAdc), (RegisterWrite{0x0c, kXyzfValue}));
}

// X = 0x0010, Y = 0x0020, Z = bits 64-95 = 0xDEADBEEF; XYZ2 = X | Y<<16 | Z<<32. Bits 96-110 are unused.
constexpr Qword kXyz{0xffff0010, 0xffff0020, 0xdeadbeef, 0x00007fff};
constexpr Qword kXyzAdc{0xffff0010, 0xffff0020, 0xdeadbeef, 0x00008000};
constexpr uint64_t kXyzValue = 0xdeadbeef'00200010;

TEST(PackedDecoder, Xyz2TakesA32BitZ) { EXPECT_EQ(decode(Descriptor::kXyz2, kXyz), (RegisterWrite{0x05, kXyzValue})); }

TEST(PackedDecoder, Xyz2WithAdcGoesToXyz3) {
  EXPECT_EQ(decode(Descriptor::kXyz2, kXyzAdc), (RegisterWrite{0x0d, kXyzValue}));
  EXPECT_EQ(decode(Descriptor::kXyz3, kXyz), (RegisterWrite{0x0d, kXyzValue}));
}

TEST(PackedDecoder, TexAndClampWriteTheLow64Bits) {
  const Qword data = words(0x11111111, 0x22222222, 0x33333333, 0x44444444);
  EXPECT_EQ(decode(Descriptor::kTex0_1, data), (RegisterWrite{0x06, 0x22222222'11111111}));
  EXPECT_EQ(decode(Descriptor::kTex0_2, data), (RegisterWrite{0x07, 0x22222222'11111111}));
  EXPECT_EQ(decode(Descriptor::kClamp1, data), (RegisterWrite{0x08, 0x22222222'11111111}));
  EXPECT_EQ(decode(Descriptor::kClamp2, data), (RegisterWrite{0x09, 0x22222222'11111111}));
}

TEST(PackedDecoder, FogTakesBits100To107IntoBits56To63) {
  // Word 3 = 0xFFFFFAB5: bits 4-11 = 0xAB. FOG = F<<56.
  EXPECT_EQ(decode(Descriptor::kFog, words(0xffffffff, 0xffffffff, 0xffffffff, 0xfffffab5)),
            (RegisterWrite{0x0a, 0xab000000'00000000}));
}

TEST(PackedDecoder, AdWritesTheLow64BitsToTheAddressInBits64To71Masked7F) {
  EXPECT_EQ(decode(Descriptor::kAd, words(0x89abcdef, 0x01234567, 0x00000054, 0xffffffff)),
            (RegisterWrite{0x54, 0x01234567'89abcdef}));
  // Address byte 0xCC: PCSX2 dispatches on & 0x7F = 0x4C (FRAME_1); bits 72-95 are not part of it.
  EXPECT_EQ(decode(Descriptor::kAd, words(1, 0, 0xffffffcc, 0)), (RegisterWrite{0x4c, 1}));
}

TEST(PackedDecoder, NopAndReservedWriteNothing) {
  uint32_t q = kQOne;
  EXPECT_FALSE(decode_packed(Descriptor::kNop, words(1, 2, 3, 4), q).has_value());
  EXPECT_FALSE(decode_packed(Descriptor::kReserved, words(1, 2, 3, 4), q).has_value());
  EXPECT_EQ(q, kQOne);
}

}  // namespace
}  // namespace gcvu::gif
