#include "emu/gif/path_arbiter.hpp"

namespace gcvu::gif {

std::optional<Path> next_path(const ArbiterInputs& inputs) {
  if (inputs.path1.ready) return Path::kPath1;
  if (inputs.path2.ready && !(inputs.path2.directhl && inputs.path3_suspended)) return Path::kPath2;
  if (inputs.path3.ready && (inputs.path3_started || !inputs.path3_masked)) return Path::kPath3;
  return std::nullopt;
}

bool at_slice_point(bool imt, uint32_t data_done) { return imt && data_done != 0 && data_done % kImtSliceQwords == 0; }

bool slices_path3(const ArbiterInputs& inputs) {
  return inputs.path1.ready || (inputs.path2.ready && !inputs.path2.directhl);
}

}  // namespace gcvu::gif
