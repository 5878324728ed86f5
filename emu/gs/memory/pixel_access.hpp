#pragma once
// Typed raw access to local memory per format: read_element/write_element at an element address
// (gs/memory/pixel_address.hpp), read_texel/write_texel at (x, y) of a buffer, and visit_psm to turn a run-time
// format into a compile-time one once per span or transfer.
//
// Values are raw storage values (reference/gs.md §1 "Sub-word formats"): CT24/Z24 read the low 24 bits and write
// them keeping the top byte; T8H reads/writes bits 24-31; T4HL bits 24-27; T4HH bits 28-31; T4 is the nibble at
// address>>1 (bit 0 of the address picks the high nibble). Memory is little-endian, as on the GS.

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/pixel_address.hpp"

namespace gcvu::gs {

namespace detail {
inline uint32_t load32(const uint8_t* memory, uint32_t word) {
  uint32_t value;
  std::memcpy(&value, memory + (word << 2), 4);
  return value;
}
inline void store32(uint8_t* memory, uint32_t word, uint32_t value) { std::memcpy(memory + (word << 2), &value, 4); }
inline uint32_t load16(const uint8_t* memory, uint32_t half) {
  uint16_t value;
  std::memcpy(&value, memory + (half << 1), 2);
  return value;
}
inline void store16(uint8_t* memory, uint32_t half, uint32_t value) {
  auto narrow = static_cast<uint16_t>(value);
  std::memcpy(memory + (half << 1), &narrow, 2);
}
}  // namespace detail

// `memory` is the 4 MiB image (LocalMemory::bytes().data()); `address` comes from PixelAddress<kPsm> (wrapped).
template <Psm kPsm>
inline uint32_t read_element(const uint8_t* memory, uint32_t address) {
  if constexpr (kPsm == Psm::kCt32 || kPsm == Psm::kZ32) {
    return detail::load32(memory, address);
  } else if constexpr (kPsm == Psm::kCt24 || kPsm == Psm::kZ24) {
    return detail::load32(memory, address) & 0x00ffffff;
  } else if constexpr (PsmTraits<kPsm>::kSwizzle == Swizzle::k16 || PsmTraits<kPsm>::kSwizzle == Swizzle::k16s) {
    return detail::load16(memory, address);
  } else if constexpr (kPsm == Psm::kT8) {
    return memory[address];
  } else if constexpr (kPsm == Psm::kT4) {
    return (memory[address >> 1] >> ((address & 1) << 2)) & 0xf;
  } else if constexpr (kPsm == Psm::kT8h) {
    return detail::load32(memory, address) >> 24;
  } else if constexpr (kPsm == Psm::kT4hl) {
    return (detail::load32(memory, address) >> 24) & 0xf;
  } else {
    static_assert(kPsm == Psm::kT4hh);
    return detail::load32(memory, address) >> 28;
  }
}

template <Psm kPsm>
inline void write_element(uint8_t* memory, uint32_t address, uint32_t value) {
  if constexpr (kPsm == Psm::kCt32 || kPsm == Psm::kZ32) {
    detail::store32(memory, address, value);
  } else if constexpr (kPsm == Psm::kCt24 || kPsm == Psm::kZ24) {
    detail::store32(memory, address, (detail::load32(memory, address) & 0xff000000) | (value & 0x00ffffff));
  } else if constexpr (PsmTraits<kPsm>::kSwizzle == Swizzle::k16 || PsmTraits<kPsm>::kSwizzle == Swizzle::k16s) {
    detail::store16(memory, address, value);
  } else if constexpr (kPsm == Psm::kT8) {
    memory[address] = static_cast<uint8_t>(value);
  } else if constexpr (kPsm == Psm::kT4) {
    uint8_t& byte = memory[address >> 1];
    uint32_t shift = (address & 1) << 2;
    byte = static_cast<uint8_t>((byte & ~(0xf << shift)) | ((value & 0xf) << shift));
  } else if constexpr (kPsm == Psm::kT8h) {
    detail::store32(memory, address, (detail::load32(memory, address) & 0x00ffffff) | (value << 24));
  } else if constexpr (kPsm == Psm::kT4hl) {
    detail::store32(memory, address, (detail::load32(memory, address) & 0xf0ffffff) | ((value & 0xf) << 24));
  } else {
    static_assert(kPsm == Psm::kT4hh);
    detail::store32(memory, address, (detail::load32(memory, address) & 0x0fffffff) | ((value & 0xf) << 28));
  }
}

template <Psm kPsm>
inline uint32_t read_texel(const LocalMemory& memory, const PixelAddress<kPsm>& buffer, uint32_t x, uint32_t y) {
  return read_element<kPsm>(memory.bytes().data(), buffer(x, y));
}

template <Psm kPsm>
inline void write_texel(LocalMemory& memory, const PixelAddress<kPsm>& buffer, uint32_t x, uint32_t y, uint32_t value) {
  write_element<kPsm>(memory.bytes().data(), buffer(x, y), value);
}

template <Psm kPsm>
using PsmConstant = std::integral_constant<Psm, kPsm>;

// Calls visitor(PsmConstant<psm>{}) with the format as a compile-time constant.
template <typename Visitor>
decltype(auto) visit_psm(Psm psm, Visitor&& visitor) {
  switch (psm) {
    case Psm::kCt24: return visitor(PsmConstant<Psm::kCt24>{});
    case Psm::kCt16: return visitor(PsmConstant<Psm::kCt16>{});
    case Psm::kCt16s: return visitor(PsmConstant<Psm::kCt16s>{});
    case Psm::kT8: return visitor(PsmConstant<Psm::kT8>{});
    case Psm::kT4: return visitor(PsmConstant<Psm::kT4>{});
    case Psm::kT8h: return visitor(PsmConstant<Psm::kT8h>{});
    case Psm::kT4hl: return visitor(PsmConstant<Psm::kT4hl>{});
    case Psm::kT4hh: return visitor(PsmConstant<Psm::kT4hh>{});
    case Psm::kZ32: return visitor(PsmConstant<Psm::kZ32>{});
    case Psm::kZ24: return visitor(PsmConstant<Psm::kZ24>{});
    case Psm::kZ16: return visitor(PsmConstant<Psm::kZ16>{});
    case Psm::kZ16s: return visitor(PsmConstant<Psm::kZ16s>{});
    case Psm::kCt32: break;
  }
  return visitor(PsmConstant<Psm::kCt32>{});
}

// A raw PSM field as a format: codes the GS does not define act as PSMCT32 (PCSX2 gives every undefined code the
// 32-bit layout).
inline Psm psm_or_ct32(uint32_t code) { return psm_from_code(code).value_or(Psm::kCt32); }

}  // namespace gcvu::gs
