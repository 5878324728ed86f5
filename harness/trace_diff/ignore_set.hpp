#pragma once
// Which parts of the VU1 state `gcvu trace-diff` leaves out of the comparison, parsed from --ignore's list.

#include <bitset>
#include <string>
#include <string_view>

namespace gcvu::harness {

struct IgnoreSet {
  std::bitset<32> vf;
  std::bitset<16> vi;
  bool acc = false;
  bool q = false;
  bool p = false;
  bool i = false;
  bool r = false;
  bool status = false;
  bool mac = false;
  bool clip = false;
  bool memory = false;

  // Adds one name: vf, vfN, vi, viN (N decimal, 0-31 / 0-15, with or without a leading zero), acc, q, p, i, r,
  // status, mac, clip, flags (status, mac, clip), mem (data memory), floats (every VF, acc, q, p and the three flags:
  // everything an FMAC, FDIV or EFU result reaches). Throws UsageError for any other name, and for tpc (lockstep
  // needs both sides at the same pair).
  void add(std::string_view name);
  // A comma-separated list of names; spaces around names are allowed.
  void add_list(std::string_view list);
  // The ignored parts as a list add_list reads back ("none" when nothing is ignored).
  std::string describe() const;
};

}  // namespace gcvu::harness
