#include "harness/replay/mismatch_locator.hpp"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"
#include "emu/gs/memory/pixel_access.hpp"
#include "emu/gs/memory/psm.hpp"
#include "formats/png/png.hpp"
#include "harness/compare/image_diff.hpp"
#include "harness/replay/gs_replay.hpp"

namespace gcvu::harness {
namespace {

namespace reg = gif::gs_reg;
constexpr size_t kGroupedBytes = 20000;  // differing bytes watched and grouped; the rest are only counted

// Bytes per element as a shift of the element address: 32-bit formats 2, 16-bit 1, T8 0, T4 -1 (two per byte).
int element_shift(gs::Psm psm) {
  switch (psm) {
    case gs::Psm::kCt16:
    case gs::Psm::kCt16s:
    case gs::Psm::kZ16:
    case gs::Psm::kZ16s: return 1;
    case gs::Psm::kT8: return 0;
    case gs::Psm::kT4: return -1;
    default: return 2;
  }
}

std::string lane_names(gs::Psm psm, uint32_t byte_in_element) {
  switch (psm) {
    case gs::Psm::kCt32:
    case gs::Psm::kCt24: {
      static constexpr const char* kLanes[4] = {"R", "G", "B", "A"};
      return byte_in_element == 3 && psm == gs::Psm::kCt24 ? "unused top byte" : kLanes[byte_in_element & 3];
    }
    case gs::Psm::kCt16:
    case gs::Psm::kCt16s: return byte_in_element == 0 ? "R, G low bits" : "G high bits, B, A";
    case gs::Psm::kZ32:
    case gs::Psm::kZ24:
    case gs::Psm::kZ16:
    case gs::Psm::kZ16s:
      if (psm == gs::Psm::kZ24 && byte_in_element == 3) return "unused top byte";
      return fmt::format("Z bits {}-{}", 8 * byte_in_element, 8 * byte_in_element + 7);
    case gs::Psm::kT8: return "index";
    case gs::Psm::kT4: return "indices of two pixels";
    case gs::Psm::kT8h: return byte_in_element == 3 ? "index (bits 24-31)" : "not the T8H index";
    case gs::Psm::kT4hl: return byte_in_element == 3 ? "index (bits 24-27) and bits 28-31" : "not the T4HL index";
    case gs::Psm::kT4hh: return byte_in_element == 3 ? "bits 24-27 and index (bits 28-31)" : "not the T4HH index";
  }
  return "?";
}

// The pixel of a buffer that holds element `element` (the inverse of PixelAddress), or nullopt when the buffer's
// width is under one page.
template <gs::Psm kPsm>
std::optional<std::pair<uint32_t, uint32_t>> pixel_of_element(uint32_t element, uint32_t base_block, uint32_t width_64) {
  using Traits = gs::PsmTraits<kPsm>;
  // The in-page offset table inverted once per storage arrangement: element offset -> x | y << 16 in the page.
  static const std::vector<uint32_t> inverse = [] {
    std::vector<uint32_t> table(size_t{1} << Traits::kPageElementsLog2);
    const auto& offsets = gs::kPageOffsets<Traits::kSwizzle>.offsets;
    for (uint32_t y = 0; y < Traits::kPageHeight; ++y) {
      for (uint32_t x = 0; x < Traits::kPageWidth; ++x) table[offsets[(y << Traits::kPageWidthLog2) + x]] = x | (y << 16);
    }
    return table;
  }();
  const uint32_t width_pages = (width_64 & 63) >> (Traits::kPageWidthLog2 - 6);
  if (width_pages == 0) return std::nullopt;
  const uint32_t base = (base_block % gs::kBlockCount) << Traits::kBlockElementsLog2;
  const uint32_t relative = ((element ^ Traits::kZXor) - base) & Traits::kMemoryElementMask;
  const uint32_t page = relative >> Traits::kPageElementsLog2;
  const uint32_t in_page = inverse[relative & ((1u << Traits::kPageElementsLog2) - 1)];
  return std::pair{(page % width_pages) * Traits::kPageWidth + (in_page & 0xffff),
                   (page / width_pages) * Traits::kPageHeight + (in_page >> 16)};
}

// A candidate buffer for a byte: name, layout and the rectangle worth searching.
struct Candidate {
  std::string name;
  uint32_t base_block = 0, width_64 = 0, psm = 0;
  uint32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

std::optional<BufferPixel> locate_in(uint32_t address, const Candidate& c) {
  if (c.x1 <= c.x0 || c.y1 <= c.y0) return std::nullopt;
  const gs::Psm psm = gs::psm_or_ct32(c.psm);
  const int shift = element_shift(psm);
  const uint32_t byte = address % gs::kLocalMemoryBytes;
  const uint32_t element = shift < 0 ? byte << 1 : byte >> shift;
  const auto xy = gs::visit_psm(psm, [&](auto constant) {
    return pixel_of_element<decltype(constant)::value>(element, c.base_block, c.width_64);
  });
  if (!xy || xy->first < c.x0 || xy->first >= c.x1 || xy->second < c.y0 || xy->second >= c.y1) return std::nullopt;
  BufferPixel pixel;
  pixel.buffer = c.name;
  pixel.psm = c.psm;
  pixel.base_block = c.base_block;
  pixel.width_64 = c.width_64;
  pixel.x = xy->first;
  pixel.y = xy->second;
  pixel.element_address = element;
  pixel.lanes = lane_names(psm, shift <= 0 ? 0 : byte & ((1u << shift) - 1));
  return pixel;
}

Candidate frame_candidate(const gs::DrawState& s, int context, const gs::PixelBox* box) {
  Candidate c{fmt::format("FRAME (context {})", context), s.frame.fbp() * 32, s.frame.fbw(), s.frame.psm()};
  if (box) {
    c.x0 = uint32_t(std::max(box->x0, 0)), c.y0 = uint32_t(std::max(box->y0, 0));
    c.x1 = uint32_t(std::max(box->x1, 0)), c.y1 = uint32_t(std::max(box->y1, 0));
  } else {  // the context's scissor: where its draws can write
    c.x0 = s.scissor.scax0(), c.y0 = s.scissor.scay0();
    c.x1 = s.scissor.scax1() + 1, c.y1 = s.scissor.scay1() + 1;
  }
  return c;
}

Candidate zbuf_candidate(const gs::DrawState& s, int context, const gs::PixelBox* box) {
  Candidate c = frame_candidate(s, context, box);
  c.name = fmt::format("ZBUF (context {})", context);
  c.base_block = s.zbuf.zbp() * 32;
  // A Z buffer uses colour swizzling when FRAME is itself a Z format (reference/gs.md §1).
  c.psm = (s.frame.psm() & 0x30) == 0x30 ? (s.zbuf.psm() & 0xf) : (s.zbuf.psm() | 0x30);
  return c;
}

Candidate texture_candidate(const DrawLogEntry& e) {
  const gs::DrawState& s = e.draw.state;
  return {fmt::format("texture of draw #{}", e.index), s.tex0.tbp0(), s.tex0.tbw(), s.tex0.psm(), 0, 0,
          1u << std::min(s.tex0.tw(), 10u), 1u << std::min(s.tex0.th(), 10u)};
}

Candidate clut_candidate(const DrawLogEntry& e) {
  const gs::DrawState& s = e.draw.state;
  const bool eight_bit = (s.tex0.psm() & 7) == 3;
  return {fmt::format("CLUT of draw #{}", e.index), s.tex0.cbp(), 1, s.tex0.cpsm(), 0, 0,
          eight_bit ? 16u : 8u, eight_bit ? 16u : 2u};
}

Candidate transfer_candidate(const DrawLogEntry& e) {
  const gs::TransferEvent& t = e.transfer;
  return {fmt::format("destination of transfer #{}", e.index), t.blit.dbp(), t.blit.dbw(), t.blit.dpsm(),
          t.pos.dsax(), t.pos.dsay(), t.pos.dsax() + t.size.rrw(), t.pos.dsay() + t.size.rrh()};
}

gs::DrawState registers_state(const gs::GeneralRegisterFile& r, int context) {
  gs::DrawState s;
  s.frame.raw = r[reg::kFrame1 + context];
  s.zbuf.raw = r[reg::kZbuf1 + context];
  s.scissor.raw = r[reg::kScissor1 + context];
  return s;
}

std::string pixel_text(const BufferPixel& p) {
  const auto psm = gs::psm_from_code(p.psm);
  return fmt::format("{} {} (BP {:#x}, BW {}) pixel ({}, {}), {}", p.buffer, psm ? gs::psm_name(*psm) : "PSM ?",
                     p.base_block, p.width_64, p.x, p.y, p.lanes);
}

bool is_z(gs::Psm psm) { return (uint32_t(psm) & 0x30) == 0x30; }
bool is_colour(gs::Psm psm) { return uint32_t(psm) <= 0x0a; }

// One pixel's value as RGB for the region pictures: `alpha_only` shows alpha as grey; Z maps its position in
// [z_lo, z_hi] onto a blue-green-yellow-red ramp.
void decode_pixel(gs::Psm psm, uint32_t value, bool alpha_only, uint32_t z_lo, uint32_t z_hi, uint8_t* rgba) {
  rgba[3] = 255;
  if (is_z(psm)) {
    const double t = z_hi > z_lo ? double(value - std::min(value, z_lo)) / double(z_hi - z_lo) : 0.5;
    const double r = std::clamp(t * 2 - 0.5, 0.0, 1.0), g = std::clamp(1.5 - std::abs(t * 3 - 1.5), 0.0, 1.0),
                 b = std::clamp(1 - t * 2, 0.0, 1.0);
    rgba[0] = uint8_t(r * 255), rgba[1] = uint8_t(g * 255), rgba[2] = uint8_t(b * 255);
    return;
  }
  if (psm == gs::Psm::kCt16 || psm == gs::Psm::kCt16s) {
    if (alpha_only) {
      rgba[0] = rgba[1] = rgba[2] = (value & 0x8000) ? 255 : 0;
    } else {
      rgba[0] = uint8_t((value & 0x1f) << 3), rgba[1] = uint8_t(((value >> 5) & 0x1f) << 3),
      rgba[2] = uint8_t(((value >> 10) & 0x1f) << 3);
    }
    return;
  }
  if (is_colour(psm)) {
    if (alpha_only) {
      rgba[0] = rgba[1] = rgba[2] = uint8_t(value >> 24);
    } else {
      rgba[0] = uint8_t(value), rgba[1] = uint8_t(value >> 8), rgba[2] = uint8_t(value >> 16);
    }
    return;
  }
  const uint32_t bits = psm == gs::Psm::kT8 || psm == gs::Psm::kT8h ? 8 : 4;  // an index: grey
  rgba[0] = rgba[1] = rgba[2] = uint8_t(value * 255 / ((1u << bits) - 1));
}

formats::Image enlarge(const formats::Image& image, uint32_t scale) {
  formats::Image big(image.width * scale, image.height * scale);
  for (uint32_t y = 0; y < big.height; ++y) {
    for (uint32_t x = 0; x < big.width; ++x) std::copy_n(image.pixel(x / scale, y / scale), 4, big.pixel(x, y));
  }
  return big;
}

}  // namespace

uint32_t pixel_value(std::span<const uint8_t> memory, const BufferPixel& pixel) {
  if (memory.size() < gs::kLocalMemoryBytes) return 0;
  return gs::visit_psm(gs::psm_or_ct32(pixel.psm), [&](auto constant) {
    return gs::read_element<decltype(constant)::value>(memory.data(), pixel.element_address);
  });
}

std::optional<BufferPixel> find_in_buffer(uint32_t address, uint32_t base_block, uint32_t width_64, uint32_t psm,
                                          uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1) {
  return locate_in(address, Candidate{"buffer", base_block, width_64, psm, x0, y0, x1, y1});
}

MismatchReport locate_mismatches(const formats::GsDump& dump, const gs::GsConfig& config, uint32_t vsync,
                                 std::span<const uint8_t> ours, std::span<const uint8_t> reference,
                                 size_t first_count, bool pictures) {
  MismatchReport report;
  std::vector<uint32_t> differing;
  const size_t size = std::min(ours.size(), reference.size());
  for (size_t i = 0; i < size; ++i) {
    if (ours[i] != reference[i]) differing.push_back(uint32_t(i));
  }
  if (differing.empty()) return report;

  // Replay again to that VSync, watching the differing bytes.
  gs::Gs gs(config);
  DrawRecorder recorder(gs);
  ReplayOptions options;
  options.gs = config;
  options.max_vsyncs = vsync + 1;
  options.recorder = &recorder;
  load_gs_dump_state(dump, gs);
  // Watching costs a compare per watched byte at every draw and transfer: the bytes grouped below are enough.
  recorder.watch(std::span<const uint32_t>(differing).first(std::min(differing.size(), kGroupedBytes)));
  gs::GeneralRegisterFile registers{};
  replay_gs_dump(dump, gs, options, [&](uint32_t index, const gs::Gs& state) {
    if (index == vsync) registers = state.registers();
  });
  report.writers = recorder.entries();

  auto locate = [&](uint32_t address, const std::optional<size_t>& writer) -> std::optional<BufferPixel> {
    std::vector<Candidate> candidates;
    if (writer) {
      const DrawLogEntry& e = report.writers[*writer];
      if (e.is_draw) {
        const int context = int(e.draw.state.prim.ctxt()) + 1;
        candidates.push_back(frame_candidate(e.draw.state, context, &e.draw.box));
        candidates.push_back(zbuf_candidate(e.draw.state, context, &e.draw.box));
      } else {
        candidates.push_back(transfer_candidate(e));
      }
    }
    for (int context = 0; context < 2; ++context) {
      const gs::DrawState s = registers_state(registers, context);
      candidates.push_back(frame_candidate(s, context + 1, nullptr));
      candidates.push_back(zbuf_candidate(s, context + 1, nullptr));
    }
    for (auto it = report.writers.rbegin(); it != report.writers.rend(); ++it) {
      if (it->is_draw && it->draw.state.prim.tme()) {
        candidates.push_back(texture_candidate(*it));
        if ((it->draw.state.tex0.psm() & 7) >= 3) candidates.push_back(clut_candidate(*it));
      } else if (!it->is_draw) {
        candidates.push_back(transfer_candidate(*it));
      }
      if (candidates.size() > 40) break;
    }
    for (const Candidate& c : candidates) {
      if (auto pixel = locate_in(address, c)) return pixel;
    }
    return std::nullopt;
  };

  std::string& text = report.text;
  text += fmt::format("vsync {}: {} bytes differ; the first {}:\n", vsync, differing.size(),
                      std::min(first_count, differing.size()));
  for (size_t i = 0; i < differing.size() && i < first_count; ++i) {
    LocatedByte located;
    located.address = differing[i];
    located.ours = ours[differing[i]];
    located.reference = reference[differing[i]];
    located.writer = recorder.last_writer(differing[i]);
    located.where = locate(differing[i], located.writer);
    text += fmt::format("  byte {:#08x}: gcvu {:#04x}, PCSX2 {:#04x}", located.address, located.ours, located.reference);
    if (located.where) {
      text += fmt::format(" - {}; pixel value gcvu {:#x}, PCSX2 {:#x}\n", pixel_text(*located.where),
                          pixel_value(ours, *located.where), pixel_value(reference, *located.where));
    } else {
      text += " - in no buffer the registers or the draws name\n";
    }
    if (located.writer && !report.first.empty() && report.first.back().writer == located.writer) {
      text += fmt::format("    last written by {} #{} (as above)\n",
                          report.writers[*located.writer].is_draw ? "draw" : "transfer",
                          report.writers[*located.writer].index);
    } else if (located.writer) {
      text += "    last written by " + describe_entry(report.writers[*located.writer]) + "\n";
    } else {
      text += "    not written by any draw or transfer of the replay (its value comes from the dump's state)\n";
    }
    report.first.push_back(located);
  }

  if (pictures && !report.first.empty() && report.first.front().where) {
    // The first differing byte's buffer, around it: at most 64x64 pixels of the box its differing pixels span.
    const BufferPixel& first = *report.first.front().where;
    const gs::Psm psm = gs::psm_or_ct32(first.psm);
    bool alpha_only = is_colour(psm);
    uint32_t bx0 = first.x, by0 = first.y, bx1 = first.x, by1 = first.y;
    for (size_t i = 0; i < differing.size() && i < 4096; ++i) {
      const auto where = locate(differing[i], recorder.last_writer(differing[i]));
      if (!where || where->buffer != first.buffer || where->psm != first.psm || where->base_block != first.base_block) {
        continue;
      }
      alpha_only = alpha_only && where->lanes.find('A') != std::string::npos && where->lanes.find('R') == std::string::npos &&
                   where->lanes.find("G") == std::string::npos;
      if (where->x < first.x + 64 && where->y < first.y + 64 && where->x + 64 > first.x && where->y + 64 > first.y) {
        bx0 = std::min(bx0, where->x), by0 = std::min(by0, where->y);
        bx1 = std::max(bx1, where->x), by1 = std::max(by1, where->y);
      }
    }
    // A margin of 4 pixels, and at most 64 pixels a side.
    bx0 = bx0 > 4 ? bx0 - 4 : 0, by0 = by0 > 4 ? by0 - 4 : 0;
    const uint32_t width = std::min(bx1 + 5 - bx0, 64u), height = std::min(by1 + 5 - by0, 64u);
    RegionPictures region;
    region.x0 = bx0, region.y0 = by0, region.width = width, region.height = height;
    region.scale = std::max(1u, 256u / std::max(width, height));
    formats::Image reference_image(width, height), ours_image(width, height);
    uint32_t z_lo = UINT32_MAX, z_hi = 0;
    std::vector<std::pair<uint32_t, uint32_t>> values(size_t{width} * height);
    gs::visit_psm(psm, [&](auto constant) {
      const gs::PixelAddress<decltype(constant)::value> address(first.base_block, first.width_64);
      for (uint32_t y = 0; y < height; ++y) {
        for (uint32_t x = 0; x < width; ++x) {
          const uint32_t element = address(bx0 + x, by0 + y);
          auto& v = values[size_t{y} * width + x];
          v.first = gs::read_element<decltype(constant)::value>(reference.data(), element);
          v.second = gs::read_element<decltype(constant)::value>(ours.data(), element);
          z_lo = std::min({z_lo, v.first, v.second}), z_hi = std::max({z_hi, v.first, v.second});
        }
      }
    });
    for (uint32_t y = 0; y < height; ++y) {
      for (uint32_t x = 0; x < width; ++x) {
        const auto& v = values[size_t{y} * width + x];
        decode_pixel(psm, v.first, alpha_only, z_lo, z_hi, reference_image.pixel(x, y));
        decode_pixel(psm, v.second, alpha_only, z_lo, z_hi, ours_image.pixel(x, y));
        if (v.first != v.second) {  // a raw difference the decoding may hide still shows in the diff
          ours_image.pixel(x, y)[3] = 254;
        }
      }
    }
    formats::Image diff = render_image_diff(reference_image, ours_image);
    for (uint32_t y = 0; y < height; ++y) {
      for (uint32_t x = 0; x < width; ++x) ours_image.pixel(x, y)[3] = 255;
    }
    region.reference_png = formats::write_png(enlarge(reference_image, region.scale));
    region.ours_png = formats::write_png(enlarge(ours_image, region.scale));
    region.diff_png = formats::write_png(enlarge(diff, region.scale));
    const auto& writer = report.first.front().writer;
    region.caption = fmt::format("{} {} (BP {:#x}, BW {}), pixels ({}, {})-({}, {}) enlarged {}x{}; {}", first.buffer,
                                 gs::psm_name(psm), first.base_block, first.width_64, bx0, by0, bx0 + width - 1,
                                 by0 + height - 1, region.scale,
                                 is_z(psm) ? ", Z as false colour (blue low, red high)"
                                           : alpha_only ? ", alpha as grey" : "",
                                 writer ? "the first differing byte was last written by " +
                                              describe_entry(report.writers[*writer])
                                        : "the first differing byte was written by no draw or transfer");
    report.region = std::move(region);
  }

  // The rest, grouped by buffer and last writer, with the pixel range each group covers.
  struct Group {
    size_t bytes = 0;
    uint32_t x0 = UINT32_MAX, y0 = UINT32_MAX, x1 = 0, y1 = 0;
    std::string buffer;
  };
  std::map<std::pair<std::string, int64_t>, Group> groups;
  for (size_t i = 0; i < differing.size() && i < kGroupedBytes; ++i) {
    const auto writer = recorder.last_writer(differing[i]);
    const auto where = locate(differing[i], writer);
    const std::string buffer = where ? fmt::format("{} {}", where->buffer,
                                                   gs::psm_from_code(where->psm) ? gs::psm_name(*gs::psm_from_code(where->psm)) : "")
                                     : fmt::format("unnamed memory, page {}", differing[i] / 8192);
    Group& g = groups[{buffer, writer ? int64_t(report.writers[*writer].index) : -1}];
    g.buffer = buffer;
    ++g.bytes;
    if (where) {
      g.x0 = std::min(g.x0, where->x), g.y0 = std::min(g.y0, where->y);
      g.x1 = std::max(g.x1, where->x), g.y1 = std::max(g.y1, where->y);
    }
  }
  text += "  grouped by buffer and last writer:\n";
  for (const auto& [key, g] : groups) {
    std::string line = fmt::format("    {} bytes in {}", g.bytes, g.buffer);
    if (g.x0 != UINT32_MAX) line += fmt::format(", pixels ({}, {})-({}, {})", g.x0, g.y0, g.x1, g.y1);
    line += key.second >= 0 ? fmt::format(", last written by {} #{}",
                                          report.writers[*recorder.find(uint64_t(key.second))].is_draw ? "draw" : "transfer",
                                          key.second)
                            : ", written by no draw or transfer";
    report.groups.push_back(line);
    text += line + "\n";
  }
  if (differing.size() > kGroupedBytes) {
    text += fmt::format("    ({} more bytes not grouped)\n", differing.size() - kGroupedBytes);
  }
  return report;
}

}  // namespace gcvu::harness
