#include "emu/vif/unpack_engine.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#if defined(__SSE2__)
#include "emu/vif/unpack_sse2.hpp"
#endif

namespace gcvu::vif {

namespace {

using vu::Vec4;

constexpr uint32_t kAddressMask = vu::kDataQwords - 1;

// One source element of format F at p, sign- or zero-extended to 32 bits (V4-5's 16-bit word is returned raw).
template <UnpackFormat F, bool kUnsigned>
inline uint32_t element(const uint8_t* p) {
  constexpr int kBytes = unpack_element_bytes(F);
  if constexpr (F == UnpackFormat::kV4_5) {
    uint16_t value;
    std::memcpy(&value, p, 2);
    return value;
  } else if constexpr (kBytes == 4) {
    uint32_t value;
    std::memcpy(&value, p, 4);
    return value;
  } else if constexpr (kBytes == 2) {
    uint16_t value;
    std::memcpy(&value, p, 2);
    return kUnsigned ? value : static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(value)));
  } else {
    return kUnsigned ? p[0] : static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(p[0])));
  }
}

// The vector at p expanded to four fields. `has_next` says the element after a V3 vector lies in the payload.
template <UnpackFormat F, bool kUnsigned>
inline Vec4 decode(const uint8_t* p, bool has_next, const UnpackOptions& options) {
  constexpr int kE = unpack_element_bytes(F);
  constexpr int kComponents = unpack_components(F);
  if constexpr (F == UnpackFormat::kV4_5) {
    const uint32_t d = element<F, kUnsigned>(p);
    return Vec4{(d & 0x1f) << 3, ((d >> 5) & 0x1f) << 3, ((d >> 10) & 0x1f) << 3, (d >> 15) << 7};
  } else if constexpr (kComponents == 1) {
    const uint32_t s = element<F, kUnsigned>(p);
    return Vec4{s, s, s, s};
  } else if constexpr (kComponents == 2) {
    const uint32_t x = element<F, kUnsigned>(p);
    const uint32_t y = element<F, kUnsigned>(p + kE);
    if (options.v2_extra == V2Extra::kRepeatXy) return Vec4{x, y, x, y};
    return Vec4{x, y, 0, 0};
  } else if constexpr (kComponents == 3) {
    const uint32_t w = has_next ? element<F, kUnsigned>(p + 3 * kE) : 0;
    return Vec4{element<F, kUnsigned>(p), element<F, kUnsigned>(p + kE), element<F, kUnsigned>(p + 2 * kE), w};
  } else {
    return Vec4{element<F, kUnsigned>(p), element<F, kUnsigned>(p + kE), element<F, kUnsigned>(p + 2 * kE),
                element<F, kUnsigned>(p + 3 * kE)};
  }
}

// MASK resolved for one cycle row when ROW cannot change during the UNPACK (MODE 0/1): the written field is
// (data & keep) | constant | (old & protect).
struct RowMask {
  Vec4 keep{};      // all ones where the field takes data
  Vec4 constant{};  // ROW[field] (mask 1) or COL[row] (mask 2)
  Vec4 protect{};   // all ones where the field is write-protected (mask 3)
};

inline std::array<RowMask, 4> resolve_masks(const UnpackRegisters& registers) {
  std::array<RowMask, 4> rows{};
  for (uint32_t r = 0; r < 4; ++r) {
    for (int lane = 0; lane < 4; ++lane) {
      switch ((registers.mask >> (r * 8 + lane * 2)) & 3) {
        case 0: rows[r].keep[lane] = 0xffffffffu; break;
        case 1: rows[r].constant[lane] = registers.row[lane]; break;
        case 2: rows[r].constant[lane] = registers.col[r]; break;
        default: rows[r].protect[lane] = 0xffffffffu; break;
      }
    }
  }
  return rows;
}

// Writes one qword through MASK row `r` and MODE.
template <bool kMasked, int kMode>
inline void write_qword(Vec4& dest, const Vec4& data, uint32_t r, std::array<uint32_t, 4>& row,
                        const UnpackRegisters& registers, const std::array<RowMask, 4>& masks) {
  if constexpr (!kMasked) {
    for (int lane = 0; lane < 4; ++lane) {
      if constexpr (kMode == 0) dest[lane] = data[lane];
      if constexpr (kMode == 1) dest[lane] = data[lane] + row[lane];
      if constexpr (kMode == 2) dest[lane] = row[lane] = row[lane] + data[lane];
      if constexpr (kMode == 3) dest[lane] = row[lane] = data[lane];
    }
  } else if constexpr (kMode < 2) {
    const RowMask& m = masks[r];
    for (int lane = 0; lane < 4; ++lane) {
      const uint32_t value = kMode == 1 ? data[lane] + row[lane] : data[lane];
      dest[lane] = (value & m.keep[lane]) | m.constant[lane] | (dest[lane] & m.protect[lane]);
    }
  } else {
    for (int lane = 0; lane < 4; ++lane) {
      switch ((registers.mask >> (r * 8 + lane * 2)) & 3) {
        case 0:
          if constexpr (kMode == 2) dest[lane] = row[lane] = row[lane] + data[lane];
          if constexpr (kMode == 3) dest[lane] = row[lane] = data[lane];
          break;
        case 1: dest[lane] = row[lane]; break;
        case 2: dest[lane] = registers.col[r]; break;
        default: break;  // write-protected: the VU word keeps its value
      }
    }
  }
}

template <UnpackFormat F, bool kMasked, int kModeField, bool kUnsigned>
uint32_t unpack_loop(UnpackJob& job, UnpackRegisters& registers, const UnpackOptions& options, UnpackSource source,
                     vu::DataMemory& memory, uint32_t max_writes) {
  constexpr uint32_t kG = unpack_vector_bytes(F);
  constexpr uint32_t kE = unpack_element_bytes(F);
  constexpr int kMode = F == UnpackFormat::kV4_5 ? 0 : kModeField;  // V4-5 ignores MODE
  Vec4* const base = &memory.qword(0);

  uint32_t address = job.address;
  uint32_t remaining = job.remaining;
  uint32_t cycle = job.cycle;
  uint32_t read = job.vectors_read;
  const uint32_t cl = job.cl;
  const uint32_t wl = job.wl;
  const bool filling = job.filling();
  const uint32_t skip = filling ? 0 : cl - wl;
  const uint32_t payload_left = job.payload_bytes - job.bytes_read();
  uint32_t offset = 0;  // source bytes consumed by this call
  uint32_t written = 0;

  if constexpr (F == UnpackFormat::kV4_32 && !kMasked && kMode == 0) {
    // A V4-32 skipping write with CL = WL writes consecutive qwords straight from the source: copy whole runs.
    if (!filling && cl == wl) {
      while (remaining != 0 && written < max_writes) {
        const uint32_t run =
            std::min({remaining, max_writes - written, (source.available - offset) / kG, vu::kDataQwords - address});
        if (run == 0) break;
        std::memcpy(&base[address], source.bytes + offset, size_t{run} * kG);
        offset += run * kG;
        address = (address + run) & kAddressMask;
        remaining -= run;
        written += run;
        read += run;
        cycle = (cycle + run) % wl;
      }
      job.address = address;
      job.remaining = remaining;
      job.cycle = cycle;
      job.vectors_read = read;
      return written;
    }
  }

#if defined(__SSE2__)
  if constexpr (!kMasked || kMode < 2) {
    // Skipping writes of every vector whose whole-register load stays inside the data that has arrived.
    constexpr uint32_t kFootprint = sse2::kFootprint<F>;
    if (options.path != UnpackPath::kScalar && !filling && source.available >= kFootprint) {
      const uint32_t loadable = (source.available - kFootprint) / kG + 1;
      const uint32_t count = std::min({remaining, max_writes, loadable});
      std::array<uint32_t, 4> row = registers.row;
      const avx2::ConsecutiveWrite wide =
          options.path == UnpackPath::kWidest ? avx2::consecutive_write(F, kMasked, kMode, kUnsigned) : nullptr;
      offset += sse2::skipping_write<F, kMasked, kMode, kUnsigned>(source.bytes, count, base, address, cycle, wl, skip,
                                                                   row, registers, options, wide);
      registers.row = row;
      remaining -= count;
      written += count;
      read += count;
    }
  }
#endif

  const bool lookahead = unpack_components(F) == 3 && options.v3_extra == V3Extra::kNextElement;
  const bool fill_peeks = options.fill_cycle_data == FillCycleData::kNextVector;
  std::array<uint32_t, 4> row = registers.row;
  std::array<RowMask, 4> masks{};
  if constexpr (kMasked && kMode < 2) masks = resolve_masks(registers);

  while (remaining != 0 && written < max_writes) {
    const bool reads = !filling || cycle < cl;
    Vec4 data{};
    if (reads || (fill_peeks && read < job.vectors)) {
      uint32_t need = kG;
      const bool has_next = lookahead && payload_left - offset >= kG + kE;
      if (has_next) need += kE;
      if (offset + need > source.available) break;  // the data has not arrived yet
      data = decode<F, kUnsigned>(source.bytes + offset, has_next, options);
      if (reads) {
        offset += kG;
        ++read;
      }
    }
    write_qword<kMasked, kMode>(base[address], data, std::min(cycle, 3u), row, registers, masks);
    address = (address + 1) & kAddressMask;
    --remaining;
    ++written;
    if (++cycle == wl) {
      cycle = 0;
      address = (address + skip) & kAddressMask;
    }
  }
  registers.row = row;
  job.address = address;
  job.remaining = remaining;
  job.cycle = cycle;
  job.vectors_read = read;
  return written;
}

uint32_t invalid_format(UnpackJob&, UnpackRegisters&, const UnpackOptions&, UnpackSource, vu::DataMemory&, uint32_t) {
  return 0;  // never started: Vif1 treats these codes as undefined commands
}

using UnpackFn = uint32_t (*)(UnpackJob&, UnpackRegisters&, const UnpackOptions&, UnpackSource, vu::DataMemory&,
                              uint32_t);

// Table index: format (bits 0-3), masked (bit 4), MODE (bits 5-6), USN (bit 7).
constexpr size_t table_index(UnpackFormat format, bool masked, uint32_t mode, bool unsigned_) {
  return static_cast<size_t>(format) | (masked ? 0x10u : 0u) | (mode & 3) << 5 | (unsigned_ ? 0x80u : 0u);
}

template <size_t kIndex>
constexpr UnpackFn table_entry() {
  constexpr auto kFormat = static_cast<UnpackFormat>(kIndex & 0x0f);
  if constexpr (!unpack_format_valid(kFormat)) {
    return &invalid_format;
  } else {
    return &unpack_loop<kFormat, (kIndex & 0x10) != 0, static_cast<int>((kIndex >> 5) & 3), (kIndex & 0x80) != 0>;
  }
}

template <size_t... kIndex>
constexpr std::array<UnpackFn, sizeof...(kIndex)> make_table(std::index_sequence<kIndex...>) {
  return {table_entry<kIndex>()...};
}

constexpr std::array<UnpackFn, 256> kUnpackers = make_table(std::make_index_sequence<256>{});

}  // namespace

uint32_t run_unpack(UnpackJob& job, UnpackRegisters& registers, const UnpackOptions& options, UnpackSource source,
                    vu::DataMemory& memory, uint32_t max_writes) {
  const UnpackFn fn = kUnpackers[table_index(job.format, job.masked, registers.mode, job.unsigned_)];
  return fn(job, registers, options, source, memory, max_writes);
}

}  // namespace gcvu::vif
