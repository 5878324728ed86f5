#pragma once
// Options that select between documented behaviours where the references disagree, and VIF1's data-rate model.
// Every default is PCSX2's documented behaviour (reference/vif-gif-formats.md §1.3), except where the hardware cases
// in shared/vectors/vif settle a question, and then the default is what the hardware did.

#include <cstdint>

namespace gcvu::vif {

// What V2-32/16/8 UNPACKs write into z and w.
enum class V2Extra : uint8_t {
  // z = x, w = y. Measured on a PS2 (shared/vectors/vif unpack/simple_v2_*) and what the PCSX2 interpreter
  // (Vif_Unpack.cpp UNPACK_V2, "some games very much depend on it") and Dobie write. The default.
  kRepeatXy,
  // z = w = 0: Play! zero-fills the fields a format does not carry.
  kZero,
};

// What V3-32/16/8 UNPACKs write into w.
enum class V3Extra : uint8_t {
  // w = the next element of the source stream (the x of the next vector, or the padding after the last one), as
  // the PCSX2 interpreter does by running V3 through its V4 path ("confirmed real hardware ... Ape Escape 3",
  // Vif_Unpack.cpp UNPACK_V4). The default. An element past the end of the UNPACK's padded payload reads 0:
  // PCSX2 would read whatever follows in its buffer, but gcvu's result must not depend on how the stream was split
  // into pushes. The hardware cases are all consistent with it (their next element was 0).
  kNextElement,
  // w = 0, as Play! writes.
  kZero,
};

// What the fill cycles (cycles CL..WL-1 of a filling write, CL < WL) write into fields that MASK leaves as data.
enum class FillCycleData : uint8_t {
  // The vector the next read cycle will use, without consuming it: PCSX2 (Vif_Unpack.cpp _nVifUnpackLoop advances
  // its source only while cl <= CL). The default. Past the last vector of the payload it reads 0 (see kNextElement).
  kNextVector,
  // 0 (still passed through MODE, so MODE 1 writes ROW): Play! (Vif.h Unpack leaves the value zeroed) and Dobie.
  kZero,
};

// VIF1's data-rate model on the 294.912 MHz VU clock, after PCSX2: vifTransfer (Vif_Transfer.cpp) charges
// `transferred_words * BIAS / 4` EE cycles for the words a transfer consumed, with BIAS = 2 (Common.h, "the bus is
// half of the actual PS2 speed"), and the EE clock is the VU clock. That is one 147.456 MHz bus cycle, 2 VU
// cycles, per qword of stream, whatever the command does with it. PCSX2 charges nothing more per qword written to
// VU memory, per MPG pair or per DIRECT qword: their cost is the stream words they consume. Play! (one stream word
// per VIF tick) and Dobie (one FIFO word per update cycle) are word-rate models as well; ps2tek gives no rate.
// The clock is kept in half cycles so that one word is exactly 1/2 cycle:
struct Vif1Timing {
  uint32_t vifcode_half_cycles = 1;          // each VIFcode word: 1/2 cycle
  uint32_t data_word_half_cycles = 1;        // each payload word of STMASK/STROW/STCOL/UNPACK: 1/2 cycle
  uint32_t unpack_qword_half_cycles = 0;     // extra per qword UNPACK writes into VU memory (PCSX2: none)
  uint32_t mpg_instruction_half_cycles = 2;  // each 64-bit MPG instruction (2 words): 1 cycle
  uint32_t direct_qword_half_cycles = 4;     // each DIRECT/DIRECTHL qword (4 words): 2 cycles
};

struct Vif1Config {
  V2Extra v2_extra = V2Extra::kRepeatXy;
  V3Extra v3_extra = V3Extra::kNextElement;
  FillCycleData fill_cycle_data = FillCycleData::kNextVector;
  // DIRECT/DIRECTHL data must start on a qword boundary and MPG data on a 64-bit boundary of the stream
  // (reference §1.2, "Data alignment"). When set, a VIFcode that breaks it stops VIF1 with kError; when clear, the
  // data is taken from where it starts.
  bool check_alignment = true;
  Vif1Timing timing;
};

}  // namespace gcvu::vif
