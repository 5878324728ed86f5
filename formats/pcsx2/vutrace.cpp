#include "formats/pcsx2/vutrace.hpp"

#include <cstring>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"

namespace gcvu::formats {

VutraceSlot& VutraceRegisters::slot(uint8_t index) {
  if (index < 32) return vf[index];
  if (index < 64) return vi[index - 32];
  if (index == 64) return acc;
  return index == 65 ? q : p;
}

const VutraceSlot& VutraceRegisters::slot(uint8_t index) const {
  return const_cast<VutraceRegisters&>(*this).slot(index);
}

bool looks_like_vutrace(std::span<const uint8_t> data) {
  return data.size() >= 4 && std::memcmp(data.data(), "VUTR", 4) == 0;
}

bool looks_like_vutrace_content(std::span<const uint8_t> data) {
  if (looks_like_vutrace(data)) return true;
  if (data.size() < kVutraceContentProbeBytes || data[0] != 'I') return false;
  const uint8_t next = data[1 + kVutraceMemoryBytes];
  return next == 'R' || next == 'M' || next == 'P';
}

namespace {

constexpr uint8_t kPushSnapshot = 'P';
constexpr uint8_t kSetRegisters = 'R';
constexpr uint8_t kSetMemory = 'M';
constexpr uint8_t kSetMicro = 'I';
constexpr uint8_t kLoad = 'L';
constexpr uint8_t kStore = 'S';
constexpr uint8_t kPatchRegister = 'r';
constexpr uint8_t kPatchMemory = 'm';
constexpr uint32_t kPairBytes = 8;

std::string packet_name(uint8_t type) {
  if (type >= 0x20 && type < 0x7f) return fmt::format("'{}' (0x{:02x})", static_cast<char>(type), type);
  return fmt::format("0x{:02x}", type);
}

VutraceSlot read_slot(ByteReader& in, std::string_view what) {
  VutraceSlot slot;
  for (uint32_t& word : slot) word = in.u32(what);
  return slot;
}

// `rest` is the 'R' body after its first kVutraceRegisterBytes.
VutraceInterpreterState interpreter_state(std::span<const uint8_t> rest, const VutraceVuRegsLayout& at) {
  auto word = [&](size_t offset) {
    uint32_t value;
    std::memcpy(&value, rest.data() + (offset - kVutraceRegisterBytes), 4);
    return value;
  };
  auto pipe = [&](size_t offset, bool has_status) {
    using L = VutraceVuRegsLayout;
    return VutracePipe{word(offset) != 0, word(offset + L::kPipeResult), word(offset + L::kPipeStartCycle),
                       word(offset + L::kPipeCycles), has_status ? word(offset + L::kPipeStatus) : 0u};
  };
  VutraceInterpreterState state;
  state.cycle = word(at.cycle);
  state.branch = word(at.branch);
  state.branch_pc = word(at.branch_pc);
  state.delay_branch_pc = word(at.delay_branch_pc);
  state.take_delay_branch = rest[at.take_delay_branch - kVutraceRegisterBytes] != 0;
  state.ebit = word(at.ebit);
  state.fdiv = pipe(at.fdiv, true);
  state.efu = pipe(at.efu, false);
  return state;
}

// One memory image being built: shared with the last pushed snapshot until a packet changes it.
class MemoryImage {
 public:
  bool present() const { return image_ != nullptr; }
  // Whether changing the image needs a new 16 KiB copy (none yet, or the current one belongs to a snapshot).
  bool needs_allocation() const { return image_ == nullptr || published_; }
  VutraceMemory& writable() {
    if (needs_allocation()) {
      image_ = image_ ? std::make_shared<VutraceMemory>(*image_) : std::make_shared<VutraceMemory>();
      published_ = false;
    }
    return *image_;
  }
  const VutraceMemory& current() const { return *image_; }
  std::shared_ptr<const VutraceMemory> publish() {
    published_ = true;
    return image_;
  }

 private:
  std::shared_ptr<VutraceMemory> image_;
  bool published_ = false;
};

class TraceParser {
 public:
  TraceParser(std::span<const uint8_t> bytes, const std::string& source, const VutraceLimits& limits)
      : bytes_(bytes), in_(bytes, source), limits_(limits) {}

  VutraceTrace parse() {
    read_header();
    skip_early_push();
    while (!in_.at_end()) {
      if (packet_cut_short()) break;
      read_packet();
    }
    if (pending_packets_) {
      if (trace_.snapshots.empty()) {
        in_.fail_at(last_packet_offset_, "the trace ends before its first snapshot's 'P' (the file is truncated)");
      }
      trace_.warnings.push_back(fmt::format(
          "offset {}: the trace is cut short (no 'P' closes the last packets: PCSX2 stopped before the closing "
          "VSync); read up to its last complete snapshot, {}",
          hex_offset(last_packet_offset_), trace_.snapshots.size() - 1));
    }
    return std::move(trace_);
  }

 private:
  void read_header() {
    if (looks_like_vutrace(bytes_)) {
      in_.skip(4);
      const uint32_t version = in_.u32("format version");
      if (version < 1 || version > kVutraceLatestVersion) {
        in_.fail_at(4, fmt::format("unsupported vutrace format version {} (versions 1 to {} are read)", version,
                                   kVutraceLatestVersion));
      }
      trace_.version = version;
      return;
    }
    if (bytes_.empty() || bytes_[0] != kSetMicro) {
      in_.fail_at(0,
                  "not a vutrace file: no \"VUTR\" magic, and not a headerless version-1 trace (which starts "
                  "with an 'I' packet)");
    }
    trace_.version = 1;
  }

  // chaoticgd/pcsx2 89cb1d461 wrote a 'P' straight after the version-2 header, before any state.
  void skip_early_push() {
    if (trace_.version != 2 || in_.at_end() || bytes_[in_.position()] != kPushSnapshot) return;
    trace_.warnings.push_back(fmt::format("offset {}: skipped the 'P' a version-2 capture writes before any state "
                                          "(chaoticgd/pcsx2 89cb1d461)",
                                          hex_offset(in_.position())));
    in_.skip(1);
  }

  size_t body_size(uint8_t type) const {
    switch (type) {
      case kSetRegisters:
        return trace_.version == 1   ? kVutraceRegisterBytesV1
               : trace_.version == 2 ? kVutraceRegisterBytesV2
                                     : kVutraceRegisterBytes;
      case kSetMemory:
      case kSetMicro: return kVutraceMemoryBytes;
      case kLoad:
      case kStore: return 8;
      case kPatchRegister: return 17;
      case kPatchMemory: return 6;
      default: return 0;
    }
  }

  // A packet whose body runs past the end: the file was cut while PCSX2 wrote it.
  bool packet_cut_short() {
    const size_t at = in_.position();
    if (body_size(bytes_[at]) <= in_.remaining() - 1) return false;
    last_packet_offset_ = at;
    pending_packets_ = true;
    return true;
  }

  void read_packet() {
    last_packet_offset_ = in_.position();
    const uint8_t type = in_.u8("packet type");
    switch (type) {
      case kPushSnapshot: push_snapshot(); return;
      case kSetRegisters: read_registers(); break;
      case kSetMemory: read_memory(data_, "data memory ('M')"); break;
      case kSetMicro: read_memory(micro_, "micro memory ('I')"); break;
      case kLoad: read_access(current_.load, "L"); break;
      case kStore: read_access(current_.store, "S"); break;
      case kPatchRegister: patch_register(); break;
      case kPatchMemory: patch_memory(); break;
      default:
        in_.fail_at(
            last_packet_offset_,
            fmt::format("unknown packet type {} (known: P R M I L S, and r m in version 3)", packet_name(type)));
    }
    pending_packets_ = true;
  }

  void read_registers() {
    VutraceRegisters& regs = current_.registers;
    for (VutraceSlot& slot : regs.vf) slot = read_slot(in_, "'R' registers");
    for (VutraceSlot& slot : regs.vi) slot = read_slot(in_, "'R' registers");
    regs.acc = read_slot(in_, "'R' registers");
    regs.q = read_slot(in_, "'R' registers");
    regs.p = read_slot(in_, "'R' registers");
    // Versions 1 and 2 dumped the rest of PCSX2's VURegs after p.
    if (trace_.version == 1) {
      current_.interpreter = interpreter_state(
          in_.bytes(kVutraceRegisterBytesV1 - kVutraceRegisterBytes, "'R' registers (version 1)"), kVutraceVuRegsV1);
    } else if (trace_.version == 2) {
      current_.interpreter = interpreter_state(
          in_.bytes(kVutraceRegisterBytesV2 - kVutraceRegisterBytes, "'R' registers (version 2)"), kVutraceVuRegsV2);
    }
    has_registers_ = true;
  }

  void read_memory(MemoryImage& image, std::string_view what) {
    std::span<const uint8_t> bytes = in_.bytes(kVutraceMemoryBytes, what);
    // Versions 1 and 2 write the whole image in every snapshot: an unchanged one stays shared.
    if (image.present() && std::memcmp(image.current().data(), bytes.data(), bytes.size()) == 0) {
      ++trace_.shared_memory_images;
      return;
    }
    if (image.needs_allocation()) charge(kVutraceMemoryBytes);
    std::memcpy(image.writable().data(), bytes.data(), bytes.size());
  }

  void read_access(std::optional<VutraceAccess>& access, std::string_view name) {
    if (access) {
      in_.fail_at(last_packet_offset_, fmt::format("a second '{}' packet in one snapshot (a pair makes at most one {})",
                                                   name, name == "L" ? "load" : "store"));
    }
    VutraceAccess value;
    value.address = in_.u32("access address");
    value.size = in_.u32("access size");
    access = value;
  }

  void require_deltas() const {
    if (trace_.version < 3) {
      in_.fail_at(
          last_packet_offset_,
          fmt::format("delta packets ('r', 'm') exist only in version 3; this file is version {}", trace_.version));
    }
  }

  void patch_register() {
    require_deltas();
    const size_t index_offset = in_.position();
    const uint8_t index = in_.u8("'r' register slot");
    const VutraceSlot value = read_slot(in_, "'r' register value");
    if (index >= kVutraceRegisterSlots) {
      in_.fail_at(index_offset, fmt::format("'r' register slot {} is out of range (0-31 VF, 32-63 VI, 64 ACC, 65 q, "
                                            "66 p)",
                                            index));
    }
    if (!has_registers_) in_.fail_at(last_packet_offset_, "an 'r' delta before any 'R' packet: nothing to patch");
    current_.registers.slot(index) = value;
  }

  void patch_memory() {
    require_deltas();
    const size_t address_offset = in_.position();
    const uint16_t address = in_.u16("'m' address");
    const uint32_t word = in_.u32("'m' word");
    if (address % 4 != 0 || address > kVutraceMemoryBytes - 4) {
      in_.fail_at(address_offset, fmt::format("'m' address {} is not a word address inside the 16 KiB data memory "
                                              "(a multiple of 4 up to 0x3ffc)",
                                              hex_offset(address)));
    }
    if (!data_.present()) in_.fail_at(last_packet_offset_, "an 'm' delta before any 'M' packet: nothing to patch");
    if (data_.needs_allocation()) charge(kVutraceMemoryBytes);
    VutraceMemory& memory = data_.writable();
    for (int n = 0; n < 4; ++n) memory[address + n] = static_cast<uint8_t>(word >> (8 * n));
  }

  void push_snapshot() {
    if (!has_registers_ || !data_.present() || !micro_.present()) {
      in_.fail_at(last_packet_offset_,
                  fmt::format("a 'P' before the trace gave a full state (missing:{}{}{})", has_registers_ ? "" : " R",
                              data_.present() ? "" : " M", micro_.present() ? "" : " I"));
    }
    uint32_t& tpc = current_.registers.vi[vutrace_vi::kTpc][0];
    if (tpc % kPairBytes != 0) {
      in_.fail_at(last_packet_offset_, fmt::format("snapshot {} has TPC {}, not the byte address of an instruction "
                                                   "pair (a multiple of 8)",
                                                   trace_.snapshots.size(), hex_offset(tpc)));
    }
    if (tpc >= kVutraceMemoryBytes) {
      // PCSX2 masks TPC to micro memory (0x3fff) when it steps next; the trace recorded it before that.
      trace_.warnings.push_back(fmt::format("offset {}: snapshot {} has TPC {} (a jump past micro memory); masked "
                                            "to {} as PCSX2's next step does",
                                            hex_offset(last_packet_offset_), trace_.snapshots.size(),
                                            hex_offset(tpc), hex_offset(tpc & (kVutraceMemoryBytes - 1))));
      tpc &= kVutraceMemoryBytes - 1;
    }
    charge(kVutraceSnapshotCost);
    current_.data = data_.publish();
    current_.micro = micro_.publish();
    trace_.snapshots.push_back(current_);
    current_.load.reset();
    current_.store.reset();
    pending_packets_ = false;
  }

  void charge(uint64_t bytes) {
    decoded_bytes_ += bytes;
    if (decoded_bytes_ > limits_.max_decoded_bytes) {
      in_.fail_at(last_packet_offset_,
                  fmt::format("the decoded snapshots exceed the limit of {} bytes (after {} snapshots); raise the "
                              "limit if the trace is genuine",
                              limits_.max_decoded_bytes, trace_.snapshots.size()));
    }
  }

  std::span<const uint8_t> bytes_;
  ByteReader in_;
  VutraceLimits limits_;
  VutraceTrace trace_;
  VutraceSnapshot current_;
  MemoryImage data_;
  MemoryImage micro_;
  bool has_registers_ = false;
  bool pending_packets_ = false;
  size_t last_packet_offset_ = 0;
  uint64_t decoded_bytes_ = 0;
};

}  // namespace

VutraceTrace read_vutrace(std::span<const uint8_t> bytes, const std::string& source, const VutraceLimits& limits) {
  return TraceParser(bytes, source, limits).parse();
}

}  // namespace gcvu::formats
