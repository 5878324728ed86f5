#pragma once
// Building GIF streams for the GIF tests, written from the GIFtag layout of reference/vif-gif-formats.md §2.1
// (NLOOP 0-14, EOP 15, PRE 46, PRIM 47-57, FLG 58-59, NREG 60-63, REGS 64-127), independently of GifTag::decode,
// and feeding them to a GifUnit.

#include <cstdint>
#include <string>
#include <vector>

#include "emu/common/qword.hpp"
#include "emu/gif/gif_unit.hpp"
#include "emu/gif/gs_write_recorder.hpp"

namespace gcvu::test {

struct TagFields {
  uint32_t nloop = 0;
  bool eop = false;
  bool pre = false;
  uint32_t prim = 0;
  uint32_t flg = 0;   // 0 PACKED, 1 REGLIST, 2/3 IMAGE
  uint32_t nreg = 1;  // 0 means 16
  uint64_t regs = 0;  // descriptor i in bits 4i..4i+3
};

inline Qword tag_qword(const TagFields& f) {
  const uint64_t low = uint64_t{f.nloop} | uint64_t{f.eop} << 15 | uint64_t{f.pre} << 46 | uint64_t{f.prim} << 47 |
                       uint64_t{f.flg} << 58 | uint64_t{f.nreg} << 60;
  return make_qword(low, f.regs);
}

// A qword from its four 32-bit words, bits 0-31 first.
inline Qword words(uint32_t w0, uint32_t w1, uint32_t w2, uint32_t w3) { return {w0, w1, w2, w3}; }

// An A+D data qword: `value` to the register at `address`.
inline Qword ad_qword(uint8_t address, uint64_t value) { return make_qword(value, address); }

// IMAGE data qword number k, easy to recognise in a listing.
inline Qword image_qword(uint32_t k) { return {k, 0x100 + k, 0x200 + k, 0x300 + k}; }

// A one-tag PACKED A+D packet of `count` writes to `address` with values base, base+1, ...
inline std::vector<Qword> ad_packet(uint32_t count, uint8_t address, uint64_t base, bool eop = true) {
  std::vector<Qword> packet{tag_qword({.nloop = count, .eop = eop, .flg = 0, .nreg = 1, .regs = 0xe})};
  for (uint32_t i = 0; i < count; ++i) packet.push_back(ad_qword(address, base + i));
  return packet;
}

// A one-tag IMAGE packet of `count` data qwords (image_qword(0..count-1)).
inline std::vector<Qword> image_packet(uint32_t count, bool eop = true) {
  std::vector<Qword> packet{tag_qword({.nloop = count, .eop = eop, .flg = 2})};
  for (uint32_t i = 0; i < count; ++i) packet.push_back(image_qword(i));
  return packet;
}

// Offers every qword at `cycle`; returns how many the path accepted (it stops at the first refusal).
inline size_t offer_all(gif::GifUnit& gif, gif::Path path, const std::vector<Qword>& qwords, uint64_t cycle,
                        bool directhl = false) {
  size_t accepted = 0;
  for (const Qword& q : qwords) {
    if (!gif.offer(path, q, cycle, directhl)) break;
    ++accepted;
  }
  return accepted;
}

inline gif::GsEvent reg(gif::Path path, uint64_t cycle, uint8_t address, uint64_t value) {
  return {gif::GsEventKind::kRegister, path, cycle, address, value, {}};
}
inline gif::GsEvent image(gif::Path path, uint64_t cycle, const Qword& data) {
  return {gif::GsEventKind::kImage, path, cycle, 0, 0, data};
}
inline gif::GsEvent eop(gif::Path path, uint64_t cycle) {
  return {gif::GsEventKind::kEndPacket, path, cycle, 0, 0, {}};
}

// The recorder's events as listing lines, so a failing comparison prints readable text.
inline std::vector<std::string> lines(const std::vector<gif::GsEvent>& events) {
  std::vector<std::string> out;
  for (const auto& event : events) out.push_back(gif::gs_event_line(event));
  return out;
}

}  // namespace gcvu::test
