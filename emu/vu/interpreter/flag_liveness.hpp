#pragma once
// Flag liveness in the block engine: which MAC/status results of a block's FMAC ops nothing can see, so the block
// runner leaves them out of the flag pipeline (issue 19 item 2). It never changes a result, flag or cycle.
//
// What can see a MAC/status result R (issued at cycle a, committed at a + 4 with reference/vu1.md §3's delay):
//   - FMAND/FMEQ/FMOR (MAC), FSAND/FSEQ/FSOR (status) issued at a cycle c with a + 4 <= c: they read what has
//     committed by c; and FSSET, which overwrites the sticky bits that R's commit ORs in;
//   - anyone outside the block: the next block's reads, and whoever looks at the VU between two runs (a
//     `run_until` that returns, the engine cross-test's snapshots, Vu1::hash_state, save states, the debugger's
//     register and pipe views), which see registers.mac/status and every entry still in the flag pipeline.
// Nothing else reads them: FDIV's commit touches only status bits 4-5 and ORs its own sticky bits, so it commutes
// with an FMAC commit; the stall rules never look at the flag pipeline.
//
// The rule. In a block run from its first pair to its end (the delay slot of its branch or E bit, or a pair whose
// D/T bit stops the program), issued at block cycle L: a result R from the setter issued at a is dead when the
// block's next MAC/status setter, issued at b, satisfies
//   (1) b + 4 <= L: that setter has committed before the block ends, so at the block exit the registers and the
//       flag pipeline are exactly as if R had gone through (the last writes still in flight at the exit stay live);
//   (2) no FMxxx/FSxxx/FSSET of the block issues in [a + 4, b + 4): between R's commit and the next one's, the
//       only moment R is in the registers, no instruction looks.
// Its MAC and status bits 0-3 are then overwritten unseen. Its sticky bits (its own Z/S/U/O and a multiply stage's)
// are carried into the next setter that stays live (FlagUse::kLiveCarrying): that one commits by L, and the OR of
// sticky bits is the same whether R's part lands at a + 4 or later, as no FSSET falls between (2). A chain of dead
// results carries all of theirs.
//
// The rule holds only when the block really runs from its first pair to its end, so the runner uses
// Block::whole_run_pairs only then: not when `run_until`'s limit or the cycle budget would cut the block, and not
// when the block is entered as a delay slot or after an E bit (a run that stopped mid-block). Otherwise it runs
// Block::pairs, where every result is live. Clip results are all kept: CLIP shifts the clip flag, so a judgement is
// only dead behind 4 more CLIPs or an FCSET, and real microcode reads each one (tfrag, moby: CLIP, then FCAND).

#include <array>
#include <cstdint>
#include <span>

#include "emu/vu/interpreter/block.hpp"

namespace gcvu::vu {

// Sets BlockPair::flags in `pairs` (a block's pairs, as build_block made them) for a run of the whole block, by the
// rule above (or a deliberately broken variant of it, see FlagLiveness). Returns how many results it left out.
uint16_t mark_flag_liveness(std::span<BlockPair> pairs, const std::array<IssuePlan, kMicroInstructions>& plans,
                            const std::array<DecodedBundle, kMicroInstructions>& decoded, FlagLiveness rule);

}  // namespace gcvu::vu
