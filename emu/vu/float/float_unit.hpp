#pragma once
// The VU1 float unit in one include: the PS2 number format and result types, then one header per concept.
//   ps2_float.hpp   format helpers, MacFlag/FmacResult, FdivFlag/FdivResult, status/MAC packing
//   adder.hpp       add, sub                      (inline: hot)
//   multiplier.hpp  mul                           (inline: hot)
//   fused.hpp       madd, msub (ACC-overflow persistence input)
//   divider.hpp     div, sqrt, rsqrt              (divider.cpp)
//   convert.hpp     ftoi, itof with FixedPoint 0/4/12/15
//   compare.hpp     max, mini, clip_judgement, clip, push_clip_history
//   efu.hpp         the 13 EFU ops                (efu.cpp)
//   reference.hpp   the slow reference models the fast paths are cross-tested against (not included here)
// Integer and R-register helpers live beside it in emu/vu/alu/.

#include "emu/vu/float/adder.hpp"
#include "emu/vu/float/compare.hpp"
#include "emu/vu/float/convert.hpp"
#include "emu/vu/float/divider.hpp"
#include "emu/vu/float/efu.hpp"
#include "emu/vu/float/fused.hpp"
#include "emu/vu/float/multiplier.hpp"
#include "emu/vu/float/ps2_float.hpp"
