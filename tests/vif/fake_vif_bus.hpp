#pragma once
// A Vif1Bus for the VIF1 tests: VU memories, switchable VU/GIF busy flags, a PATH2 that can refuse, and a record
// of every microprogram start, micro write and PATH2 qword.

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "emu/vif/vif1.hpp"

namespace gcvu::vif::test {

struct MicroStart {
  std::optional<uint32_t> pc;
  uint16_t top = 0;
  uint16_t itop = 0;
};

class FakeVifBus : public Vif1Bus {
 public:
  vu::DataMemory& vu_data() override { return data; }
  void write_micro(uint32_t index, uint64_t instruction) override {
    micro_writes.push_back(index);
    micro.write_instruction(index, instruction);
  }
  bool vu_busy() const override { return vu_is_busy; }
  void start_microprogram(std::optional<uint32_t> pc, uint16_t top, uint16_t itop) override {
    starts.push_back(MicroStart{pc, top, itop});
  }
  bool gif_path_busy(gif::Path path) const override { return path_busy[static_cast<size_t>(path)]; }
  bool path2_offer(const Qword& qword, bool hl) override {
    if (path2_refuses) return false;
    path2.push_back(qword);
    path2_hl.push_back(hl);
    return true;
  }
  void set_path3_mask(bool masked) override { path3_masked = masked; }

  vu::DataMemory data;
  vu::MicroMemory micro;
  bool vu_is_busy = false;
  std::array<bool, 4> path_busy{};  // indexed by gif::Path (1-3)
  bool path2_refuses = false;
  bool path3_masked = false;
  std::vector<MicroStart> starts;
  std::vector<uint32_t> micro_writes;
  std::vector<Qword> path2;
  std::vector<bool> path2_hl;
};

// VIFcode words.
constexpr uint32_t vifcode(uint32_t cmd, uint32_t num = 0, uint32_t imm = 0, bool ibit = false) {
  return (ibit ? 0x80000000u : 0u) | (cmd & 0x7f) << 24 | (num & 0xff) << 16 | (imm & 0xffff);
}
constexpr uint32_t stcycl(uint32_t cl, uint32_t wl) { return vifcode(0x01, 0, cl | wl << 8); }
constexpr uint32_t stmod(uint32_t mode) { return vifcode(0x05, 0, mode); }
constexpr uint32_t kNop = 0;
// UNPACK: `format` is CMD bits 0-3 (VN·4 + VL), NUM qwords at ADDR, with MASK/USN/FLG bits.
constexpr uint32_t unpack(uint32_t format, uint32_t num, uint32_t addr, bool masked = false, bool usn = false,
                          bool flg = false) {
  return vifcode(0x60 | (masked ? 0x10 : 0) | (format & 0xf), num,
                 (addr & 0x3ff) | (usn ? 0x4000u : 0u) | (flg ? 0x8000u : 0u));
}

// Pushes `words` (any number: in FIFO-sized pieces) and runs VIF1 until it can do nothing more with them.
inline Vif1State feed(Vif1& vif, const std::vector<uint32_t>& words, uint64_t& clock) {
  size_t next = 0;
  Vif1State state = vif.run_until(clock += 1'000'000);
  while (next < words.size()) {
    const size_t count = std::min(words.size() - next, vif.fifo_space_words());
    if (count == 0) break;
    vif.push_words(std::span<const uint32_t>(words.data() + next, count));
    next += count;
    state = vif.run_until(clock += 1'000'000);
  }
  return state;
}

}  // namespace gcvu::vif::test
