#include "emu/vu/interpreter/flag_liveness.hpp"

#include <vector>

#include "emu/vu/pipeline/flag_pipeline.hpp"

namespace gcvu::vu {

namespace {

// FMAND/FMEQ/FMOR, FSAND/FSEQ/FSOR and FSSET: the lower ops that look at (or overwrite the sticky bits of)
// committed MAC/status values.
bool looks_at_mac_status(const OpInfo& lower) {
  return lower.unit == Unit::kFlag && ((lower.reads | lower.writes) & (special::kMac | special::kStatus)) != 0;
}

}  // namespace

uint16_t mark_flag_liveness(std::span<BlockPair> pairs, const std::array<IssuePlan, kMicroInstructions>& plans,
                            const std::array<DecodedBundle, kMicroInstructions>& decoded, FlagLiveness rule) {
  // A run of the whole block ends at its last pair, or at the first pair whose D/T bit stops the program.
  size_t end = pairs.size();
  for (size_t n = 0; n < pairs.size(); ++n) {
    if (plans[pairs[n].pc].stops) {
      end = n + 1;
      break;
    }
  }
  if (end == 0) return 0;
  const uint32_t last_issue = pairs[end - 1].issue;
  std::vector<uint32_t> looks;  // issue cycles of the pairs that look
  for (size_t n = 0; n < end; ++n) {
    if (looks_at_mac_status(decoded[pairs[n].pc].lower_info)) looks.push_back(pairs[n].issue);
  }
  auto unseen_between = [&](uint32_t from, uint32_t to) {
    if (rule == FlagLiveness::kBrokenIgnoresReads) return true;
    for (uint32_t cycle : looks) {
      if (cycle >= from && cycle < to) return false;
    }
    return true;
  };
  const FlagUse carrying = rule == FlagLiveness::kBrokenLosesSticky ? FlagUse::kLive : FlagUse::kLiveCarrying;

  uint16_t dead = 0;
  bool carry = false;   // dead results wait for the next live one
  size_t setter = end;  // the previous MAC/status setter, not yet decided
  auto decide = [&](size_t n, bool is_dead) {
    if (is_dead) {
      pairs[n].flags = FlagUse::kDead;
      ++dead;
      carry = true;
    } else {
      pairs[n].flags = carry ? carrying : FlagUse::kLive;
      carry = false;
    }
  };
  for (size_t n = 0; n < end; ++n) {
    if (!decoded[pairs[n].pc].upper_info.sets_mac_status) continue;
    if (setter != end) {
      const uint32_t a = pairs[setter].issue;
      const uint32_t b = pairs[n].issue;
      const bool commits_in_block =
          b + FlagPipeline::kLatency <= last_issue || rule == FlagLiveness::kBrokenDropsExitWrites;
      decide(setter, commits_in_block && unseen_between(a + FlagPipeline::kLatency, b + FlagPipeline::kLatency));
    }
    setter = n;
  }
  if (setter != end) decide(setter, false);  // the block's last result: nothing after it overwrites it
  return dead;
}

}  // namespace gcvu::vu
