#pragma once
// The machine a VIF1 hardware case runs in: a bare VU1 data memory and micro memory, a VU that is never busy, GIF
// paths that are always idle and take every PATH2 qword, and the PATH3 mask bit (GIF_STAT.M3P).

#include <cstdint>
#include <optional>
#include <vector>

#include "emu/vif/vif1_bus.hpp"

namespace gcvu::harness {

class CaseBus : public vif::Vif1Bus {
 public:
  vu::DataMemory& vu_data() override { return data_; }
  void write_micro(uint32_t index, uint64_t instruction) override { micro_.write_instruction(index, instruction); }
  bool vu_busy() const override { return false; }
  void start_microprogram(std::optional<uint32_t> pc, uint16_t, uint16_t) override { starts.push_back(pc); }
  bool gif_path_busy(gif::Path) const override { return false; }
  bool path2_offer(const Qword& data, bool) override {
    path2.push_back(data);
    return true;
  }
  void set_path3_mask(bool masked) override { path3_masked = masked; }

  const vu::DataMemory& data() const { return data_; }
  vu::DataMemory& data() { return data_; }

  bool path3_masked = false;
  std::vector<std::optional<uint32_t>> starts;
  std::vector<Qword> path2;

 private:
  vu::DataMemory data_;
  vu::MicroMemory micro_;
};

}  // namespace gcvu::harness
