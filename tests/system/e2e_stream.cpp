#include "tests/system/e2e_stream.hpp"

#include <string>

#include "microcode/assembler/assembler.hpp"

namespace gcvu::test {

namespace {

constexpr uint32_t vifcode(uint32_t cmd, uint32_t num, uint32_t imm) { return cmd << 24 | num << 16 | imm; }

std::string e2e_program_source() {
  std::string source =
      "        nop                     xtop VI01\n"
      "        nop                     loi 2.0\n"
      "        muli.w VF01, VF00, I    nop\n"
      "        nop                     sq.w VF01, 0x300(VI00)\n";
  for (int n = 0; n < 13; ++n) source += "        nop                     nop\n";
  source +=
      "        nop                     xgkick VI01\n"
      "        nop[E]                  nop\n"
      "        nop                     nop\n";
  return source;
}

}  // namespace

std::vector<uint32_t> assembled_words(std::string_view source) {
  const microcode::Program program = microcode::assemble_source(source, "test.vsm");
  std::vector<uint32_t> words;
  for (size_t at = 0; at + 4 <= program.code.size(); at += 4) {
    words.push_back(uint32_t{program.code[at]} | uint32_t{program.code[at + 1]} << 8 |
                    uint32_t{program.code[at + 2]} << 16 | uint32_t{program.code[at + 3]} << 24);
  }
  return words;
}

std::vector<uint8_t> stream_bytes(const std::vector<uint32_t>& words) {
  std::vector<uint8_t> bytes;
  for (uint32_t word : words) {
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(static_cast<uint8_t>(word >> shift));
  }
  bytes.resize((bytes.size() + 15) / 16 * 16);
  return bytes;
}

std::vector<uint32_t> ad_packet(uint8_t address, uint32_t value) {
  // Tag: NLOOP 1 (bits 0-14), EOP (bit 15), FLG 0, NREG 1 (bits 60-63); REGS bits 64-67 = 0xE (A+D).
  // Data: bits 0-63 the value, bits 64-71 the register address.
  return {0x00008001, 0x10000000, 0x0000000e, 0x00000000, value, 0x00000000, address, 0x00000000};
}

std::vector<uint32_t> e2e_stream_words() {
  std::vector<uint32_t> words = {
      vifcode(0x03, 0, 0x000),   // BASE 0
      vifcode(0x02, 0, 0x100),   // OFFSET 0x100 (DBF=0, TOPS=BASE)
      vifcode(0x01, 0, 0x0404),  // STCYCL CL=4 WL=4
      vifcode(0x4a, 20, 0),      // MPG 20 instructions at 0; its data starts at word 4, a 64-bit boundary
  };
  auto append = [&](const std::vector<uint32_t>& more) { words.insert(words.end(), more.begin(), more.end()); };
  append(assembled_words(e2e_program_source()));
  words.push_back(vifcode(0x6c, 2, 0x8000));  // UNPACK V4-32 (VN=3, VL=0), NUM 2, FLG, ADDR 0
  append(ad_packet(0x4c, 0x1111));
  words.push_back(vifcode(0x14, 0, 0));       // MSCAL 0
  words.push_back(vifcode(0x6c, 2, 0x8000));  // UNPACK into the other buffer
  append(ad_packet(0x4c, 0x2222));
  words.push_back(vifcode(0x14, 0, 0));  // MSCAL 0
  words.push_back(vifcode(0x11, 0, 0));  // FLUSH
  words.push_back(0);                    // NOP
  words.push_back(0);                    // NOP: DIRECT's data must start on a qword (word 68)
  words.push_back(vifcode(0x50, 0, 2));  // DIRECT 2 qwords
  append(ad_packet(0x4d, 0x3333));
  return words;
}

std::vector<uint8_t> e2e_stream_bytes() { return stream_bytes(e2e_stream_words()); }

}  // namespace gcvu::test
