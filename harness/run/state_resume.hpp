#pragma once
// The work PCSX2 had under way when it saved a state, resumed where gcvu can (PCSX2 ade5762a4; the fields are in
// formats/pcsx2/internal_structures.hpp):
//
// - VIF1 inside an UNPACK: PCSX2's newVif buffers a half-received UNPACK's data (nVif[1].buffer, bSize bytes) and
//   writes nothing until the rest arrives (Vif_Unpack.cpp nVifUnpack), and VIF1_CODE keeps the whole VIFcode. So
//   feeding VIF1 that VIFcode and the buffered bytes before the transfer goes on gives the same writes.
// - VIF1 inside an MPG: the instructions received are in micro memory already; tag.addr is the next byte address
//   and tag.size the words still to come (Vif_Codes.cpp vifCode_MPG), so an MPG of tag.size / 2 instructions at
//   tag.addr / 8 takes the rest.
//   Either is fed after NOPs that make the words fed a multiple of 4, so the transfer's words keep their place in a
//   qword (MPG's and DIRECT's alignment rules), and MPG's data starts a qword. VIF1 charges its usual half cycle per
//   word for them, before the transfer starts.
// - Not resumed, with a note: DIRECT (its GIF packet state is in PCSX2's GIF unit block, not read) and the other
//   commands that take data (STROW, STCOL, STMASK), which VIF1 is rarely left inside.
// - VU1 (the interpreter's fields): a DIV/SQRT/RSQRT or EFU result in flight (fdiv/efu pipes) lands in Q/P when
//   sCycle + Cycle is reached, counted from the saved cycle; a branch taken by the last pair (branch = 1) goes to
//   branchpc after the delay slot at TPC. microVU's second Q/P instance is shown, not resumed: its remaining
//   latency is microVU's own block state.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "emu/system/clocked_system.hpp"
#include "formats/pcsx2/save_state.hpp"

namespace gcvu::harness {

struct Vif1Resume {
  std::vector<uint32_t> words;  // NOP padding, the VIFcode, the data PCSX2 had received (a multiple of 4 words)
  std::string note;             // what is resumed, or why it cannot be (empty when VIF1 was between commands)
};

// The UNPACK's length is checked against the saved VIF1_CYCLE (the one the command started under, whatever --cycle
// sets for the rest of the run).
Vif1Resume vif1_resume(const formats::SaveState& state);

// Feeds `words` to VIF1 alone, as much as its FIFO takes at a time, before a transfer starts. Returns VIF1's error
// (or why it stopped) if it could not take them all, else an empty string.
std::string feed_vif1(std::span<const uint32_t> words, system::ClockedSystem& machine);

struct Vu1InFlight {
  std::optional<uint32_t> q_cycles;       // the saved DIV result lands in Q after this many cycles
  std::optional<uint32_t> p_cycles;       // the saved EFU result lands in P after this many cycles
  std::optional<uint32_t> branch_target;  // instruction index the pair after the delay slot at TPC jumps to
  std::vector<std::string> notes;
};

// What of VU1's saved pipeline work resumes; `running`: VU1 was running a program.
Vu1InFlight vu1_in_flight(const formats::SavedVuRegisters& saved, bool running);
// Seeds the Q/P results in flight (counted from VU1's clock now, so after the program started), and the pending
// branch (after start(), which clears it).
void seed_vu1_results(const formats::SavedVuRegisters& saved, const Vu1InFlight& plan, vu::Vu1& vu);
void seed_vu1_branch(const Vu1InFlight& plan, vu::Vu1& vu);

}  // namespace gcvu::harness
