#pragma once
// PCSX2's texel coordinate rounding at a flush (GSState::FlushPrim, "from hardware tests"; reference/gs.md §2):
// in STQ draws of sprites, or of primitives whose Z the vertex trace finds constant, S and T lose their lowest
// 9 mantissa bits, plus one more for each step by which Q's exponent exceeds theirs, and Q loses its lowest 8.
// PCSX2 applies it to the flushed copy only: vertices carried into the next batch keep their bits.

#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/primitive/gs_vertex.hpp"

namespace gcvu::gs {

// Whether a draw's coordinates are rounded: texture on, STQ, and a sprite or a trace-constant Z.
bool st_rounding_applies(bool texture, bool fst, bool sprite, bool z_equal);

// `coordinate` (S or T) with the low mantissa bits cleared that the rule clears next to `q`.
float round_st_coordinate(float coordinate, float q);

// Q with its low 8 mantissa bits cleared.
float round_q(float q);

// Copies `in` into `out` with every vertex's S, T and Q rounded. (PCSX2 rounds each referenced vertex; the rule
// gives the same bits when applied again, so shared and unreferenced vertices need no special case. A sprite's
// first vertex already carries the second's Q, as PCSX2 copies it before rounding.)
void round_st_coordinates(std::span<const GsVertex> in, std::vector<GsVertex>& out);

}  // namespace gcvu::gs
