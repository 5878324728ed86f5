#include "harness/run/gs_state_snapshot.hpp"

#include <cstring>

#include "emu/gs/registers/privileged_registers.hpp"
#include "harness/replay/gs_state_registers.hpp"

namespace gcvu::harness {

GsStateSnapshot snapshot_gs_state(const gs::Gs& gs) {
  GsStateSnapshot snapshot;
  snapshot.state.version = 9;
  store_register_file(gs.registers(), snapshot.state);
  snapshot.state.q = 1.0f;
  const auto memory = gs.memory().bytes();
  snapshot.memory.assign(memory.begin(), memory.end());
  snapshot.privileged.assign(gs::kPrivilegedSize, 0);
  const auto block = gs.privileged_block();
  std::memcpy(snapshot.privileged.data(), block.data(), std::min<size_t>(block.size_bytes(), gs::kPrivilegedSize));
  return snapshot;
}

}  // namespace gcvu::harness
