// One path's stream through PathDecoder: tag rules (NLOOP 0, PRE, the temporary Q reset), PACKED sequencing,
// REGLIST and IMAGE, worked by hand from reference/vif-gif-formats.md §2.1-2.3.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "emu/gif/path_decoder.hpp"
#include "tests/gif/gif_packets.hpp"

namespace gcvu::test {
namespace {

using gif::Path;

constexpr Path kP = Path::kPath2;

// Feeds `stream` at cycles 0, 1, 2, ... and returns the recorder's events as lines; `ends` gets the number of
// packet ends consume() reported.
std::vector<std::string> decode(const std::vector<Qword>& stream, int* ends = nullptr,
                                gif::PathDecoder* decoder_out = nullptr) {
  gif::PathDecoder local;
  gif::PathDecoder& decoder = decoder_out ? *decoder_out : local;
  gif::GsWriteRecorder recorder;
  int count = 0;
  for (size_t i = 0; i < stream.size(); ++i) count += decoder.consume(stream[i], kP, i, recorder) ? 1 : 0;
  if (ends) *ends = count;
  return lines(recorder.events());
}

TEST(PathDecoder, PackedWalksTheDescriptorsInOrderPerLoop) {
  // NLOOP 2, NREG 2, REGS {0: A+D, 1: NOP}: data qwords go A+D, NOP, A+D, NOP; EOP after the 4th.
  int ends = 0;
  auto out = decode({tag_qword({.nloop = 2, .eop = true, .nreg = 2, .regs = 0xfe}), ad_qword(0x4c, 7),
                     words(9, 9, 9, 9), ad_qword(0x4d, 8), words(9, 9, 9, 9)},
                    &ends);
  EXPECT_EQ(out, (std::vector<std::string>{"1 PATH2 FRAME_1 0x0000000000000007", "3 PATH2 FRAME_2 0x0000000000000008",
                                           "4 PATH2 EOP"}));
  EXPECT_EQ(ends, 1);
}

TEST(PathDecoder, Nreg0MeansSixteenDescriptors) {
  // NREG 0 = 16 descriptors, all A+D: one loop is 16 qwords.
  std::vector<Qword> stream{tag_qword({.nloop = 1, .eop = true, .nreg = 0, .regs = 0xeeeeeeee'eeeeeeee})};
  for (uint64_t i = 0; i < 16; ++i) stream.push_back(ad_qword(0x3f, i));
  int ends = 0;
  auto out = decode(stream, &ends);
  ASSERT_EQ(out.size(), 17u);
  EXPECT_EQ(out[15], "16 PATH2 TEXFLUSH 0x000000000000000f");
  EXPECT_EQ(out[16], "16 PATH2 EOP");
}

TEST(PathDecoder, TemporaryQStartsAt1AndFollowsStq) {
  // Tag 1: NLOOP 2, REGS {RGBA, STQ}: loop 1 RGBA uses Q = 1.0 (reset by the tag), STQ sets Q = 2.0; loop 2 RGBA
  // uses 2.0, STQ sets 3.0. Tag 2 (NLOOP 1, REGS {RGBA}) resets Q to 1.0 first.
  auto out = decode({
      tag_qword({.nloop = 2, .eop = false, .nreg = 2, .regs = 0x21}),
      words(0x10, 0x20, 0x30, 0x40),
      words(0, 0, 0x40000000, 0),
      words(0x11, 0x21, 0x31, 0x41),
      words(0, 0, 0x40400000, 0),
      tag_qword({.nloop = 1, .eop = true, .nreg = 1, .regs = 0x1}),
      words(0x12, 0x22, 0x32, 0x42),
  });
  EXPECT_EQ(out, (std::vector<std::string>{
                     "1 PATH2 RGBAQ 0x3f80000040302010",
                     "2 PATH2 ST 0x0000000000000000",
                     "3 PATH2 RGBAQ 0x4000000041312111",
                     "4 PATH2 ST 0x0000000000000000",
                     "6 PATH2 RGBAQ 0x3f80000042322212",
                     "6 PATH2 EOP",
                 }));
}

TEST(PathDecoder, PreWritesPrimBeforePackedData) {
  // PRE = 1, PRIM = 0x123 (bits 47-57): PRIM is written at the tag, then the data.
  auto out = decode(
      {tag_qword({.nloop = 1, .eop = true, .pre = true, .prim = 0x123, .nreg = 1, .regs = 0xe}), ad_qword(0x00, 0x7)});
  EXPECT_EQ(out, (std::vector<std::string>{"0 PATH2 PRIM 0x0000000000000123", "1 PATH2 PRIM 0x0000000000000007",
                                           "1 PATH2 EOP"}));
}

TEST(PathDecoder, PreIsIgnoredForReglistAndImage) {
  // PCSX2 applies PRE to PACKED only (GSState::Transfer); Play! would also write PRIM for the IMAGE tag.
  auto out = decode(
      {tag_qword({.nloop = 1, .eop = false, .pre = true, .prim = 0x7ff, .flg = 1, .nreg = 2, .regs = 0x10}),
       words(5, 0, 6, 0), tag_qword({.nloop = 1, .eop = true, .pre = true, .prim = 0x7ff, .flg = 2}), image_qword(0)});
  EXPECT_EQ(out, (std::vector<std::string>{"1 PATH2 PRIM 0x0000000000000005", "1 PATH2 RGBAQ 0x0000000000000006",
                                           "3 PATH2 IMAGE 0x0000030000000200_0000010000000000", "3 PATH2 EOP"}));
}

TEST(PathDecoder, Nloop0WithoutEopOutputsNothingAndThePacketGoesOn) {
  // NLOOP 0 ignores every field but EOP (even PRE and the REGS); the packet continues with the next tag.
  gif::PathDecoder decoder;
  int ends = 0;
  auto out = decode({tag_qword({.nloop = 0, .eop = false, .pre = true, .prim = 0x55, .nreg = 1, .regs = 0xe}),
                     tag_qword({.nloop = 1, .eop = true, .nreg = 1, .regs = 0xe}), ad_qword(0x3f, 1)},
                    &ends, &decoder);
  EXPECT_EQ(out, (std::vector<std::string>{"2 PATH2 TEXFLUSH 0x0000000000000001", "2 PATH2 EOP"}));
  EXPECT_EQ(ends, 1);
  EXPECT_FALSE(decoder.in_packet());
}

TEST(PathDecoder, Nloop0WithEopEndsThePacketAtTheTag) {
  gif::PathDecoder decoder;
  int ends = 0;
  auto out = decode({tag_qword({.nloop = 0, .eop = true, .pre = true, .prim = 0x55, .nreg = 3, .regs = 0xeee})}, &ends,
                    &decoder);
  EXPECT_EQ(out, (std::vector<std::string>{"0 PATH2 EOP"}));
  EXPECT_EQ(ends, 1);
  EXPECT_TRUE(decoder.expecting_tag());
}

TEST(PathDecoder, ReglistOddCountDiscardsTheLastDword) {
  // NLOOP 1, NREG 3, REGS {PRIM, RGBAQ, ST}: 3 dwords in 2 qwords; the 4th dword (high half of qword 2) is padding.
  auto out = decode({tag_qword({.nloop = 1, .eop = true, .flg = 1, .nreg = 3, .regs = 0x210}),
                     words(0x1, 0x0, 0x2, 0x0), words(0x3, 0x0, 0xdead, 0xbeef)});
  EXPECT_EQ(out, (std::vector<std::string>{"1 PATH2 PRIM 0x0000000000000001", "1 PATH2 RGBAQ 0x0000000000000002",
                                           "2 PATH2 ST 0x0000000000000003", "2 PATH2 EOP"}));
}

TEST(PathDecoder, ReglistWritesDwordsUnchangedAndDropsDescriptorsEAndF) {
  // NLOOP 2, NREG 3, REGS {XYZ2 (5), A+D (E), NOP (F)}: 6 dwords in 3 qwords; only the XYZ2 ones are written, as
  // they are (no PACKED repacking). Descriptor 0xB is forwarded to address 0x0B.
  auto out = decode({tag_qword({.nloop = 2, .eop = false, .flg = 1, .nreg = 3, .regs = 0xfe5}),
                     words(0x11111111, 0x22222222, 3, 3), words(4, 4, 0x55555555, 0x66666666), words(7, 7, 8, 8),
                     tag_qword({.nloop = 1, .eop = true, .flg = 1, .nreg = 1, .regs = 0xb}), words(9, 0, 0, 0)});
  EXPECT_EQ(out, (std::vector<std::string>{"1 PATH2 XYZ2 0x2222222211111111", "2 PATH2 XYZ2 0x6666666655555555",
                                           "5 PATH2 REG_0x0b 0x0000000000000009", "5 PATH2 EOP"}));
}

TEST(PathDecoder, ImageSendsNloopQwordsAndFlg3IsImage) {
  auto out = decode({tag_qword({.nloop = 2, .eop = false, .flg = 2}), image_qword(0), image_qword(1),
                     tag_qword({.nloop = 1, .eop = true, .flg = 3, .nreg = 5, .regs = 0x12345}), image_qword(2)});
  EXPECT_EQ(out, (std::vector<std::string>{
                     "1 PATH2 IMAGE 0x0000030000000200_0000010000000000",
                     "2 PATH2 IMAGE 0x0000030100000201_0000010100000001",
                     "4 PATH2 IMAGE 0x0000030200000202_0000010200000002",
                     "4 PATH2 EOP",
                 }));
}

TEST(PathDecoder, ReportsImageProgressForSlicing) {
  gif::PathDecoder decoder;
  gif::GsWriteRecorder recorder;
  decoder.consume(tag_qword({.nloop = 3, .eop = true, .flg = 2}), kP, 0, recorder);
  EXPECT_TRUE(decoder.in_packet());
  EXPECT_TRUE(decoder.in_image_data());
  EXPECT_EQ(decoder.data_done(), 0u);
  decoder.consume(image_qword(0), kP, 1, recorder);
  decoder.consume(image_qword(1), kP, 2, recorder);
  EXPECT_EQ(decoder.data_done(), 2u);
  EXPECT_TRUE(decoder.consume(image_qword(2), kP, 3, recorder));
  EXPECT_FALSE(decoder.in_image_data());
  EXPECT_FALSE(decoder.in_packet());
}

// Keeps the IMAGE runs a stream sender hands over, with how many bytes followed each.
class RunRecorder final : public gif::GsWriteRecorder {
 public:
  void write_image_run(Path, std::span<const uint8_t> data, std::span<const uint8_t> following, uint64_t) override {
    runs.push_back({data.size(), following.size(), following.empty() ? uint8_t{0} : following[0]});
  }
  struct Run {
    size_t bytes, following;
    uint8_t first_following;
    friend bool operator==(const Run&, const Run&) = default;
  };
  std::vector<Run> runs;
};

TEST(PathDecoder, HandsAnImageTagsAvailableDataOverInOneRunWithWhatFollows) {
  // Stream: IMAGE tag NLOOP 3 (EOP), 3 data qwords, then a PACKED tag (NLOOP 1) and its A+D qword. Of the 6 qwords,
  // 3 are available at first: the tag, then a run of the 2 data qwords held (the tag's 3rd is not yet available),
  // followed by everything after them: 3 qwords, the first of which is the 3rd data qword (0x22...).
  const std::vector<Qword> qwords = {tag_qword({.nloop = 3, .eop = true, .flg = 2}),
                                     image_qword(0),
                                     image_qword(1),
                                     words(0x22222222, 0, 0, 0),
                                     tag_qword({.nloop = 1, .eop = true, .nreg = 1, .regs = 0xe}),
                                     ad_qword(0x4c, 7)};
  std::vector<uint8_t> stream(qwords.size() * 16);
  std::memcpy(stream.data(), qwords.data(), stream.size());
  gif::PathDecoder decoder;
  RunRecorder sink;
  auto at = [&](size_t qword) { return std::span<const uint8_t>(stream).subspan(qword * 16); };
  auto step = decoder.consume_run(at(0), 3, kP, 0, sink);
  EXPECT_EQ(step.qwords, 1u);
  step = decoder.consume_run(at(1), 2, kP, 1, sink);
  EXPECT_EQ(step.qwords, 2u);
  EXPECT_FALSE(step.ended_packet);
  // Now all is available: the run stops at the tag's end, and the packet ends with it.
  step = decoder.consume_run(at(3), 3, kP, 2, sink);
  EXPECT_EQ(step.qwords, 1u);
  EXPECT_TRUE(step.ended_packet);
  EXPECT_EQ(sink.runs, (std::vector<RunRecorder::Run>{{32, 48, 0x22}, {16, 32, 0x01}}));
  // A run of tag qwords goes one qword at a time: the PACKED tag, then its A+D write.
  EXPECT_EQ(decoder.consume_run(at(4), 2, kP, 3, sink).qwords, 1u);
  EXPECT_TRUE(decoder.consume_run(at(5), 1, kP, 4, sink).ended_packet);
  EXPECT_EQ(lines(sink.events()),
            (std::vector<std::string>{"2 PATH2 EOP", "4 PATH2 FRAME_1 0x0000000000000007", "4 PATH2 EOP"}));
}

}  // namespace
}  // namespace gcvu::test
