#include "formats/pcsx2/ee_hw_registers.hpp"

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {

// Registers of a block sit 0x10 bytes apart; the upper 12 bytes of each slot are unused.
constexpr uint32_t kRegisterStride = 0x10;

ByteReader image_reader(std::span<const uint8_t> ee_hw, const std::string& source) {
  if (ee_hw.size() != kEeHwRegistersSize) {
    throw FormatError(source, 0,
                      fmt::format("EE hardware register image is {} bytes, expected {}", hex_offset(ee_hw.size()),
                                  hex_offset(kEeHwRegistersSize)));
  }
  return ByteReader(ee_hw, source);
}

uint32_t register_at(ByteReader& image, uint32_t block, uint32_t slot) {
  image.seek(block + slot * kRegisterStride);
  return image.u32();
}

}  // namespace

Vif1Registers read_vif1_registers(std::span<const uint8_t> ee_hw, const std::string& source) {
  ByteReader image = image_reader(ee_hw, source);
  auto slot = [&](uint32_t index) { return register_at(image, kVif1RegistersOffset, index); };
  Vif1Registers vif;
  vif.stat = slot(0);
  vif.fbrst = slot(1);
  vif.err = slot(2);
  vif.mark = slot(3);
  vif.cycle = slot(4);
  vif.mode = slot(5);
  vif.num = slot(6);
  vif.mask = slot(7);
  vif.code = slot(8);
  vif.itops = slot(9);
  vif.base = slot(10);
  vif.ofst = slot(11);
  vif.tops = slot(12);
  vif.itop = slot(13);
  vif.top = slot(14);
  // Slot 15 is MSKPATH3; R0-R3 follow at +0x100, C0-C3 at +0x140.
  for (uint32_t i = 0; i < 4; ++i) {
    vif.row[i] = slot(16 + i);
    vif.column[i] = slot(20 + i);
  }
  return vif;
}

DmaChannelRegisters read_vif1_dma_channel(std::span<const uint8_t> ee_hw, const std::string& source) {
  ByteReader image = image_reader(ee_hw, source);
  auto slot = [&](uint32_t index) { return register_at(image, kVif1DmaChannelOffset, index); };
  DmaChannelRegisters channel;
  channel.chcr = slot(0);
  channel.madr = slot(1);
  channel.qwc = slot(2);
  channel.tadr = slot(3);
  channel.asr0 = slot(4);
  channel.asr1 = slot(5);
  channel.sadr = slot(8);  // at +0x80: two unused slots after ASR1
  return channel;
}

DmacControlRegisters read_dmac_control(std::span<const uint8_t> ee_hw, const std::string& source) {
  ByteReader image = image_reader(ee_hw, source);
  auto slot = [&](uint32_t index) { return register_at(image, kDmacControlOffset, index); };
  DmacControlRegisters dmac;
  dmac.ctrl = slot(0);
  dmac.stat = slot(1);
  dmac.pcr = slot(2);
  dmac.sqwc = slot(3);
  dmac.rbsr = slot(4);
  dmac.rbor = slot(5);
  dmac.stadr = slot(6);
  dmac.enabler = register_at(image, kDmacEnablerOffset, 0);
  return dmac;
}

}  // namespace gcvu::formats
