#pragma once
// Which path owns the GIF (reference/vif-gif-formats.md §2.4; PCSX2 Gif_Unit.h Execute, CanDoPath*, Path3Masked,
// CanDoP3Slice; ps2tek GIF/README.md). Pure decisions over a snapshot of the three inputs, so the rules read in one
// place:
// - Priority PATH1 > PATH2 > PATH3, decided only at a packet boundary (after an EOP packet ends, or when idle):
//   a packet, once started, keeps the GIF until its EOP data is through, even while it waits for data.
// - M3R/M3P hold back only a PATH3 packet that has not started; a started (or IMT-sliced) one goes on. ps2tek
//   (GIF/IO.md) words M3R as applying "once GIF DMA ends its transfer"; gcvu follows PCSX2's packet rule.
// - IMT: a PATH3 IMAGE may be interrupted at a slice point by PATH1 or by PATH2 data that came by DIRECT. DIRECTHL
//   never interrupts it and also waits while a sliced PATH3 IMAGE is unfinished (CanDoPath2HL).
// - Slice points: after every kImtSliceQwords data qwords of a PATH3 IMAGE tag, while that tag still has data.
//   With IMT set, PCSX2's GIF DMA (Gif.cpp WRITERING_DMA) feeds PATH3 in 8-qword pieces and arbitrates between them
//   (it stretches the piece to 1024 qwords for transfers over 128 qwords, a speed shortcut gcvu does not copy); the
//   EE manual's "intermittent mode" transfers PATH3 IMAGE data in 8-qword units.

#include <cstdint>
#include <optional>

#include "emu/gif/gs_sink.hpp"

namespace gcvu::gif {

inline constexpr uint32_t kImtSliceQwords = 8;

struct PathInput {
  bool ready = false;     // its next qword is there at the decision cycle
  bool directhl = false;  // PATH2 only: that qword came by DIRECTHL
};

struct ArbiterInputs {
  PathInput path1;
  PathInput path2;
  PathInput path3;
  bool path3_started = false;    // PATH3 is inside a packet (sliced, or waiting for data)
  bool path3_masked = false;     // GIF_STAT.M3R || GIF_STAT.M3P
  bool path3_suspended = false;  // GIF_STAT.IP3
};

// The path to own the GIF at a packet boundary, or nullopt to stay idle.
std::optional<Path> next_path(const ArbiterInputs& inputs);

// The active PATH3 has consumed `data_done` qwords of an IMAGE tag that has more: is this a slice point?
bool at_slice_point(bool imt, uint32_t data_done);

// At a slice point: does another path take the GIF from PATH3?
bool slices_path3(const ArbiterInputs& inputs);

}  // namespace gcvu::gif
