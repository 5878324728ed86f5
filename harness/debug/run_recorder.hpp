#pragma once
// What the debugger keeps of the run so far, for the views that look back: the timeline (`trace`), the last GS
// draws (`gs`) and the XGKICK addresses (`gif`). Going back forgets what came after.

#include <cstdint>
#include <optional>
#include <vector>

#include "harness/debug/engine.hpp"
#include "harness/debug/gs_primitive_log.hpp"
#include "harness/debug/timeline.hpp"

namespace gcvu::harness::debug {

class RunRecorder final : public RunListener {
 public:
  void attach(Engine& engine) { engine.add_listener(this); }
  void on_pair(const vu::PairEvent& event, const vu::Vu1& vu) override;
  void on_tick(uint64_t cycle, const DebugMachine& machine) override;
  void on_rewind(uint64_t cycle, const DebugMachine& machine) override;

  const Timeline& timeline() const { return timeline_; }
  const GsPrimitiveLog& primitives() const { return primitives_; }
  // The data address of the last XGKICK issued.
  std::optional<uint32_t> last_kick() const;

 private:
  struct Kick {
    uint64_t cycle = 0;
    uint32_t address = 0;
  };
  Timeline timeline_;
  GsPrimitiveLog primitives_;
  std::vector<Kick> kicks_;
};

}  // namespace gcvu::harness::debug
