#include "harness/vif_cases/case_runner.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "emu/vif/vif1.hpp"
#include "formats/core/format_error.hpp"
#include "harness/vif_cases/case_bus.hpp"

namespace gcvu::harness {

namespace {

// Enough cycles for VIF1 to do everything it can with what it holds (a 256-qword UNPACK is ~1000 cycles).
constexpr uint64_t kSettleCycles = uint64_t{1} << 32;

bool stopped(vif::Vif1State state) { return state == vif::Vif1State::kStalled || state == vif::Vif1State::kError; }

// Delivers words [begin, end) a qword at a time, each only once VIF1 has used up what it held, as DMA would.
vif::Vif1State deliver(vif::Vif1& vif, const std::vector<uint32_t>& words, size_t begin, size_t end, uint64_t& clock) {
  vif::Vif1State state = vif.run_until(clock += kSettleCycles);
  size_t next = begin;
  while (next < end && !stopped(state)) {
    const size_t count = std::min<size_t>({4, end - next, vif.fifo_space_words()});
    if (count == 0) break;  // VIF1 waits on something other than data with a full FIFO
    vif.push_words(std::span<const uint32_t>(words.data() + next, count));
    next += count;
    state = vif.run_until(clock += kSettleCycles);
  }
  return state;
}

uint32_t lane_name(int lane) { return static_cast<uint32_t>("xyzw"[lane]); }

}  // namespace

CaseOutcome run_vif_case(const VifCase& vif_case, const std::vector<uint8_t>& stream, const vif::Vif1Config& config) {
  if (stream.size() % 4 != 0) {
    throw formats::FormatError(vif_case.stream.string(), stream.size() - stream.size() % 4,
                               fmt::format("a VIF stream is whole 32-bit words; {} bytes is not", stream.size()));
  }
  std::vector<uint32_t> words(stream.size() / 4);
  if (!words.empty()) std::memcpy(words.data(), stream.data(), stream.size());

  CaseBus bus;
  if (vif_case.vu_fill) {
    for (uint32_t q = 0; q < vu::kDataQwords; ++q) bus.data().qword(q).fill(*vif_case.vu_fill);
  }
  vif::Vif1 vif(bus, config);
  for (const CaseInit& init : vif_case.init) {
    switch (init.kind) {
      case CaseInit::Kind::kReset: vif.write_fbrst(vif::kFbrstRst); break;
      case CaseInit::Kind::kRegister: vif.registers().write(init.reg, init.value); break;
      case CaseInit::Kind::kPath3Mask: bus.path3_masked = init.value != 0; break;
    }
  }

  uint64_t clock = 0;
  const size_t split = std::min(words.size(), vif_case.split_at.value_or(stream.size()) / 4);
  vif::Vif1State state = deliver(vif, words, 0, split, clock);
  if (!stopped(state)) state = deliver(vif, words, split, words.size(), clock);

  CaseOutcome outcome;
  outcome.final_state = fmt::format("VIF1 {}{}; {}", vif::vif1_state_name(state),
                                    vif.error().empty() ? "" : " (" + vif.error() + ")", vif.registers().to_string());
  const auto mismatch = [&outcome](std::string text) {
    outcome.passed = false;
    outcome.mismatches.push_back(std::move(text));
  };
  for (const CaseCheck& check : vif_case.checks) {
    if (check.kind == CaseCheck::Kind::kVu) {
      size_t index = 0;
      for (uint32_t q = 0; q < check.count; ++q) {
        for (int lane : check.lanes) {
          const uint32_t actual = bus.data().word(check.first + q, lane);
          const uint32_t expected = check.expected[index++];
          if (actual != expected) {
            mismatch(fmt::format("{}: qword {} {:c}: expected {:08x}, actual {:08x}", check.text, check.first + q,
                                 static_cast<char>(lane_name(lane)), expected, actual));
          }
        }
      }
      continue;
    }
    const uint32_t value =
        check.kind == CaseCheck::Kind::kPath3Mask ? (bus.path3_masked ? 1u : 0u) : vif.registers().read(check.reg);
    const uint32_t actual = value & check.mask;
    if (actual != check.expected[0]) {
      mismatch(fmt::format("{}: expected {:08x}, actual {:08x}", check.text, check.expected[0], actual));
    }
  }
  return outcome;
}

}  // namespace gcvu::harness
