#pragma once
// VIF1's view of the machine in the clocked system: the real VU1 and GIF. Starting a microprogram is handed to
// the system, which keeps the per-program report; so is bringing the GIF up to date before VIF1 asks it anything
// (the system may let the GIF fall behind while VIF1 works beside VU1).

#include <functional>

#include "emu/gif/gif_unit.hpp"
#include "emu/system/path1_to_gif.hpp"
#include "emu/vif/vif1_bus.hpp"
#include "emu/vu/interpreter/vu1.hpp"

namespace gcvu::system {

class MachineVifBus final : public vif::Vif1Bus {
 public:
  using ProgramStarter = std::function<void(std::optional<uint32_t> pc, uint16_t top, uint16_t itop)>;
  using Clock = std::function<uint64_t()>;
  using GifCatchUp = std::function<void()>;

  MachineVifBus(vu::Vu1& vu, gif::GifUnit& gif, const Path1ToGif& path1, ProgramStarter starter, Clock vif_clock,
                GifCatchUp gif_catch_up)
      : vu_(vu),
        gif_(gif),
        path1_(path1),
        starter_(std::move(starter)),
        vif_clock_(std::move(vif_clock)),
        gif_catch_up_(std::move(gif_catch_up)) {}

  vu::DataMemory& vu_data() override { return vu_.data(); }
  void write_micro(uint32_t index, uint64_t instruction) override { vu_.write_micro(index, instruction); }
  // A VU stopped by a D or T bit counts as busy (VPU_STAT 0x500): VIF1 waits for the EE to resume it. A program
  // that ended at a cycle VIF1's clock has not reached yet is still running as far as VIF1 can tell.
  bool vu_busy() const override {
    return vu_.running() || vif_clock_() < busy_until_ || vu_.stop_reason() == vu::StopReason::kDebugBreak ||
           vu_.stop_reason() == vu::StopReason::kTraceHalt;
  }
  // The cycle the last program ended: VU1 counts as busy to a VIF1 whose clock is behind it.
  void set_vu_busy_until(uint64_t cycle) { busy_until_ = cycle; }
  uint64_t vu_busy_until() const { return busy_until_; }
  void start_microprogram(std::optional<uint32_t> pc, uint16_t top, uint16_t itop) override { starter_(pc, top, itop); }
  bool gif_path_busy(gif::Path path) const override {
    gif_catch_up_();
    if (path == gif::Path::kPath1 && (vu_.xgkick().busy() || path1_.in_transfer())) return true;
    return gif_.path_busy(path);
  }
  bool path2_offer(const Qword& data, bool hl) override {
    gif_catch_up_();
    return gif_.offer(gif::Path::kPath2, data, vif_clock_(), hl);
  }
  void set_path3_mask(bool masked) override {
    gif_catch_up_();
    gif_.set_path3_mask(masked);
  }

 private:
  vu::Vu1& vu_;
  gif::GifUnit& gif_;
  const Path1ToGif& path1_;
  ProgramStarter starter_;
  Clock vif_clock_;
  GifCatchUp gif_catch_up_;
  uint64_t busy_until_ = 0;
};

}  // namespace gcvu::system
