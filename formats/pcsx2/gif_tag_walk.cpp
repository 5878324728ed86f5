#include "formats/pcsx2/gif_tag_walk.hpp"

namespace gcvu::formats {

namespace {

constexpr uint32_t kFlgPacked = 0;
constexpr uint32_t kFlgReglist = 1;
constexpr uint32_t kModeImage = 2;

// GS register addresses and PACKED descriptors that matter here.
constexpr uint32_t kRegPrim = 0x00;
constexpr uint32_t kRegXyzf2 = 0x04;
constexpr uint32_t kRegXyz2 = 0x05;
constexpr uint32_t kDescriptorAd = 0x0e;
constexpr uint64_t kPackedAdcBit = uint64_t{1} << (111 - 64);

uint64_t load_u64(std::span<const uint8_t> data, size_t offset) {
  uint64_t value = 0;
  for (size_t i = 0; i < 8; ++i) value |= uint64_t{data[offset + i]} << (8 * i);
  return value;
}

}  // namespace

const char* gs_prim_type_name(uint32_t type) {
  switch (type & 7) {
    case 0: return "point";
    case 1: return "line";
    case 2: return "line strip";
    case 3: return "triangle";
    case 4: return "triangle strip";
    case 5: return "triangle fan";
    case 6: return "sprite";
    default: return "reserved (7)";
  }
}

GifTagWalker::GifTagWalker(const GsDumpState& initial) : prim_type_(static_cast<uint32_t>(initial.prim & 7)) {
  for (size_t index = 0; index < paths_.size(); ++index) {
    const GsDumpGifPathState& saved = initial.gif_paths[index];
    PathState& path = paths_[index];
    path.nloop = saved.nloop();
    path.nreg = saved.nreg() == 0 ? 16 : saved.nreg();
    path.flg = saved.flg();
    path.register_index = saved.register_index < path.nreg ? saved.register_index : 0;
    for (size_t i = 0; i < path.regs.size(); ++i) path.regs[i] = (saved.tag_high >> (4 * i)) & 0xf;
  }
}

void GifTagWalker::feed(uint32_t path_index, std::span<const uint8_t> data) {
  PathState& path = paths_[path_index & 3];
  size_t whole = data.size() / 16 * 16;
  stats_.partial_bytes += data.size() - whole;
  for (size_t offset = 0; offset < whole; offset += 16) {
    uint64_t low = load_u64(data, offset);
    uint64_t high = load_u64(data, offset + 8);
    if (path.nloop == 0) {
      start_tag(path, low, high);
    } else if (path.flg == kFlgPacked) {
      packed_qword(path, low, high);
    } else if (path.flg == kFlgReglist) {
      reglist_qword(path, low, high);
    } else {
      ++stats_.image_qwords;
      --path.nloop;
    }
  }
}

void GifTagWalker::start_tag(PathState& path, uint64_t low, uint64_t high) {
  ++stats_.tags;
  path.nloop = static_cast<uint32_t>(low & 0x7fff);
  path.flg = static_cast<uint32_t>(low >> 58) & 3;
  uint32_t nreg = static_cast<uint32_t>(low >> 60);
  path.nreg = nreg == 0 ? 16 : nreg;
  path.register_index = 0;
  for (size_t i = 0; i < path.regs.size(); ++i) path.regs[i] = (high >> (4 * i)) & 0xf;
  ++stats_.tags_by_mode[path.flg >= kModeImage ? kModeImage : path.flg];
  // A tag with NLOOP 0 carries no data, and PRE is honoured only in PACKED mode (as PCSX2 replays it).
  bool pre = (low >> 46) & 1;
  if (path.nloop > 0 && pre && path.flg == kFlgPacked) write_prim((low >> 47) & 0x7ff);
}

void GifTagWalker::step_register(PathState& path) {
  if (++path.register_index < path.nreg) return;
  path.register_index = 0;
  --path.nloop;
}

void GifTagWalker::packed_qword(PathState& path, uint64_t low, uint64_t high) {
  uint32_t descriptor = path.regs[path.register_index];
  if (descriptor == kDescriptorAd) {
    write_register(static_cast<uint32_t>(high & 0xff), low);
  } else if (descriptor == kRegPrim) {
    write_prim(low);
  } else if ((descriptor == kRegXyzf2 || descriptor == kRegXyz2) && (high & kPackedAdcBit) == 0) {
    write_register(descriptor, 0);  // ADC set sends the vertex to XYZ(F)3: no kick
  }
  step_register(path);
}

void GifTagWalker::reglist_qword(PathState& path, uint64_t low, uint64_t high) {
  // Two 64-bit registers per qword; when the loop ends on the low half, the high half is padding.
  write_register(path.regs[path.register_index], low);
  step_register(path);
  if (path.nloop == 0) return;
  write_register(path.regs[path.register_index], high);
  step_register(path);
}

void GifTagWalker::write_register(uint32_t address, uint64_t value) {
  if (address == kRegPrim) {
    write_prim(value);
  } else if (address == kRegXyz2 || address == kRegXyzf2) {
    ++stats_.vertex_kicks;
    ++stats_.vertex_kicks_by_prim[prim_type_];
  }
}

void GifTagWalker::write_prim(uint64_t value) {
  ++stats_.prim_writes;
  prim_type_ = static_cast<uint32_t>(value & 7);
  stats_.prim_types_written = static_cast<uint8_t>(stats_.prim_types_written | (1u << prim_type_));
}

}  // namespace gcvu::formats
