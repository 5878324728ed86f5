// A CROSS-CHECK BETWEEN THREE MODES of gcvu's clocked system (not an independent reference): bursts
// (SystemConfig::bursts, the default), VU1 alone (bursts off) and lockstep (both off, every step one cycle) must give
// the same run end and cycle, the same microprogram reports, the same GIF write stream with its cycles, the same VU1
// memory and counters and, for the demo frame, the same GS memory. Inputs: the demo frame (and three frames of
// `gcvu run` through harness::run_level, bursts against lockstep), every VIF1 hardware case
// stream of ../shared/vectors/vif run through the whole system, and end-to-end streams (tests/system/e2e_stream.hpp)
// as a raw transfer, as a chain whose next tag is outside RAM (the DMA fails while VU1 runs), and with a PATH3 chain
// beside it. A deliberately wrong burst rule (SystemConfig::burst_fault) must make the check fail.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "formats/core/file_io.hpp"
#include "formats/rc2/level.hpp"
#include "harness/gen_level/demo_level.hpp"
#include "harness/run/demo_scene.hpp"
#include "harness/run/level_run.hpp"
#include "harness/vif_cases/case_table.hpp"
#include "harness/vif_run/runner.hpp"
#include "microcode/tfrag/tfrag_program.hpp"
#include "tests/system/demo_machine.hpp"
#include "tests/system/e2e_stream.hpp"
#include "tests/test_support.hpp"

namespace gcvu::system {
namespace {

enum class Mode { kBursts, kVuAlone, kLockstep };

SystemConfig config_for(Mode mode, BurstFault fault = BurstFault::kNone, SystemConfig config = {}) {
  config.vu_runs_alone = mode != Mode::kLockstep;
  config.bursts = mode == Mode::kBursts;
  config.burst_fault = fault;
  return config;
}

const char* mode_name(Mode mode) {
  switch (mode) {
    case Mode::kBursts: return "bursts";
    case Mode::kVuAlone: return "vu-alone";
    case Mode::kLockstep: return "lockstep";
  }
  return "?";
}

// Collects the differences between a mode's results and lockstep's, one line each.
struct Differences {
  std::vector<std::string> lines;
  template <typename T>
  void compare(const std::string& what, const T& got, const T& lockstep) {
    if (!(got == lockstep)) lines.push_back(what);
  }
  void compare_run(const RunResult& got, const RunResult& lockstep) {
    if (got.end != lockstep.end || got.cycles != lockstep.cycles || got.error != lockstep.error) {
      lines.push_back(fmt::format("run: {} at {} ({}) vs lockstep {} at {} ({})", run_end_name(got.end), got.cycles,
                                  got.error, run_end_name(lockstep.end), lockstep.cycles, lockstep.error));
    }
  }
  void compare_programs(const std::vector<MicroprogramReport>& got, const std::vector<MicroprogramReport>& lockstep) {
    if (got.size() != lockstep.size()) {
      lines.push_back(fmt::format("{} microprograms vs lockstep {}", got.size(), lockstep.size()));
      return;
    }
    for (size_t n = 0; n < got.size(); ++n) {
      const MicroprogramReport& a = got[n];
      const MicroprogramReport& b = lockstep[n];
      if (a.start_pc != b.start_pc || a.start_cycle != b.start_cycle || a.end_cycle != b.end_cycle ||
          a.vu_stall_cycles != b.vu_stall_cycles || a.vif_wait_cycles != b.vif_wait_cycles ||
          a.gif_packets != b.gif_packets || a.stop != b.stop) {
        lines.push_back(fmt::format("microprogram {}: start {} end {} wait {} vs lockstep start {} end {} wait {}", n,
                                    a.start_cycle, a.end_cycle, a.vif_wait_cycles, b.start_cycle, b.end_cycle,
                                    b.vif_wait_cycles));
        return;
      }
    }
  }
  void compare_events(const std::vector<gif::GsEvent>& got, const std::vector<gif::GsEvent>& lockstep) {
    if (got == lockstep) return;
    size_t n = 0;
    while (n < got.size() && n < lockstep.size() && got[n] == lockstep[n]) ++n;
    lines.push_back(fmt::format("GIF writes differ from write {} ({} writes vs lockstep {}){}", n, got.size(),
                                lockstep.size(),
                                n < got.size() && n < lockstep.size()
                                    ? ": " + gif::gs_event_line(got[n]) + " vs " + gif::gs_event_line(lockstep[n])
                                    : std::string()));
  }
  std::string text() const {
    std::string all;
    for (const std::string& line : lines) all += line + "\n";
    return all;
  }
};

// --- The demo frame ---

struct DemoOutcome {
  RunResult run;
  std::vector<MicroprogramReport> programs;
  std::vector<gif::GsEvent> events;
  std::vector<uint8_t> gs_memory;
  vu::Vu1Stats vu_stats;
  uint64_t steps = 0;
};

DemoOutcome run_demo(const SystemConfig& config) {
  gif::GsWriteRecorder recorder;
  test::DemoMachine machine(config, &recorder);
  DemoOutcome outcome;
  while (true) {
    if (std::optional<RunResult> end = machine.system.step()) {
      outcome.run = *end;
      break;
    }
    ++outcome.steps;
  }
  outcome.programs = machine.system.microprograms();
  outcome.events = recorder.events();
  outcome.gs_memory = test::gs_memory(machine.gs);
  outcome.vu_stats = machine.system.vu().stats();
  return outcome;
}

Differences demo_differences(const DemoOutcome& got, const DemoOutcome& lockstep) {
  Differences differences;
  differences.compare_run(got.run, lockstep.run);
  differences.compare_programs(got.programs, lockstep.programs);
  differences.compare_events(got.events, lockstep.events);
  differences.compare("GS memory", got.gs_memory, lockstep.gs_memory);
  differences.compare("VU1 pairs", got.vu_stats.pairs, lockstep.vu_stats.pairs);
  differences.compare("VU1 stall cycles", got.vu_stats.stall_cycles, lockstep.vu_stats.stall_cycles);
  differences.compare("VU1 stalls by cause", got.vu_stats.stall_cycles_by_cause,
                      lockstep.vu_stats.stall_cycles_by_cause);
  differences.compare("VU1 XGKICKs", got.vu_stats.xgkicks, lockstep.vu_stats.xgkicks);
  return differences;
}

const DemoOutcome& lockstep_demo() {
  static const DemoOutcome outcome = run_demo(config_for(Mode::kLockstep));
  return outcome;
}

TEST(BurstCrossCheck, DemoFrameIsTheSameInEveryMode) {
  const DemoOutcome& lockstep = lockstep_demo();
  ASSERT_EQ(lockstep.run.end, RunEnd::kFinished) << lockstep.run.error;
  ASSERT_GT(lockstep.programs.size(), 100u);
  for (Mode mode : {Mode::kBursts, Mode::kVuAlone}) {
    const DemoOutcome got = run_demo(config_for(mode));
    EXPECT_TRUE(demo_differences(got, lockstep).lines.empty()) << mode_name(mode) << ":\n"
                                                               << demo_differences(got, lockstep).text();
    std::printf("demo frame, %s: %llu steps for %llu cycles (lockstep %llu steps)\n", mode_name(mode),
                static_cast<unsigned long long>(got.steps), static_cast<unsigned long long>(got.run.cycles),
                static_cast<unsigned long long>(lockstep.steps));
  }
}

TEST(BurstCrossCheck, AWrongBurstRuleIsCaughtOnTheDemoFrame) {
  const DemoOutcome got = run_demo(config_for(Mode::kBursts, BurstFault::kVifCountsAsWaiting));
  const Differences differences = demo_differences(got, lockstep_demo());
  EXPECT_FALSE(differences.lines.empty());
  std::printf("the wrong rule, caught:\n%s", differences.text().c_str());
}

TEST(BurstCrossCheck, VifBesideVuWithItsDmaLeftBehindIsCaughtOnTheDemoFrame) {
  const DemoOutcome got = run_demo(config_for(Mode::kBursts, BurstFault::kVifDmaLeftBehind));
  const Differences differences = demo_differences(got, lockstep_demo());
  EXPECT_FALSE(differences.lines.empty());
  std::printf("VIF1 beside VU1 without its DMA, caught:\n%s", differences.text().c_str());
}

// Three frames of `gcvu run`'s demo as the command runs them (the camera moving 2 units a frame), lockstep against
// bursts: the picture, the GS memory and every frame's account (cycles, programs, VU busy and stall cycles, XGKICKs,
// GS draws and pixels).
harness::LevelRunResult run_demo_frames(const formats::rc2::Level& level, Mode mode) {
  harness::LevelRunRequest request;
  request.level = &level;
  request.program = &microcode::tfrag::tfrag_program();
  request.frame = harness::scene_frame_options(level, harness::overview_camera(level));
  request.frames = 3;
  request.step = 2;
  request.config = config_for(mode);
  return harness::run_level(request);
}

TEST(BurstCrossCheck, ThreeDemoFramesOfGcvuRunAreTheSameAsLockstep) {
  harness::HeightFieldParameters demo;  // `gcvu run`'s demo: seed 1, 400 patches
  demo.patches = 400;
  formats::rc2::LevelFiles files = harness::write_demo_level(demo);
  const formats::rc2::Level level =
      formats::rc2::read_level(files.core_index, files.core_data, files.gs_ram, "demo", std::move(files.gameplay));
  const harness::LevelRunResult lockstep = run_demo_frames(level, Mode::kLockstep);
  ASSERT_EQ(lockstep.run.end, RunEnd::kFinished) << lockstep.run.error;
  ASSERT_EQ(lockstep.frames.size(), 3u);
  const harness::LevelRunResult bursts = run_demo_frames(level, Mode::kBursts);
  ASSERT_EQ(bursts.run.end, RunEnd::kFinished) << bursts.run.error;
  EXPECT_EQ(bursts.run.cycles, lockstep.run.cycles);
  EXPECT_TRUE(bursts.picture == lockstep.picture);
  EXPECT_TRUE(bursts.gs_memory == lockstep.gs_memory);
  ASSERT_EQ(bursts.frames.size(), lockstep.frames.size());
  for (size_t f = 0; f < lockstep.frames.size(); ++f) {
    const harness::LevelFrameStats& a = bursts.frames[f];
    const harness::LevelFrameStats& b = lockstep.frames[f];
    EXPECT_EQ(a.cycles, b.cycles) << "frame " << f;
    EXPECT_EQ(a.dma_qwords, b.dma_qwords) << "frame " << f;
    EXPECT_EQ(a.microprograms, b.microprograms) << "frame " << f;
    EXPECT_EQ(a.vu_cycles, b.vu_cycles) << "frame " << f;
    EXPECT_EQ(a.vu_stall_cycles, b.vu_stall_cycles) << "frame " << f;
    EXPECT_EQ(a.xgkicks, b.xgkicks) << "frame " << f;
    EXPECT_EQ(a.gs.draws, b.gs.draws) << "frame " << f;
    EXPECT_EQ(a.gs.primitives, b.gs.primitives) << "frame " << f;
    EXPECT_EQ(a.gs.pixels, b.gs.pixels) << "frame " << f;
  }
}

// --- Streams through the whole system (harness::run_vif_stream, as `gcvu vif-run` runs them) ---

Differences stream_differences(const harness::VifRunResult& got, const harness::VifRunResult& lockstep) {
  Differences differences;
  differences.compare_run(got.run, lockstep.run);
  differences.compare_programs(got.programs, lockstep.programs);
  differences.compare_events(got.gs_events, lockstep.gs_events);
  differences.compare("VU1 data memory", got.data, lockstep.data);
  differences.compare("VIF1 STAT", got.vif_stat, lockstep.vif_stat);
  differences.compare("DMA qwords", got.dma_qwords, lockstep.dma_qwords);
  differences.compare("DMA tags", got.dma_tags, lockstep.dma_tags);
  differences.compare("GIF DMA qwords", got.gif_dma_qwords, lockstep.gif_dma_qwords);
  differences.compare("VIF1 words", got.vif_words, lockstep.vif_words);
  differences.compare("GIF packets per path", got.gif_packets, lockstep.gif_packets);
  return differences;
}

// Runs `request` in every mode; returns the differences from lockstep, labelled by mode.
std::string stream_mode_differences(harness::VifRunRequest request, BurstFault fault = BurstFault::kNone) {
  const SystemConfig base = request.config;
  request.config = config_for(Mode::kLockstep, BurstFault::kNone, base);
  const harness::VifRunResult lockstep = harness::run_vif_stream(request);
  std::string all;
  for (Mode mode : {Mode::kBursts, Mode::kVuAlone}) {
    request.config = config_for(mode, fault, base);
    const Differences differences = stream_differences(harness::run_vif_stream(request), lockstep);
    if (!differences.lines.empty()) all += std::string(mode_name(mode)) + ":\n" + differences.text();
  }
  return all;
}

std::vector<uint8_t> padded_to_qwords(std::vector<uint8_t> bytes) {
  bytes.resize((bytes.size() + 15) / 16 * 16, 0);  // zero words are NOPs
  return bytes;
}

TEST(BurstCrossCheck, VifHardwareCaseStreamsAreTheSameInEveryMode) {
  size_t streams = 0;
  for (const char* folder : {"basic", "intstall", "mskpath3", "stcycl", "stmod", "unpack"}) {
    const std::filesystem::path tsv = gcvu::test::shared_dir() / "vectors/vif" / folder / "cases.tsv";
    const std::vector<uint8_t> text = formats::read_file(tsv, formats::kMaxTextFileBytes);
    for (const harness::VifCase& vif_case :
         harness::parse_vif_cases(std::string_view(reinterpret_cast<const char*>(text.data()), text.size()), tsv)) {
      const std::vector<uint8_t> stream = padded_to_qwords(formats::read_file(vif_case.stream, dma::kRamBytes));
      harness::VifRunRequest request;
      request.stream = stream;
      EXPECT_EQ(stream_mode_differences(request), "") << folder << "/" << vif_case.name;
      ++streams;
    }
  }
  EXPECT_EQ(streams, 198u);
}

TEST(BurstCrossCheck, EndToEndStreamIsTheSameInEveryMode) {
  const std::vector<uint8_t> stream = gcvu::test::e2e_stream_bytes();
  harness::VifRunRequest request;
  request.stream = stream;
  EXPECT_EQ(stream_mode_differences(request), "");
}

// A chain tag (reference/vif-gif-formats.md §3): QWC, ID in bits 28-30, ADDR in bits 32-62.
void put_tag(std::vector<uint8_t>& image, size_t at, uint32_t qwc, uint32_t id, uint32_t address) {
  const uint64_t tag = uint64_t{qwc} | (uint64_t{id} << 28) | (uint64_t{address} << 32);
  for (int n = 0; n < 8; ++n) image[at + n] = static_cast<uint8_t>(tag >> (8 * n));
  for (int n = 8; n < 16; ++n) image[at + n] = 0;
}

constexpr uint32_t kTagNext = 2;
constexpr uint32_t kTagEnd = 7;

TEST(BurstCrossCheck, ChainFailingWhileVuRunsFailsAtTheSameCycleInEveryMode) {
  // NEXT with the stream as its data; the following tag is at 32 MiB, outside EE RAM, and its read fails while
  // program A runs (cycles 30-53 in the hand-worked timeline) with VIF1 waiting in the second MSCAL's FIFO.
  const std::vector<uint8_t> stream = gcvu::test::e2e_stream_bytes();
  std::vector<uint8_t> image(16 + stream.size());
  put_tag(image, 0, static_cast<uint32_t>(stream.size() / 16), kTagNext, 0x0200'0000);
  std::copy(stream.begin(), stream.end(), image.begin() + 16);
  harness::VifRunRequest request;
  request.ee_image = image;
  request.chain_address = 0;
  request.config = config_for(Mode::kLockstep);
  const harness::VifRunResult lockstep = harness::run_vif_stream(request);
  ASSERT_EQ(lockstep.run.end, RunEnd::kError);
  EXPECT_NE(lockstep.run.error.find("outside"), std::string::npos) << lockstep.run.error;
  EXPECT_EQ(stream_mode_differences(request), "");
}

TEST(BurstCrossCheck, EndToEndStreamWithAPath3ChainBesideItIsTheSameInEveryMode) {
  // Channel 1 sends the stream; channel 2 sends two A+D packets (FRAME_2, then ZBUF_1) into PATH3 meanwhile.
  const std::vector<uint8_t> stream = gcvu::test::e2e_stream_bytes();
  const std::vector<uint8_t> packets = gcvu::test::stream_bytes([] {
    std::vector<uint32_t> words = gcvu::test::ad_packet(0x4d, 0x4444);
    const std::vector<uint32_t> second = gcvu::test::ad_packet(0x4e, 0x5555);
    words.insert(words.end(), second.begin(), second.end());
    return words;
  }());
  const size_t gif_chain = 0x1000;
  std::vector<uint8_t> image(gif_chain + 16 + packets.size());
  put_tag(image, 0, static_cast<uint32_t>(stream.size() / 16), kTagEnd, 0);
  std::copy(stream.begin(), stream.end(), image.begin() + 16);
  put_tag(image, gif_chain, static_cast<uint32_t>(packets.size() / 16), kTagEnd, 0);
  std::copy(packets.begin(), packets.end(), image.begin() + gif_chain + 16);
  harness::VifRunRequest request;
  request.ee_image = image;
  request.chain_address = 0;
  request.gif_chain_address = static_cast<uint32_t>(gif_chain);
  request.config = config_for(Mode::kLockstep);
  const harness::VifRunResult lockstep = harness::run_vif_stream(request);
  ASSERT_EQ(lockstep.run.end, RunEnd::kFinished) << lockstep.run.error;
  EXPECT_EQ(lockstep.gif_packets[2], 2u);
  EXPECT_EQ(stream_mode_differences(request), "");
}

// VIF1 sends a long DIRECT to PATH2 while a program of 64 NOP pairs runs: the GIF, which VIF1 works beside without
// stepping, must have taken PATH2's qwords as lockstep's did before each offer, or the 16-qword PATH2 queue fills
// early and VIF1 waits where lockstep's did not.
std::vector<uint8_t> direct_beside_program_stream() {
  constexpr auto vifcode = [](uint32_t cmd, uint32_t num, uint32_t imm) { return cmd << 24 | num << 16 | imm; };
  std::string source;
  for (int n = 0; n < 64; ++n) source += "        nop                     nop\n";
  source +=
      "        nop[E]                  nop\n"
      "        nop                     nop\n";
  const std::vector<uint32_t> program = gcvu::test::assembled_words(source);
  std::vector<uint32_t> words = {0, 0, 0, vifcode(0x4a, static_cast<uint32_t>(program.size() / 2), 0)};  // MPG at 0
  words.insert(words.end(), program.begin(), program.end());
  words.push_back(vifcode(0x14, 0, 0));              // MSCAL 0
  while (words.size() % 4 != 3) words.push_back(0);  // NOPs: DIRECT's data starts on a qword
  constexpr uint32_t kPackets = 24;
  words.push_back(vifcode(0x50, 0, 2 * kPackets));  // DIRECT
  for (uint32_t n = 0; n < kPackets; ++n) {
    const std::vector<uint32_t> packet = gcvu::test::ad_packet(0x4d, 0x1000 + n);
    words.insert(words.end(), packet.begin(), packet.end());
  }
  return gcvu::test::stream_bytes(words);
}

TEST(BurstCrossCheck, DirectBesideARunningProgramIsTheSameInEveryMode) {
  const std::vector<uint8_t> stream = direct_beside_program_stream();
  harness::VifRunRequest request;
  request.stream = stream;
  request.config = config_for(Mode::kLockstep);
  const harness::VifRunResult lockstep = harness::run_vif_stream(request);
  ASSERT_EQ(lockstep.run.end, RunEnd::kFinished) << lockstep.run.error;
  EXPECT_EQ(lockstep.gif_packets[1], 24u);
  EXPECT_EQ(stream_mode_differences(request), "");
  EXPECT_NE(stream_mode_differences(request, BurstFault::kGifLeftBehind), "");
}

// A program that stops the run (its cycle budget, a T bit), alone or while VIF1 unpacks beside it: the run ends
// at the same cycle with the same error in every mode.
// `before_mscal`: VIF1 words sent between the MPG and the MSCAL.
std::vector<uint8_t> failing_program_stream(std::string_view program_source, uint32_t unpack_qwords,
                                            std::span<const uint32_t> before_mscal = {}) {
  constexpr auto vifcode = [](uint32_t cmd, uint32_t num, uint32_t imm) { return cmd << 24 | num << 16 | imm; };
  const std::vector<uint32_t> program = gcvu::test::assembled_words(program_source);
  std::vector<uint32_t> words = {0, 0, 0, vifcode(0x4a, static_cast<uint32_t>(program.size() / 2), 0)};  // MPG at 0
  words.insert(words.end(), program.begin(), program.end());
  words.insert(words.end(), before_mscal.begin(), before_mscal.end());
  words.push_back(vifcode(0x14, 0, 0));  // MSCAL 0
  if (unpack_qwords != 0) {
    words.push_back(vifcode(0x6c, unpack_qwords, 0x200));  // UNPACK V4-32 to 0x200
    for (uint32_t n = 0; n < 4 * unpack_qwords; ++n) words.push_back(n);
  }
  return gcvu::test::stream_bytes(words);
}

TEST(BurstCrossCheck, AProgramStoppingTheRunStopsItAtTheSameCycleInEveryMode) {
  const char* const runaway = "loop:  nop  b loop\n       nop  nop\n";
  const char* const t_bit = "  nop  nop\n  nop  nop\n  nop[T]  nop\n  nop  nop\n";
  for (const char* source : {runaway, t_bit}) {
    for (uint32_t unpack_qwords : {0u, 200u}) {
      const std::vector<uint8_t> stream = failing_program_stream(source, unpack_qwords);
      harness::VifRunRequest request;
      request.stream = stream;
      request.config.vu.max_cycles = 300;
      request.config.vu.t_bit_enabled = true;
      request.config.max_cycles = 5000;
      request.config.vu_runs_alone = false;
      const harness::VifRunResult lockstep = harness::run_vif_stream(request);
      EXPECT_EQ(lockstep.run.end, RunEnd::kError) << source;
      EXPECT_EQ(stream_mode_differences(request), "") << source << " with " << unpack_qwords << " qwords unpacked";
    }
  }
}

// A program that runs for over 2,000 cycles and, part way through, XGKICKs a tag the GIF must reject: its NLOOP
// makes a PATH1 packet of 16 KiB or more, which cannot fit in VU1 data memory (gif_unit.cpp). The GIF fails while the
// program, running alone (VIF1 has nothing left, or is still unpacking 200 qwords beside it), has over a thousand
// cycles to go; the run then ends when the program does (clocked_system.hpp), in every mode at the same cycle, with
// the same error, GIF writes and VU1 memory.
// `nloop` 0 gives a tag the GIF takes (an empty packet), for a control run.
std::vector<uint8_t> path1_failing_mid_program_stream(uint32_t loops_before, uint32_t loops_after,
                                                      uint32_t unpack_qwords, uint32_t nloop = 0x7fff) {
  constexpr auto vifcode = [](uint32_t cmd, uint32_t num, uint32_t imm) { return cmd << 24 | num << 16 | imm; };
  const std::string source = fmt::format(R"(
        nop                         iaddiu VI01, VI00, {}
before: nop                         iaddi VI01, VI01, -1
        nop                         nop
        nop                         ibne VI01, VI00, before
        nop                         nop
        nop                         xgkick VI00
        nop                         iaddiu VI01, VI00, {}
after:  nop                         iaddi VI01, VI01, -1
        nop                         nop
        nop                         ibne VI01, VI00, after
        nop                         nop
        nop[E]                      nop
        nop                         nop
)",
                                         loops_before, loops_after);
  // STCYCL 1,1, then UNPACK V4-32 of one qword to data address 0: the tag, with NLOOP, EOP, PACKED and one register
  // (PRIM). With NLOOP 0x7fff the packet is 32,768 qwords.
  const std::vector<uint32_t> tag_upload = {
      0, 0, vifcode(0x01, 0, 0x0101), vifcode(0x6c, 1, 0), nloop | 0x8000u, 0x1000'0000u, 0, 0};
  return failing_program_stream(source, unpack_qwords, tag_upload);
}

TEST(BurstCrossCheck, APath1PacketTheGifRejectsMidProgramEndsTheRunAtTheSameCycleInEveryMode) {
  for (const auto& [before, after] : {std::pair{500u, 500u}, std::pair{700u, 300u}, std::pair{1u, 1000u}}) {
    for (uint32_t unpack_qwords : {0u, 200u}) {
      const std::string label =
          fmt::format("{} loops, XGKICK, {} loops; {} qwords unpacked beside", before, after, unpack_qwords);
      // The control: the same program with a tag the GIF takes runs for over 2,000 cycles.
      harness::VifRunRequest control;
      const std::vector<uint8_t> control_stream = path1_failing_mid_program_stream(before, after, unpack_qwords, 0);
      control.stream = control_stream;
      control.config.vu_runs_alone = false;
      const harness::VifRunResult taken = harness::run_vif_stream(control);
      ASSERT_EQ(taken.run.end, RunEnd::kFinished) << label << ": " << taken.run.error;
      ASSERT_EQ(taken.programs.size(), 1u) << label;
      const MicroprogramReport& program = taken.programs[0];
      EXPECT_GT(program.end_cycle - program.start_cycle, 2000u) << label;

      harness::VifRunRequest request;
      const std::vector<uint8_t> stream = path1_failing_mid_program_stream(before, after, unpack_qwords);
      request.stream = stream;
      request.config.vu_runs_alone = false;
      const harness::VifRunResult lockstep = harness::run_vif_stream(request);
      ASSERT_EQ(lockstep.run.end, RunEnd::kError) << label;
      EXPECT_NE(lockstep.run.error.find("GIF PATH1: qword offset 0x0"), std::string::npos) << lockstep.run.error;
      EXPECT_NE(lockstep.run.error.find("16 KiB"), std::string::npos) << label << ": " << lockstep.run.error;
      ASSERT_EQ(lockstep.programs.size(), 1u) << label;
      EXPECT_EQ(lockstep.programs[0].end_cycle, program.end_cycle) << label << ": the program ran to its end";
      EXPECT_EQ(stream_mode_differences(request), "") << label;

      // Cut 1,000 cycles before the program's end, the run already reports the GIF's failure: it came mid-program.
      request.config.max_cycles = program.end_cycle - 1000;
      const harness::VifRunResult cut = harness::run_vif_stream(request);
      EXPECT_EQ(cut.run.error, lockstep.run.error) << label;
      EXPECT_EQ(cut.run.cycles, request.config.max_cycles) << label;
      EXPECT_EQ(stream_mode_differences(request), "") << label << ", cut";
    }
  }
}

TEST(BurstCrossCheck, AWrongBurstRuleIsCaughtOnTheEndToEndStream) {
  const std::vector<uint8_t> stream = gcvu::test::e2e_stream_bytes();
  harness::VifRunRequest request;
  request.stream = stream;
  EXPECT_NE(stream_mode_differences(request, BurstFault::kVifCountsAsWaiting), "");
}

}  // namespace
}  // namespace gcvu::system
