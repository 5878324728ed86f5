// VIF stream and DMA chain disassembly into dvp-as packaging syntax (see vif_disassembler.hpp).

#include "microcode/disassembler/vif_disassembler.hpp"

#include <map>
#include <optional>

#include <fmt/format.h>

#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::microcode {

namespace {

constexpr std::string_view kUnpackNames[16] = {"S_32",  "S_16",  "S_8",  "", "V2_32", "V2_16", "V2_8", "",
                                               "V3_32", "V3_16", "V3_8", "", "V4_32", "V4_16", "V4_8", "V4_5"};
constexpr uint32_t kUnpackBits[16] = {32, 16, 8, 0, 64, 32, 16, 0, 96, 48, 24, 0, 128, 64, 32, 16};
constexpr std::string_view kGifRegisters[16] = {"prim",    "rgbaq",   "st",   "uv", "xyzf2", "xyz2", "tex0_1", "tex0_2",
                                                "clamp_1", "clamp_2", "xyzf", "",   "xyzf3", "xyz3", "a_d",    "nop"};
constexpr std::string_view kDmaNames[8] = {"DMArefe", "DMAcnt",  "DMAnext", "DMAref",
                                           "DMArefs", "DMAcall", "DMAret",  "DMAend"};

class Printer {
 public:
  explicit Printer(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  uint32_t word(size_t offset) const {
    uint32_t w = 0;
    for (int i = 3; i >= 0; --i) w = (w << 8) | bytes_[offset + static_cast<size_t>(i)];
    return w;
  }
  size_t size() const { return bytes_.size(); }

  void line(const std::string& text) { out_ += text + "\n"; }
  void words(size_t from, size_t to, std::string_view what) {
    for (size_t at = from; at + 4 <= to; at += 16) {
      std::string text = "        .word ";
      for (size_t i = at; i < to && i < at + 16; i += 4)
        text += fmt::format("{}{:#010x}", i == at ? "" : ", ", word(i));
      if (at == from && !what.empty()) text += fmt::format("  ; {}", what);
      line(text);
    }
  }

  // VIFcodes from `at` up to `end`; returns where it stopped (== end).
  void stream(size_t at, size_t end) {
    while (at + 4 <= end) at = vifcode(at, end);
    for (; at < end; ++at) line(fmt::format("        .byte {:#04x}", bytes_[at]));
  }

  // A DMA chain walked tag by tag from offset 0.
  void chain() {
    std::map<size_t, size_t> referenced;  // data that ref tags point at: start -> end
    for (size_t at = 0; at + 16 <= size(); at = next_tag(at)) {
      uint32_t id = (word(at) >> 28) & 7;
      if (id == 0 || id == 3 || id == 4) {
        size_t start = word(at + 4) & 0x7fffffffu;
        size_t qwords = word(at) & 0xffffu;
        if (start % 16 == 0 && start >= at + 16) referenced[start] = start + qwords * 16;
      }
    }
    size_t at = 0;
    while (at + 16 <= size()) {
      auto ref = referenced.find(at);
      if (ref != referenced.end() && ref->second > at && ref->second <= size()) {
        line(fmt::format(".DmaData ref_{:x}", at));
        stream(at, ref->second);
        line(".EndDmaData");
        at = ref->second;
        continue;
      }
      at = tag(at);
    }
    if (at < size()) words(at, size() / 4 * 4, "after the last tag");
    for (size_t i = size() / 4 * 4; i < size(); ++i) line(fmt::format("        .byte {:#04x}", bytes_[i]));
  }

  std::string take() { return std::move(out_); }

 private:
  size_t next_tag(size_t at) const {
    uint32_t id = (word(at) >> 28) & 7;
    bool data = id != 0 && id != 3 && id != 4;
    return at + 16 + (data ? (word(at) & 0xffffu) * 16 : 0);
  }

  size_t tag(size_t at) {
    const uint32_t w0 = word(at);
    const uint32_t w1 = word(at + 4);
    const uint32_t id = (w0 >> 28) & 7;
    const uint32_t qwc = w0 & 0xffffu;
    const bool data = id != 0 && id != 3 && id != 4;
    const size_t end = at + 16 + (data ? qwc * 16 : 0);
    const bool plain = (w0 & 0x0fff0000u) == 0 && (w1 & 0x80000000u) == 0 && end <= size();
    if (!plain) {
      words(at, std::min(end, size()),
            fmt::format("DMA tag {:08x} {:08x} (not expressible as a DMA mnemonic)", w0, w1));
      return std::min(end, size() / 4 * 4);
    }
    const bool has_address = id == 0 || id == 2 || id == 3 || id == 4 || id == 5;
    std::string text = fmt::format("{}{} {}", kDmaNames[id], (w0 & 0x80000000u) != 0 ? "[i]" : "", qwc);
    if (has_address) text += fmt::format(", {:#x}", w1);
    if (!has_address && w1 != 0) {
      words(at, end, fmt::format("DMA tag {:08x} {:08x} (ADDR set on a tag without one)", w0, w1));
      return end;
    }
    if (!data && (word(at + 8) != 0 || word(at + 12) != 0)) {  // `gcvu asm` pads a ref tag's quadword with zeros
      words(at, end, fmt::format("DMA tag {:08x} {:08x} (VIFcodes in a tag without data)", w0, w1));
      return end;
    }
    line(text);
    if (data) {
      stream(at + 8, end);
      line(".EndDmaData");
    }
    return end;
  }

  // GIF packets (tag + data) from `at` to `end` as gifpacked/gifreglist/gifimage blocks where the tag's bits are
  // all expressible; the rest as words.
  void gif_packets(size_t at, size_t end) {
    while (at + 16 <= end) {
      const uint32_t w0 = word(at), w1 = word(at + 4);
      const uint64_t regs = uint64_t{word(at + 8)} | uint64_t{word(at + 12)} << 32;
      const uint32_t nloop = w0 & 0x7fffu;
      const bool eop = (w0 & 0x8000u) != 0;
      const bool pre = (w1 & 0x4000u) != 0;
      const uint32_t prim = (w1 >> 15) & 0x7ffu;
      const uint32_t flag = (w1 >> 26) & 3u;
      uint32_t nregs = w1 >> 28;
      if (nregs == 0 && regs != 0) nregs = 16;
      bool plain = (w0 & 0xffff0000u) == 0 && (w1 & 0x3fffu) == 0 && flag != 3 && (pre || prim == 0);
      std::string names;
      for (uint32_t i = 0; i < 16; ++i) {
        const uint32_t reg = (regs >> (4 * i)) & 0xfu;
        if (i >= nregs) {
          plain = plain && reg == 0;
        } else {
          plain = plain && !kGifRegisters[reg].empty();
          names += fmt::format("{}{}", i == 0 ? "" : ", ", kGifRegisters[reg]);
        }
      }
      size_t data = flag == 2   ? size_t{nloop} * 16
                    : flag == 1 ? (size_t{nloop} * nregs * 8 + 15) / 16 * 16
                                : size_t{nloop} * nregs * 16;
      const bool odd_reglist = flag == 1 && (size_t{nloop} * nregs) % 2 == 1;
      // gifimage has no register list: an IMAGE tag with NREG or REGS bits set is not expressible.
      if (!plain || at + 16 + data > end || (flag == 2 && (regs != 0 || (w1 >> 28) != 0)) ||
          (odd_reglist && (word(at + 8 + data) != 0 || word(at + 12 + data) != 0))) {  // .endgif pads with zeros
        words(at, end, "GIF data");
        return;
      }
      std::string text = fmt::format("        {}", flag == 0 ? "gifpacked" : flag == 1 ? "gifreglist" : "gifimage");
      if (pre) text += fmt::format(" prim={:#x},", prim);
      if (flag != 2) text += fmt::format(" regs={{{}}},", names);
      text += fmt::format(" nloop={}{}", nloop, eop ? ", eop" : "");
      line(text);
      words(at + 16, at + 16 + data, "");
      line("        .endgif");
      at += 16 + data;
    }
  }

  size_t vifcode(size_t at, size_t end) {
    const uint32_t code = word(at);
    const uint32_t cmd = (code >> 24) & 0x7fu;
    const uint32_t num = (code >> 16) & 0xffu;
    const uint32_t imm = code & 0xffffu;
    const std::string irq = (code & 0x80000000u) != 0 ? "[i]" : "";
    auto simple = [&](std::string_view name, std::string operands, bool num_free, uint32_t imm_mask) {
      if ((num != 0 && !num_free) || (imm & ~imm_mask) != 0) return false;
      line(fmt::format("        {}{}{}{}", name, irq, operands.empty() ? "" : " ", operands));
      return true;
    };
    bool done = false;
    size_t next = at + 4;
    switch (cmd) {
      case 0x00: done = simple("vifnop", "", false, 0); break;
      case 0x01: done = simple("stcycl", fmt::format("{}, {}", imm >> 8, imm & 0xff), false, 0xffff); break;
      case 0x02: done = simple("offset", fmt::format("{:#x}", imm), false, 0xffff); break;
      case 0x03: done = simple("base", fmt::format("{:#x}", imm), false, 0xffff); break;
      case 0x04: done = simple("itop", fmt::format("{:#x}", imm), false, 0xffff); break;
      case 0x05: done = simple("stmod", fmt::format("{}", imm), false, 0x3); break;
      case 0x06:
        done = (imm == 0 || imm == 0x8000) && simple("mskpath3", imm != 0 ? "enable" : "disable", false, 0x8000);
        break;
      case 0x07: done = simple("mark", fmt::format("{:#x}", imm), false, 0xffff); break;
      case 0x10: done = simple("flushe", "", false, 0); break;
      case 0x11: done = simple("flush", "", false, 0); break;
      case 0x13: done = simple("flusha", "", false, 0); break;
      case 0x14: done = simple("mscal", fmt::format("{:#x}", imm), false, 0xffff); break;
      case 0x15: done = simple("mscalf", fmt::format("{:#x}", imm), false, 0xffff); break;
      case 0x17: done = simple("mscnt", "", false, 0); break;
      case 0x20:
        if (at + 8 <= end && num == 0 && imm == 0) {
          line(fmt::format("        stmask{} {:#010x}", irq, word(at + 4)));
          done = true;
          next = at + 8;
        }
        break;
      case 0x30:
      case 0x31:
        if (at + 20 <= end && num == 0 && imm == 0) {
          line(fmt::format("        {}{} {:#x}, {:#x}, {:#x}, {:#x}", cmd == 0x30 ? "strow" : "stcol", irq,
                           word(at + 4), word(at + 8), word(at + 12), word(at + 16)));
          done = true;
          next = at + 20;
        }
        break;
      case 0x4a: {
        const size_t count = num == 0 ? 256 : num;
        if (at % 8 == 4 && at + 4 + count * 8 <= end) {
          line(fmt::format("        MPG{} {:#x}, {}", irq, imm, count));
          DisassemblyOptions options;
          options.columns = false;
          options.labels = false;  // VU-space labels could clash between MPG blocks; raw offsets reassemble
          std::string code_text = disassemble(bytes_.subspan(at + 4, count * 8), options);
          size_t start = 0;
          while (start < code_text.size()) {
            size_t stop = code_text.find('\n', start);
            line("        " + code_text.substr(start, stop - start));
            start = stop + 1;
          }
          line("        .EndMPG");
          done = true;
          next = at + 4 + count * 8;
        }
        break;
      }
      case 0x50:
      case 0x51: {
        const size_t qwords = imm == 0 ? 65536 : imm;
        if (at % 16 == 12 && at + 4 + qwords * 16 <= end && num == 0 && imm != 0) {
          line(fmt::format("        {}{} {}", cmd == 0x50 ? "DIRECT" : "DIRECTHL", irq, qwords));
          gif_packets(at + 4, at + 4 + qwords * 16);
          line("        .EndDirect");
          done = true;
          next = at + 4 + qwords * 16;
        }
        break;
      }
      default:
        if (cmd >= 0x60 && !kUnpackNames[cmd & 0xf].empty() && (imm & 0x3c00u) == 0) {
          // With WL > CL the VIF fills: it reads CL of every WL quadwords it writes.
          const size_t elements = num == 0 ? 256 : num;
          const size_t bits = kUnpackBits[cmd & 0xf];
          const size_t data = (elements * bits + 31) / 32 * 4;
          if (cycle_wl_ <= cycle_cl_ && at + 4 + data <= end) {
            std::string flags;
            if ((code & 0x80000000u) != 0) flags += 'i';
            if ((cmd & 0x10u) != 0) flags += 'm';
            if ((imm & 0x8000u) != 0) flags += 'r';
            if ((imm & 0x4000u) != 0) flags += 'u';
            line(fmt::format("        UNPACK{} {}, {:#x}, {}", flags.empty() ? "" : "[" + flags + "]",
                             kUnpackNames[cmd & 0xf], imm & 0x3ffu, elements));
            words(at + 4, at + 4 + data, "");
            line("        .EndUnpack");
            done = true;
            next = at + 4 + data;
          }
        }
        break;
    }
    if (cmd == 0x01 && done) {
      cycle_wl_ = imm >> 8;
      cycle_cl_ = imm & 0xff;
    }
    if (!done) {
      words(at, at + 4, fmt::format("VIFcode {:08x} (not expressible as a mnemonic here)", code));
      next = at + 4;
    }
    return next;
  }

  std::span<const uint8_t> bytes_;
  std::string out_;
  uint32_t cycle_wl_ = 1;
  uint32_t cycle_cl_ = 1;
};

}  // namespace

std::string disassemble_vif(std::span<const uint8_t> bytes, const VifDisassemblyOptions& options) {
  Printer printer(bytes);
  if (options.chain) {
    printer.chain();
  } else {
    printer.stream(0, bytes.size());
  }
  return printer.take();
}

}  // namespace gcvu::microcode
