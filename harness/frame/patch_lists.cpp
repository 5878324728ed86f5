#include "harness/frame/patch_lists.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/little_endian.hpp"
#include "formats/rc2/vif_list.hpp"

namespace gcvu::harness::frame {

using formats::rc2::PatchList;
using formats::rc2::TfragPatch;

std::vector<ByteRange> lists_for_lod(const TfragPatch& patch, int lod, const std::string& source) {
  const auto list = [&](PatchList which) { return patch.lists[static_cast<size_t>(which)]; };
  const uint64_t base = patch.data_offset;
  std::vector<ByteRange> ranges;
  if (lod == 2) {
    ranges.push_back({base + list(PatchList::kLod2).begin, base + list(PatchList::kCommon).end});
  } else if (lod == 1) {
    ranges.push_back({base + list(PatchList::kCommon).begin, base + list(PatchList::kLod01).end});
  } else {
    ranges.push_back({base + list(PatchList::kCommon).begin, base + list(PatchList::kCommon).end});
    ranges.push_back({base + list(PatchList::kLod01).begin, base + list(PatchList::kLod0).end});
  }
  for (const ByteRange& range : ranges) {
    if (range.begin % 16 != 0 || range.end % 16 != 0 || range.end < range.begin) {
      throw formats::FormatError(source, range.begin,
                                 fmt::format("patch {}: LOD {} lists [{}, {}) are not whole quadwords (a REF tag "
                                             "moves quadwords)",
                                             patch.index, lod, formats::hex_offset(range.begin),
                                             formats::hex_offset(range.end)));
    }
  }
  return ranges;
}

size_t positions_for_lod(const TfragPatch& patch, int lod) {
  size_t count = patch.positions[0].size();
  if (lod <= 1) count += patch.positions[1].size();
  if (lod == 0) count += patch.positions[2].size();
  return count;
}

namespace {

// The footprint walk's step for one VIF code: STCYCL sets the cycle, an unpack may raise the end.
void account_command(const formats::rc2::VifCode& code, UnpackCycle& cycle, uint32_t& end) {
  if (code.command() == formats::rc2::kVifStcycl) {
    cycle.cycle_length = code.immediate() & 0xff;
    cycle.write_length = code.immediate() >> 8;
  } else if (code.is_unpack()) {
    const unsigned n = code.unpack_count();
    const unsigned wl = std::max(1u, cycle.write_length), cl = std::max(wl, cycle.cycle_length);
    end = std::max(end, code.address() + ((n - 1) / wl) * cl + (n - 1) % wl + 1);
  }
}

}  // namespace

uint32_t vu_footprint_of(std::span<const uint8_t> core_data, const ByteRange& range, UnpackCycle& cycle,
                         const std::string& source) {
  // The code words read straight from the bytes (the level's lists were walked at load, so they are whole); a
  // range that does not split into whole commands is walked again by the format's reader for its error.
  const std::span<const uint8_t> bytes = core_data.subspan(range.begin, range.end - range.begin);
  UnpackCycle walked = cycle;
  uint32_t end = 0;
  size_t at = 0;
  while (bytes.size() - at >= 4) {
    const formats::rc2::VifCode code{formats::load_le_u32(bytes, at)};
    const size_t payload = code.payload_size();
    if (payload > bytes.size() - at - 4) break;
    account_command(code, walked, end);
    at += 4 + payload;
  }
  if (at == bytes.size()) {
    cycle = walked;
    return end;
  }
  end = 0;
  formats::ByteReader reader(bytes, source, range.begin);
  formats::rc2::for_each_vif_command(reader, [&](const formats::rc2::VifCommand& command) {
    account_command(command.code, cycle, end);
  });
  return end;
}

uint32_t vu_footprint(std::span<const uint8_t> core_data, const std::vector<ByteRange>& ranges,
                      const std::string& source) {
  UnpackCycle cycle;
  uint32_t end = 0;
  for (const ByteRange& range : ranges) end = std::max(end, vu_footprint_of(core_data, range, cycle, source));
  return end;
}

}  // namespace gcvu::harness::frame
