// The SSE2 and AVX2 UNPACK kernels against the scalar reference loop (UnpackPath::kScalar) on fixed seeds:
// every format × MASK × MODE × USN, several write cycles, a destination that wraps, and data arriving in pieces.

#include <cstdint>
#include <random>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "emu/vif/unpack_engine.hpp"

namespace gcvu::vif {
namespace {

struct Outcome {
  vu::DataMemory memory;
  std::array<uint32_t, 4> row{};
  UnpackJob job;
};

// Runs one UNPACK with its payload delivered `piece` bytes at a time.
Outcome run(const UnpackJob& start, const UnpackRegisters& registers, UnpackOptions options,
            const std::vector<uint8_t>& payload, uint32_t piece, uint32_t fill) {
  Outcome out;
  for (uint32_t q = 0; q < vu::kDataQwords; ++q) out.memory.qword(q).fill(fill);
  UnpackRegisters regs = registers;
  out.job = start;
  uint32_t arrived = 0;
  for (int guard = 0; out.job.remaining != 0 && guard < 100000; ++guard) {
    arrived = std::min<uint32_t>(arrived + piece, start.payload_bytes);
    const uint32_t at = out.job.bytes_read();
    run_unpack(out.job, regs, options, UnpackSource{payload.data() + at, arrived - at}, out.memory, 1000);
  }
  out.row = regs.row;
  return out;
}

TEST(UnpackFastPath, MatchesTheScalarReference) {
  std::mt19937 random(0x5eed);
  const std::vector<std::pair<uint32_t, uint32_t>> cycles = {{1, 1}, {4, 4}, {3, 2}, {255, 1}, {1, 2}, {2, 0}};
  int compared = 0;
  for (uint32_t format = 0; format < 16; ++format) {
    if (!unpack_format_valid(static_cast<UnpackFormat>(format))) continue;
    for (const bool masked : {false, true}) {
      for (uint32_t mode = 0; mode < 4; ++mode) {
        for (const bool usn : {false, true}) {
          for (const auto& [cl, wl] : cycles) {
            for (const uint32_t piece : {1u, 7u, 64u, 4096u}) {
              SCOPED_TRACE(fmt::format("format {:x} masked {} mode {} usn {} CL {} WL {} piece {}", format, masked,
                                       mode, usn, cl, wl, piece));
              Vif1Registers regs;
              regs.cycle = Vif1Cycle{cl, wl};
              const uint32_t num = random() % 256;
              const uint32_t addr = 1000 + random() % 24;  // wraps past 1023
              const uint32_t code =
                  (0x60u | (masked ? 0x10u : 0u) | format) << 24 | (num << 16) | (usn ? 0x4000u : 0u) | addr;
              const UnpackJob job = unpack_job_for(VifCode::decode(code), regs);
              std::vector<uint8_t> payload(job.payload_bytes);
              for (uint8_t& b : payload) b = static_cast<uint8_t>(random());
              UnpackRegisters registers{static_cast<uint32_t>(random()), mode, {}, {}};
              for (uint32_t& r : registers.row) r = static_cast<uint32_t>(random());
              for (uint32_t& c : registers.col) c = static_cast<uint32_t>(random());
              for (const V3Extra v3 : {V3Extra::kNextElement, V3Extra::kZero}) {
                UnpackOptions reference;
                reference.v3_extra = v3;
                reference.v2_extra = v3 == V3Extra::kZero ? V2Extra::kZero : V2Extra::kRepeatXy;
                reference.path = UnpackPath::kScalar;
                const Outcome b = run(job, registers, reference, payload, piece, 0xa5a5a5a5);
                ASSERT_EQ(b.job.remaining, 0u);
                for (const UnpackPath path : {UnpackPath::kSse2, UnpackPath::kWidest}) {
                  UnpackOptions fast = reference;
                  fast.path = path;
                  const Outcome a = run(job, registers, fast, payload, piece, 0xa5a5a5a5);
                  ASSERT_EQ(a.job.remaining, 0u);
                  for (uint32_t q = 0; q < vu::kDataQwords; ++q) {
                    ASSERT_EQ(a.memory.qword(q), b.memory.qword(q)) << "qword " << q << " path " << int(path);
                  }
                  EXPECT_EQ(a.row, b.row);
                  EXPECT_EQ(a.job.cycle, b.job.cycle);
                  EXPECT_EQ(a.job.address, b.job.address);
                  ++compared;
                }
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(compared, 13 * 2 * 4 * 2 * 6 * 4 * 2 * 2);
}

}  // namespace
}  // namespace gcvu::vif
