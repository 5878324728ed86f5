#include "harness/debug/gif_packet_view.hpp"

#include <fmt/format.h>

#include "emu/common/qword.hpp"
#include "emu/gif/gif_tag.hpp"
#include "emu/gif/packed_decoder.hpp"
#include "emu/gif/reglist_decoder.hpp"
#include "harness/debug/gs_write_text.hpp"

namespace gcvu::harness::debug {

namespace {

const char* descriptor_name(gif::Descriptor descriptor) {
  static constexpr const char* kNames[16] = {"PRIM",    "RGBA",    "STQ",     "UV",       "XYZF2", "XYZ2",
                                             "TEX0_1",  "TEX0_2",  "CLAMP_1", "CLAMP_2",  "FOG",   "reserved",
                                             "XYZF3",   "XYZ3",    "A+D",     "NOP"};
  return kNames[static_cast<size_t>(descriptor) & 15];
}

const char* format_name(gif::GifFormat format) {
  switch (format) {
    case gif::GifFormat::kPacked: return "PACKED";
    case gif::GifFormat::kReglist: return "REGLIST";
    case gif::GifFormat::kImage: return "IMAGE";
    case gif::GifFormat::kDisabled: return "IMAGE (FLG 3)";
  }
  return "?";
}

std::string tag_line(uint32_t address, const gif::GifTag& tag) {
  std::string regs;
  for (uint32_t index = 0; index < tag.nreg; ++index) {
    regs += index == 0 ? "" : " ";
    regs += descriptor_name(gif::descriptor_at(tag.regs, index));
  }
  std::string line = fmt::format("GIFtag @{:#05x}: NLOOP {} EOP {} PRE {} PRIM {:#05x} FLG {} NREG {} REGS {:#x}",
                                 address, tag.nloop, int(tag.eop), int(tag.pre), tag.prim, format_name(tag.format),
                                 tag.nreg, tag.regs);
  if (tag.format == gif::GifFormat::kPacked || tag.format == gif::GifFormat::kReglist) line += " [" + regs + "]";
  line += "\n";
  if (tag.pre) line += fmt::format("  PRE: {}\n", gs_write_text({gif::gs_reg::kPrim, tag.prim}));
  return line;
}

}  // namespace

std::string describe_gif_packet(const vu::DataMemory& memory, uint32_t qword_address) {
  uint32_t address = qword_address % vu::kDataQwords;
  std::string out = fmt::format("GIF packet at qword {:#05x} (byte {:#06x})\n", address, address * 16);
  // Reads the next qword, or says where the packet ran off VU memory.
  auto past_end = [&] {
    if (address < vu::kDataQwords) return false;
    out += "end of VU memory (qword 0x3ff): the packet goes on past it (an XGKICK would wrap to qword 0)\n";
    return true;
  };
  while (!past_end()) {
    const Qword& tag_qword = memory.qword(address);
    const gif::GifTag tag = gif::GifTag::decode(qword_low(tag_qword), qword_high(tag_qword));
    out += tag_line(address, tag);
    ++address;
    uint32_t temporary_q = gif::kQOne;
    if (tag.format == gif::GifFormat::kPacked) {
      for (uint32_t loop = 0; loop < tag.nloop; ++loop) {
        for (uint32_t index = 0; index < tag.nreg; ++index) {
          if (past_end()) return out;
          const gif::Descriptor descriptor = gif::descriptor_at(tag.regs, index);
          const std::optional<gif::RegisterWrite> write =
              gif::decode_packed(descriptor, memory.qword(address), temporary_q);
          out += fmt::format("  @{:#05x} {:<8} {}\n", address, descriptor_name(descriptor),
                             write ? gs_write_text(*write) : std::string("(no write)"));
          ++address;
        }
      }
    } else if (tag.format == gif::GifFormat::kReglist) {
      const uint32_t dwords = uint32_t{tag.nloop} * tag.nreg;
      for (uint32_t dword = 0; dword < dwords; ++dword) {
        if (past_end()) return out;
        const Qword& data = memory.qword(address);
        const uint64_t value = dword % 2 == 0 ? qword_low(data) : qword_high(data);
        const gif::Descriptor descriptor = gif::descriptor_at(tag.regs, dword % tag.nreg);
        const std::optional<gif::RegisterWrite> write = gif::decode_reglist(descriptor, value);
        out += fmt::format("  @{:#05x}.{} {:<8} {}\n", address, dword % 2 == 0 ? "lo" : "hi",
                           descriptor_name(descriptor), write ? gs_write_text(*write) : std::string("(dropped)"));
        if (dword % 2 == 1) ++address;
      }
      if (dwords % 2 == 1) {
        out += fmt::format("  @{:#05x}.hi (padding)\n", address);
        ++address;
      }
    } else {
      out += fmt::format("  {} qwords of image data @{:#05x}\n", tag.nloop, address);
      address += tag.nloop;
      if (address > vu::kDataQwords) {
        address = vu::kDataQwords;
        past_end();
        return out;
      }
    }
    if (tag.eop) {
      out += fmt::format("end of packet (EOP) at qword {:#05x}: {} qwords\n", address,
                         address - qword_address % vu::kDataQwords);
      return out;
    }
  }
  return out;
}

}  // namespace gcvu::harness::debug
