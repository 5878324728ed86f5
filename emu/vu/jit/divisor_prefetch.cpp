#include "emu/vu/jit/divisor_prefetch.hpp"

#include <algorithm>

namespace gcvu::vu::jit {

namespace {

bool writes_lane(const OpInfo& info, uint8_t reg, uint8_t lane) {
  return info.vf_write.used() && info.vf_write.reg == reg && has_lane(info.vf_write.fields, lane);
}

}  // namespace

std::vector<std::vector<DivisorLane>> plan_divisor_prefetches(std::span<const BlockPair> pairs,
                                                             const DecodedMicro& program) {
  std::vector<std::vector<DivisorLane>> at(pairs.size() + 1);
  for (size_t n = 0; n < pairs.size(); ++n) {
    const DecodedBundle& bundle = program.decoded[pairs[n].pc % kMicroInstructions];
    if (bundle.lower.op != Opcode::kDiv || bundle.lower.ft == 0) continue;  // VF00 is constant: its line stays hot
    const DivisorLane divisor{bundle.lower.ft, bundle.lower.ftf};
    size_t point = 0;
    for (size_t k = n; k-- > 0;) {
      const DecodedBundle& before = program.decoded[pairs[k].pc % kMicroInstructions];
      if (writes_lane(before.upper_info, divisor.reg, divisor.lane) ||
          writes_lane(before.lower_info, divisor.reg, divisor.lane)) {
        point = k + 1;
        break;
      }
    }
    const auto same = [&](const DivisorLane& d) { return d.reg == divisor.reg && d.lane == divisor.lane; };
    if (std::none_of(at[point].begin(), at[point].end(), same)) at[point].push_back(divisor);
  }
  return at;
}

}  // namespace gcvu::vu::jit
