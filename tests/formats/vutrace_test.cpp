// vutrace traces built byte by byte here from the layout of the vutrace capture patch (reference/peers.md §4:
// "VUTR", u32 version, packets P R M I L S r m with the sizes in formats/pcsx2/vutrace.hpp) read back to the values
// put in; the writer reproduces those bytes; every malformed input is a FormatError naming the offset and the rule.

#include "formats/pcsx2/vutrace.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/core/format_error.hpp"
#include "formats/pcsx2/vutrace_writer.hpp"
#include "tests/test_support.hpp"

namespace gcvu::formats {
namespace {

using Bytes = std::vector<uint8_t>;

constexpr size_t kMemory = 16 * 1024;
constexpr size_t kRegisters = 1072;
constexpr size_t kTpcOffset = 512 + 26 * 16;  // VI slot 26 inside the R packet body

void append_u32(Bytes& out, uint32_t value) {
  for (int n = 0; n < 4; ++n) out.push_back(static_cast<uint8_t>(value >> (8 * n)));
}

void put_u32(Bytes& out, size_t offset, uint32_t value) {
  for (int n = 0; n < 4; ++n) out[offset + n] = static_cast<uint8_t>(value >> (8 * n));
}

Bytes header(uint32_t version) {
  Bytes out = {'V', 'U', 'T', 'R'};
  append_u32(out, version);
  return out;
}

// An R packet body: VF01.x = 1.0, VI01 = 5, ACC.w = 0x11, q.x = 0x22, p.x = 0x33, TPC = `tpc`.
Bytes register_body(uint32_t tpc, size_t size = kRegisters) {
  Bytes body(size, 0);
  put_u32(body, 16, 0x3f800000);                   // VF01.x
  put_u32(body, 512 + 16, 5);                      // VI01
  put_u32(body, kTpcOffset, tpc);                  // TPC
  put_u32(body, 1024 + 12, 0x11);                  // ACC.w
  put_u32(body, 1040, 0x22);                       // q
  put_u32(body, 1056, 0x33);                       // p
  if (size > kRegisters) body[kRegisters] = 0xee;  // interpreter bookkeeping past p (versions 1, 2): skipped
  return body;
}

void append_packet(Bytes& out, char type, const Bytes& body) {
  out.push_back(static_cast<uint8_t>(type));
  out.insert(out.end(), body.begin(), body.end());
}

// I, R, M with marked micro (byte 8 = 0x77) and data (byte 0x40 = 0xab) memory, then a load marker and P.
Bytes first_snapshot(uint32_t version, size_t register_size = kRegisters) {
  Bytes out = version == 1 ? Bytes{} : header(version);
  Bytes micro(kMemory, 0);
  micro[8] = 0x77;
  Bytes data(kMemory, 0);
  data[0x40] = 0xab;
  append_packet(out, 'I', micro);
  append_packet(out, 'R', register_body(8, register_size));
  append_packet(out, 'M', data);
  out.push_back('L');
  append_u32(out, 0x40);
  append_u32(out, 16);
  out.push_back('P');
  return out;
}

Bytes register_delta(uint8_t slot, uint32_t x) {
  Bytes out = {'r', slot};
  append_u32(out, x);
  for (int n = 0; n < 12; ++n) out.push_back(0);
  return out;
}

Bytes memory_delta(uint16_t address, uint32_t word) {
  Bytes out = {'m', static_cast<uint8_t>(address), static_cast<uint8_t>(address >> 8)};
  append_u32(out, word);
  return out;
}

// Version 3: the first snapshot, then a second one of deltas (VI02 = 9, TPC = 0x10, data word 0x100 = 0xdeadbeef)
// with a store marker.
Bytes two_snapshot_trace() {
  Bytes out = first_snapshot(3);
  Bytes delta = register_delta(34, 9);
  out.insert(out.end(), delta.begin(), delta.end());
  delta = register_delta(32 + 26, 0x10);
  out.insert(out.end(), delta.begin(), delta.end());
  delta = memory_delta(0x100, 0xdeadbeef);
  out.insert(out.end(), delta.begin(), delta.end());
  out.push_back('S');
  append_u32(out, 0x100);
  append_u32(out, 16);
  out.push_back('P');
  return out;
}

std::string error_of(const Bytes& bytes, const VutraceLimits& limits = {}) {
  return test::format_error_text([&] { read_vutrace(bytes, "t.vutr", limits); });
}

TEST(Vutrace, ReadsFullAndDeltaPacketsOfVersion3) {
  const VutraceTrace trace = read_vutrace(two_snapshot_trace(), "t.vutr");
  EXPECT_EQ(trace.version, 3u);
  ASSERT_EQ(trace.snapshots.size(), 2u);
  const VutraceSnapshot& first = trace.snapshots[0];
  EXPECT_EQ(first.registers.vf[1][0], 0x3f800000u);
  EXPECT_EQ(first.registers.vi[1][0], 5u);
  EXPECT_EQ(first.registers.acc[3], 0x11u);
  EXPECT_EQ(first.registers.q[0], 0x22u);
  EXPECT_EQ(first.registers.p[0], 0x33u);
  EXPECT_EQ(first.registers.tpc(), 8u);
  EXPECT_EQ((*first.micro)[8], 0x77);
  EXPECT_EQ((*first.data)[0x40], 0xab);
  ASSERT_TRUE(first.load.has_value());
  EXPECT_EQ(*first.load, (VutraceAccess{0x40, 16}));
  EXPECT_FALSE(first.store.has_value());

  const VutraceSnapshot& second = trace.snapshots[1];
  EXPECT_EQ(second.registers.vi[2][0], 9u);
  EXPECT_EQ(second.registers.vi[1][0], 5u);  // unchanged registers carry over
  EXPECT_EQ(second.registers.tpc(), 0x10u);
  EXPECT_EQ((*second.data)[0x100], 0xef);
  EXPECT_EQ((*second.data)[0x103], 0xde);
  EXPECT_EQ((*second.data)[0x40], 0xab);
  EXPECT_EQ((*first.data)[0x100], 0);     // the delta changed a copy, not the first snapshot's memory
  EXPECT_EQ(second.micro, first.micro);   // unchanged memory is shared
  EXPECT_FALSE(second.load.has_value());  // markers belong to one snapshot
  ASSERT_TRUE(second.store.has_value());
  EXPECT_EQ(*second.store, (VutraceAccess{0x100, 16}));
}

TEST(Vutrace, ReadsVersion2AndHeaderlessVersion1RegisterDumps) {
  const VutraceTrace v2 = read_vutrace(first_snapshot(2, 1552), "v2.vutr");
  EXPECT_EQ(v2.version, 2u);
  ASSERT_EQ(v2.snapshots.size(), 1u);
  EXPECT_EQ(v2.snapshots[0].registers.p[0], 0x33u);
  EXPECT_EQ(v2.snapshots[0].registers.tpc(), 8u);
  EXPECT_EQ((*v2.snapshots[0].data)[0x40], 0xab);

  const VutraceTrace v1 = read_vutrace(first_snapshot(1, 1584), "v1.vutr");
  EXPECT_EQ(v1.version, 1u);
  ASSERT_EQ(v1.snapshots.size(), 1u);
  EXPECT_EQ(v1.snapshots[0].registers.vi[1][0], 5u);
  EXPECT_EQ((*v1.snapshots[0].data)[0x40], 0xab);
}

TEST(Vutrace, HeaderOnlyTraceHasNoSnapshots) {
  // The capture writes only the header when the microprogram ran no instruction before the trace ended.
  EXPECT_TRUE(read_vutrace(header(3), "t.vutr").snapshots.empty());
}

TEST(Vutrace, WriterReproducesTheCaptureLayoutAndRoundTrips) {
  const Bytes original = two_snapshot_trace();
  const VutraceTrace trace = read_vutrace(original, "t.vutr");
  EXPECT_EQ(write_vutrace(trace), original);
  for (uint32_t version : {1u, 2u}) {
    VutraceTrace older = trace;
    older.version = version;
    const VutraceTrace back = read_vutrace(write_vutrace(older), "old.vutr");
    EXPECT_EQ(back.version, version);
    ASSERT_EQ(back.snapshots.size(), 2u);
    for (size_t n = 0; n < 2; ++n) {
      EXPECT_EQ(back.snapshots[n].registers, trace.snapshots[n].registers);
      EXPECT_EQ(*back.snapshots[n].data, *trace.snapshots[n].data);
      EXPECT_EQ(*back.snapshots[n].micro, *trace.snapshots[n].micro);
      EXPECT_EQ(back.snapshots[n].load, trace.snapshots[n].load);
      EXPECT_EQ(back.snapshots[n].store, trace.snapshots[n].store);
    }
  }
}

TEST(Vutrace, RoundTripOfManySnapshotsWithEveryRegisterSlotChanging) {
  VutraceTrace trace;
  VutraceSnapshot snapshot;
  auto data = std::make_shared<VutraceMemory>();
  auto micro = std::make_shared<VutraceMemory>();
  snapshot.micro = micro;
  for (uint32_t n = 0; n < 70; ++n) {
    snapshot.registers.slot(static_cast<uint8_t>(n % kVutraceRegisterSlots))[n % 4] = 0x1000 + n;
    snapshot.registers.vi[26][0] = (n * 8) % 0x4000;
    (*data)[(n * 236) % kMemory] = static_cast<uint8_t>(n + 1);
    snapshot.data = std::make_shared<VutraceMemory>(*data);
    snapshot.store = n % 3 == 0 ? std::optional(VutraceAccess{n * 16, 16}) : std::nullopt;
    snapshot.load = n % 5 == 0 ? std::optional(VutraceAccess{n, 16}) : std::nullopt;
    trace.snapshots.push_back(snapshot);
  }
  const VutraceTrace back = read_vutrace(write_vutrace(trace), "many.vutr");
  ASSERT_EQ(back.snapshots.size(), trace.snapshots.size());
  for (size_t n = 0; n < trace.snapshots.size(); ++n) {
    EXPECT_EQ(back.snapshots[n].registers, trace.snapshots[n].registers) << n;
    EXPECT_EQ(*back.snapshots[n].data, *trace.snapshots[n].data) << n;
    EXPECT_EQ(back.snapshots[n].load, trace.snapshots[n].load) << n;
    EXPECT_EQ(back.snapshots[n].store, trace.snapshots[n].store) << n;
  }
}

// ---- every malformed input ----

TEST(VutraceErrors, NotATrace) {
  EXPECT_EQ(error_of({}),
            "t.vutr: offset 0x0: not a vutrace file: no \"VUTR\" magic, and not a headerless version-1 "
            "trace (which starts with an 'I' packet)");
  EXPECT_NE(error_of({'V', 'U', 'T', 'X', 3, 0, 0, 0}).find("offset 0x0: not a vutrace file"), std::string::npos);
}

TEST(VutraceErrors, TruncatedHeader) {
  EXPECT_NE(error_of({'V', 'U', 'T', 'R', 3, 0}).find("offset 0x4:"), std::string::npos)
      << error_of({'V', 'U', 'T', 'R', 3, 0});
}

TEST(VutraceErrors, UnsupportedVersions) {
  EXPECT_EQ(error_of(header(4)), "t.vutr: offset 0x4: unsupported vutrace format version 4 (versions 1 to 3 are read)");
  EXPECT_EQ(error_of(header(0)), "t.vutr: offset 0x4: unsupported vutrace format version 0 (versions 1 to 3 are read)");
}

TEST(VutraceErrors, CutBeforeTheFirstSnapshotIsAnError) {
  const Bytes whole = two_snapshot_trace();
  // Cut inside the I packet and inside the R packet: no snapshot is complete.
  for (size_t cut : {size_t{8 + 100}, size_t{8 + 1 + kMemory + 1 + 500}}) {
    const Bytes part(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(cut));
    const std::string error = error_of(part);
    EXPECT_NE(error.find("the trace ends before its first snapshot's 'P' (the file is truncated)"), std::string::npos)
        << cut << ": " << error;
  }
}

// PCSX2 closed before the closing VSync: the file stops inside a packet, or after packets no 'P' pushed. The trace
// is read up to its last complete snapshot (the first: it ends with the 'P' at first_snapshot(3).size() - 1).
TEST(Vutrace, CutShortTraceIsReadToItsLastCompleteSnapshot) {
  const Bytes whole = two_snapshot_trace();
  const size_t first_end = first_snapshot(3).size();
  // Inside the first 'r' delta (17-byte body), inside the 'm' delta, after whole packets without the last 'P'.
  for (size_t cut : {first_end + 5, whole.size() - 13, whole.size() - 1}) {
    const Bytes part(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(cut));
    const VutraceTrace trace = read_vutrace(part, "t.vutr");
    ASSERT_EQ(trace.snapshots.size(), 1u) << cut;
    EXPECT_EQ(trace.snapshots[0].registers.tpc(), 8u);
    ASSERT_EQ(trace.warnings.size(), 1u) << cut;
    EXPECT_NE(trace.warnings[0].find("the trace is cut short"), std::string::npos) << trace.warnings[0];
    EXPECT_NE(trace.warnings[0].find("read up to its last complete snapshot, 0"), std::string::npos)
        << trace.warnings[0];
  }
}

TEST(Vutrace, PacketsAfterTheLastPushAreAWarning) {
  Bytes bytes = first_snapshot(3);
  const size_t at = bytes.size();
  Bytes delta = register_delta(33, 1);
  bytes.insert(bytes.end(), delta.begin(), delta.end());
  const VutraceTrace trace = read_vutrace(bytes, "t.vutr");
  EXPECT_EQ(trace.snapshots.size(), 1u);
  ASSERT_EQ(trace.warnings.size(), 1u);
  EXPECT_EQ(trace.warnings[0].rfind(fmt::format("offset {:#x}: the trace is cut short", at), 0), 0u)
      << trace.warnings[0];
}

// chaoticgd/pcsx2 89cb1d461 (format version 2) pushed once right after the header, before any state.
TEST(Vutrace, Version2EarlyPushIsSkippedWithANote) {
  Bytes bytes = header(2);
  bytes.push_back('P');
  const Bytes rest = first_snapshot(1, 1552);  // version 1 layout has no header: I R M L P with 1552-byte R
  bytes.insert(bytes.end(), rest.begin(), rest.end());
  const VutraceTrace trace = read_vutrace(bytes, "t.vutr");
  EXPECT_EQ(trace.version, 2u);
  ASSERT_EQ(trace.snapshots.size(), 1u);
  EXPECT_EQ(trace.snapshots[0].registers.vi[1][0], 5u);
  ASSERT_EQ(trace.warnings.size(), 1u);
  EXPECT_EQ(trace.warnings[0], "offset 0x8: skipped the 'P' a version-2 capture writes before any state "
                               "(chaoticgd/pcsx2 89cb1d461)");
}

// JR/JALR to a VI of 0x800 or more (or running past 0x3ff8) leaves TPC at 0x4000 or more in the trace; PCSX2
// masks it with 0x3fff on the next step, so 0x4008 is pair 0x0008.
TEST(Vutrace, TpcPastMicroMemoryIsMaskedWithAWarning) {
  Bytes bytes = first_snapshot(3);
  put_u32(bytes, 8 + 1 + kMemory + 1 + kTpcOffset, 0x4008);
  const VutraceTrace trace = read_vutrace(bytes, "t.vutr");
  ASSERT_EQ(trace.snapshots.size(), 1u);
  EXPECT_EQ(trace.snapshots[0].registers.tpc(), 0x8u);
  ASSERT_EQ(trace.warnings.size(), 1u);
  EXPECT_EQ(trace.warnings[0], fmt::format("offset {:#x}: snapshot 0 has TPC 0x4008 (a jump past micro memory); "
                                           "masked to 0x8 as PCSX2's next step does",
                                           bytes.size() - 1));
}

// Versions 1 and 2 write a full M (and I) per snapshot: an image equal to the one before is shared, not copied.
TEST(Vutrace, IdenticalFullImagesAreShared) {
  Bytes bytes = first_snapshot(2, 1552);
  Bytes second = first_snapshot(1, 1552);  // the same I, R, M again, then L and P
  bytes.insert(bytes.end(), second.begin(), second.end());
  Bytes third = first_snapshot(1, 1552);
  third[1 + kMemory + 1 + 1552 + 1 + 0x41] = 0x5a;  // M differs at data byte 0x41
  bytes.insert(bytes.end(), third.begin(), third.end());
  const VutraceTrace trace = read_vutrace(bytes, "t.vutr");
  ASSERT_EQ(trace.snapshots.size(), 3u);
  EXPECT_EQ(trace.snapshots[0].data.get(), trace.snapshots[1].data.get());
  EXPECT_EQ(trace.snapshots[0].micro.get(), trace.snapshots[2].micro.get());
  EXPECT_NE(trace.snapshots[1].data.get(), trace.snapshots[2].data.get());
  EXPECT_EQ((*trace.snapshots[2].data)[0x41], 0x5a);
  EXPECT_EQ(trace.shared_memory_images, 3u);  // second I and M, third I
}

TEST(Vutrace, HeaderlessVersion1IsRecognisedByContent) {
  const Bytes v1 = first_snapshot(1, 1584);
  EXPECT_TRUE(looks_like_vutrace_content(v1));
  EXPECT_FALSE(looks_like_vutrace(v1));
  Bytes not_trace = v1;
  not_trace[1 + kMemory] = 'x';  // no packet after the 16 KiB
  EXPECT_FALSE(looks_like_vutrace_content(not_trace));
  EXPECT_FALSE(looks_like_vutrace_content(Bytes(100, 'I')));
}

// Versions 1 and 2 'R' bodies carry the rest of PCSX2's VURegs. Offsets worked out by hand from the vutrace viewer's
// pcsx2defs.h (old_pcsx2_structs_v1 / _v2): after VF, VI, ACC, q, p (1072 bytes), v1 has idx 1072, cycle 1076,
// flags 1080, code 1084, branch 1088, branchpc 1092, delaybranchpc 1096, takedelaybranch 1100 (bool), macflag
// 1104, statusflag 1108, clipflag 1112, Mem 1116, Micro 1120 (u32), ebit 1124, VIBackupCycles 1128, VIOldValue
// 1132, VIRegNumber 1136, fmac[8] 1140 (32 bytes each), fdiv 1396 (enable, reg 1400, sCycle 1416, Cycle 1420,
// statusflag 1424), efu 1428 (reg 1432, sCycle 1448, Cycle 1452), ialu[8] 1456, end 1584. v2 adds start_pc 1088,
// so branch 1092, branchpc 1096, delaybranchpc 1100, takedelaybranch 1104, ebit 1108, pending_q 1112, pending_p
// 1116, blockhasmbit 1120, alignas(16) flag arrays 1136, 1152, 1168, macflag 1184 ... nextBlockCycles 1196, Mem
// 1200 and Micro 1208 (8 bytes), xgkick fields 1216-1243, VIBackupCycles 1244, VIOldValue 1248, VIRegNumber 1252,
// fmac[4] 1256 (40 bytes each), positions 1416-1427, fdiv 1428 (reg 1432, sCycle 1448, Cycle 1452, statusflag
// 1456), efu 1460 (reg 1464, sCycle 1480, Cycle 1484), ialu[4] 1488, positions 1536-1547, padded to 1552.
TEST(Vutrace, Version1And2RegistersCarryTheInterpreterState) {
  struct Case {
    uint32_t version;
    size_t size, cycle, branch, branch_pc, delay_pc, take_delay, ebit, fdiv, efu;
  };
  for (const Case& c : {Case{1, 1584, 1076, 1088, 1092, 1096, 1100, 1124, 1396, 1428},
                        Case{2, 1552, 1076, 1092, 1096, 1100, 1104, 1108, 1428, 1460}}) {
    SCOPED_TRACE(c.version);
    Bytes bytes = first_snapshot(c.version, c.size);
    const size_t r = (c.version == 1 ? 0 : 8) + 1 + kMemory + 1;  // the R body
    bytes[r + kRegisters] = 0;  // first_snapshot's marker byte sits on idx
    put_u32(bytes, r + c.cycle, 1234);
    put_u32(bytes, r + c.branch, 1);
    put_u32(bytes, r + c.branch_pc, 0x1a0);
    put_u32(bytes, r + c.delay_pc, 0x2b8);
    bytes[r + c.take_delay] = 1;
    put_u32(bytes, r + c.ebit, 2);
    put_u32(bytes, r + c.fdiv, 1);
    put_u32(bytes, r + c.fdiv + 4, 0x3f400000);
    put_u32(bytes, r + c.fdiv + 20, 1230);
    put_u32(bytes, r + c.fdiv + 24, 7);
    put_u32(bytes, r + c.fdiv + 28, 0x820);
    put_u32(bytes, r + c.efu, 1);
    put_u32(bytes, r + c.efu + 4, 0x3f200000);
    put_u32(bytes, r + c.efu + 20, 1225);
    put_u32(bytes, r + c.efu + 24, 12);
    const VutraceTrace trace = read_vutrace(bytes, "t.vutr");
    ASSERT_EQ(trace.snapshots.size(), 1u);
    ASSERT_TRUE(trace.snapshots[0].interpreter);
    const VutraceInterpreterState& state = *trace.snapshots[0].interpreter;
    EXPECT_EQ(state.cycle, 1234u);
    EXPECT_EQ(state.branch, 1u);
    EXPECT_EQ(state.branch_pc, 0x1a0u);
    EXPECT_EQ(state.delay_branch_pc, 0x2b8u);
    EXPECT_TRUE(state.take_delay_branch);
    EXPECT_EQ(state.ebit, 2u);
    EXPECT_EQ(state.fdiv, (VutracePipe{true, 0x3f400000, 1230, 7, 0x820}));
    EXPECT_EQ(state.efu, (VutracePipe{true, 0x3f200000, 1225, 12, 0}));
    // The writer puts the same fields back at the same offsets.
    EXPECT_EQ(write_vutrace(trace), bytes);
  }
  EXPECT_FALSE(read_vutrace(first_snapshot(3), "t.vutr").snapshots[0].interpreter);
}

TEST(VutraceErrors, UnknownPacket) {
  Bytes bytes = first_snapshot(3);
  const size_t at = bytes.size();
  bytes.push_back('Z');
  EXPECT_EQ(error_of(bytes), fmt::format("t.vutr: offset {:#x}: unknown packet type 'Z' (0x5a) (known: P R M I L S, "
                                         "and r m in version 3)",
                                         at));
  bytes.back() = 0;
  EXPECT_NE(error_of(bytes).find("unknown packet type 0x00"), std::string::npos);
}

TEST(VutraceErrors, DeltaPacketsBeforeVersion3) {
  Bytes bytes = first_snapshot(2, 1552);
  const size_t at = bytes.size();
  Bytes delta = register_delta(33, 1);
  bytes.insert(bytes.end(), delta.begin(), delta.end());
  bytes.push_back('P');
  EXPECT_EQ(error_of(bytes), fmt::format("t.vutr: offset {:#x}: delta packets ('r', 'm') exist only in version 3; "
                                         "this file is version 2",
                                         at));
}

TEST(VutraceErrors, RegisterSlotOutOfRange) {
  Bytes bytes = first_snapshot(3);
  const size_t at = bytes.size();
  Bytes delta = register_delta(67, 1);
  bytes.insert(bytes.end(), delta.begin(), delta.end());
  bytes.push_back('P');
  EXPECT_EQ(error_of(bytes), fmt::format("t.vutr: offset {:#x}: 'r' register slot 67 is out of range (0-31 VF, 32-63 "
                                         "VI, 64 ACC, 65 q, 66 p)",
                                         at + 1));
}

TEST(VutraceErrors, MemoryDeltaAddressOutOfRangeOrMisaligned) {
  for (uint16_t address : {uint16_t{0x4000}, uint16_t{0xfffc}, uint16_t{0x3ffe}, uint16_t{0x0001}}) {
    Bytes bytes = first_snapshot(3);
    const size_t at = bytes.size();
    Bytes delta = memory_delta(address, 1);
    bytes.insert(bytes.end(), delta.begin(), delta.end());
    bytes.push_back('P');
    EXPECT_EQ(error_of(bytes), fmt::format("t.vutr: offset {:#x}: 'm' address {:#x} is not a word address inside the "
                                           "16 KiB data memory (a multiple of 4 up to 0x3ffc)",
                                           at + 1, address));
  }
  // The last word is inside (the vutrace viewer's own check is one word short).
  Bytes bytes = first_snapshot(3);
  Bytes delta = memory_delta(0x3ffc, 0x01020304);
  bytes.insert(bytes.end(), delta.begin(), delta.end());
  bytes.push_back('P');
  EXPECT_EQ((*read_vutrace(bytes, "t.vutr").snapshots[1].data)[0x3fff], 0x01);
}

TEST(VutraceErrors, DeltasBeforeTheFullPacket) {
  Bytes bytes = header(3);
  Bytes delta = register_delta(33, 1);
  bytes.insert(bytes.end(), delta.begin(), delta.end());
  EXPECT_EQ(error_of(bytes), "t.vutr: offset 0x8: an 'r' delta before any 'R' packet: nothing to patch");
  bytes = header(3);
  delta = memory_delta(0, 1);
  bytes.insert(bytes.end(), delta.begin(), delta.end());
  EXPECT_EQ(error_of(bytes), "t.vutr: offset 0x8: an 'm' delta before any 'M' packet: nothing to patch");
}

TEST(VutraceErrors, SecondMarkerInOneSnapshot) {
  Bytes bytes = first_snapshot(3);
  bytes.pop_back();  // the P: the snapshot already has an L
  const size_t at = bytes.size();
  bytes.push_back('L');
  append_u32(bytes, 0);
  append_u32(bytes, 16);
  bytes.push_back('P');
  EXPECT_EQ(
      error_of(bytes),
      fmt::format("t.vutr: offset {:#x}: a second 'L' packet in one snapshot (a pair makes at most one load)", at));
}

TEST(VutraceErrors, PushBeforeAFullState) {
  Bytes bytes = header(3);
  append_packet(bytes, 'R', register_body(8));
  bytes.push_back('P');
  EXPECT_EQ(
      error_of(bytes),
      fmt::format("t.vutr: offset {:#x}: a 'P' before the trace gave a full state (missing: M I)", 8 + 1 + kRegisters));
}

TEST(VutraceErrors, TpcNotAPairAddress) {
  Bytes bytes = first_snapshot(3);
  put_u32(bytes, 8 + 1 + kMemory + 1 + kTpcOffset, 0x0c);
  EXPECT_EQ(error_of(bytes), fmt::format("t.vutr: offset {:#x}: snapshot 0 has TPC 0xc, not the byte address of an "
                                         "instruction pair (a multiple of 8)",
                                         bytes.size() - 1));
}

TEST(VutraceErrors, DecodedSizeLimit) {
  // Each 'm' + 'P' (8 bytes) makes a new 16 KiB image: a limit of 1 MiB stops the reader near 64 of them.
  Bytes bytes = first_snapshot(3);
  for (int n = 0; n < 200; ++n) {
    Bytes delta = memory_delta(static_cast<uint16_t>(4 * n), static_cast<uint32_t>(n + 1));
    bytes.insert(bytes.end(), delta.begin(), delta.end());
    bytes.push_back('P');
  }
  VutraceLimits limits;
  limits.max_decoded_bytes = 1 << 20;
  const std::string error = error_of(bytes, limits);
  EXPECT_NE(error.find("the decoded snapshots exceed the limit of 1048576 bytes"), std::string::npos) << error;
  limits.max_decoded_bytes = 8 << 20;
  EXPECT_EQ(read_vutrace(bytes, "t.vutr", limits).snapshots.size(), 201u);
}

}  // namespace
}  // namespace gcvu::formats
