#include "tests/gs/gif_transfer_replay.hpp"

#include <cstring>
#include <span>
#include <stdexcept>

#include "emu/gs/registers/general_registers.hpp"
#include "emu/gs/transfer/transfer_unit.hpp"
#include "formats/compress/decompress.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "tests/test_support.hpp"

namespace gcvu::test {

namespace {

constexpr uint32_t kStateMemoryOffset = 425;  // v9 state blob (reference/vif-gif-formats.md §4a)
constexpr uint32_t kPrivilegedBytes = 8192;

uint64_t le64(const uint8_t* p) {
  uint64_t value;
  std::memcpy(&value, p, 8);
  return value;
}
uint32_t le32(const uint8_t* p) {
  uint32_t value;
  std::memcpy(&value, p, 4);
  return value;
}

class Replayer {
 public:
  explicit Replayer(TransferReplay& out) : out_(out) {}
  gs::LocalMemory memory;

  // `next_packet` is the next transfer's GIF data: PCSX2's odd-width T4HL/T4HH store reads past an image that
  // ends its packet into it (the replayed packets sit one after another in PCSX2's buffer).
  void gif(std::span<const uint8_t> data, std::span<const uint8_t> next_packet) {
    size_t at = 0;
    while (at + 16 <= data.size()) {
      uint64_t tag = le64(&data[at]);
      uint64_t regs = le64(&data[at + 8]);
      at += 16;
      uint32_t nloop = tag & 0x7fff;
      uint32_t flg = (tag >> 58) & 3;
      uint32_t nreg = (tag >> 60) & 15;
      if (nreg == 0) nreg = 16;
      if (flg == 0) {  // PACKED
        for (uint32_t loop = 0; loop < nloop; ++loop) {
          for (uint32_t r = 0; r < nreg && at + 16 <= data.size(); ++r, at += 16) {
            uint32_t descriptor = (regs >> (4 * r)) & 15;
            if (descriptor == 0xe) {
              reg(data[at + 8], le64(&data[at]));
            } else {
              ++out_.non_ad_descriptors;
            }
          }
        }
      } else if (flg == 1) {  // REGLIST: 8 bytes per register, padded to a qword
        uint64_t count = uint64_t{nloop} * nreg;
        for (uint64_t i = 0; i < count && at + 8 <= data.size(); ++i, at += 8) {
          ++out_.other_registers[0x100 + ((regs >> (4 * (i % nreg))) & 15)];
        }
        if (count & 1) at += 8;
      } else {  // IMAGE (FLG 2 and 3)
        size_t bytes = std::min<size_t>(uint64_t{nloop} * 16, data.size() - at);
        std::vector<uint8_t> following(data.begin() + static_cast<std::ptrdiff_t>(at + bytes), data.end());
        following.insert(following.end(), next_packet.begin(),
                         next_packet.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(next_packet.size(), 64)));
        image(data.subspan(at, bytes), following);
        at += bytes;
      }
    }
  }

 private:
  void reg(uint32_t address, uint64_t value) {
    switch (address) {
      case 0x50: bitbltbuf_.raw = value; break;
      case 0x51: trxpos_.raw = value; break;
      case 0x52: trxreg_.raw = value; break;
      case 0x53:
        ++out_.transfer_starts;
        transfer_.start(bitbltbuf_, trxpos_, trxreg_, gs::Trxdir{value}, memory);
        break;
      case 0x54: {  // HWREG: 8 bytes of image data
        uint8_t bytes[8];
        std::memcpy(bytes, &value, 8);
        image(bytes, {});
        break;
      }
      case 0x3f: break;  // TEXFLUSH: nothing to do without a texture cache
      case 0x00:
        prim_ = gs::Prim{value};
        vertices_ = 0;
        break;
      case 0x01: rgbaq_ = gs::Rgbaq{value}; break;
      case 0x05: vertex(gs::Xyz{value}); break;
      case 0x4c: frame_ = gs::Frame{value}; break;
      case 0x18: xyoffset_ = gs::Xyoffset{value}; break;
      default: ++out_.other_registers[address]; break;
    }
  }
  // A flat, untextured, unblended sprite on context 1 into a PSMCT32 frame covers pixels [x0, x1) x [y0, y1)
  // with integer (multiple-of-16) corners; anything else is beyond this helper.
  void vertex(const gs::Xyz& xyz) {
    ++out_.other_registers[0x05];
    corner_[vertices_ % 2] = xyz;
    if (++vertices_ % 2 != 0) return;
    bool simple = prim_.type() == 6 && !prim_.tme() && !prim_.abe() && !prim_.fge() && prim_.ctxt() == 0 &&
                  frame_.psm() == 0 && frame_.fbmsk() == 0;
    int x0 = (static_cast<int>(corner_[0].x()) - static_cast<int>(xyoffset_.ofx())) >> 4;
    int y0 = (static_cast<int>(corner_[0].y()) - static_cast<int>(xyoffset_.ofy())) >> 4;
    int x1 = (static_cast<int>(corner_[1].x()) - static_cast<int>(xyoffset_.ofx())) >> 4;
    int y1 = (static_cast<int>(corner_[1].y()) - static_cast<int>(xyoffset_.ofy())) >> 4;
    simple = simple && ((corner_[0].x() | corner_[0].y() | corner_[1].x() | corner_[1].y()) & 15) == 0 && x0 >= 0 &&
             y0 >= 0 && x0 <= x1 && y0 <= y1 && x1 <= 2048 && y1 <= 2048;
    if (!simple) {
      ++out_.primitives_skipped;
      return;
    }
    ++out_.sprites_filled;
    gs::BufferLayout layout{frame_.fbp() << 5, frame_.fbw(), gs::Psm::kCt32};
    uint32_t colour = rgbaq_.r() | rgbaq_.g() << 8 | rgbaq_.b() << 16 | rgbaq_.a() << 24;
    for (int y = y0; y < y1; ++y) {
      for (int x = x0; x < x1; ++x) memory.write_pixel(layout, x, y, colour);
    }
  }

  void image(std::span<const uint8_t> bytes, std::span<const uint8_t> following) {
    out_.image_bytes += bytes.size();
    transfer_.write(bytes, memory, following);
  }

  TransferReplay& out_;
  gs::TransferUnit transfer_;
  gs::Bitbltbuf bitbltbuf_;
  gs::Trxpos trxpos_;
  gs::Trxreg trxreg_;
  gs::Prim prim_;
  gs::Rgbaq rgbaq_;
  gs::Frame frame_;
  gs::Xyoffset xyoffset_;
  gs::Xyz corner_[2];
  uint32_t vertices_ = 0;
};

}  // namespace

TransferReplay replay_transfers(const std::filesystem::path& dump) {
  std::vector<uint8_t> compressed = read_bytes(dump);
  std::vector<uint8_t> file = formats::decompress_if_compressed(compressed, dump.string(), 64u << 20);
  formats::GsDumpHeader header = formats::read_gs_dump_header(file, dump.string());
  if (header.state_offset + header.state_size + kPrivilegedBytes > file.size() ||
      header.state_size < kStateMemoryOffset + gs::kLocalMemoryBytes) {
    throw std::runtime_error("GS dump too short: " + dump.string());
  }
  TransferReplay out;
  Replayer replayer(out);
  const uint8_t* state = &file[header.state_offset];
  out.initial_memory.assign(state + kStateMemoryOffset, state + kStateMemoryOffset + gs::kLocalMemoryBytes);
  std::memcpy(replayer.memory.bytes().data(), out.initial_memory.data(), gs::kLocalMemoryBytes);

  // The data of the first transfer packet at or after `at`, or nothing.
  auto next_transfer = [&](size_t at) -> std::span<const uint8_t> {
    while (at < file.size()) {
      uint8_t id = file[at++];
      if (id == 0) {
        if (at + 5 > file.size()) break;
        size_t size = std::min<size_t>(le32(&file[at + 1]), file.size() - at - 5);
        return std::span<const uint8_t>(&file[at + 5], size);
      }
      at += id == 1 ? 1 : id == 2 ? 4 : kPrivilegedBytes;
    }
    return {};
  };

  size_t at = header.state_offset + header.state_size + kPrivilegedBytes;
  while (at < file.size()) {
    uint8_t id = file[at++];
    if (id == 0 && at + 5 <= file.size()) {  // transfer: [path][u32 size][data]
      uint32_t size = le32(&file[at + 1]);
      at += 5;
      size = static_cast<uint32_t>(std::min<size_t>(size, file.size() - at));
      replayer.gif(std::span<const uint8_t>(&file[at], size), next_transfer(at + size));
      at += size;
    } else if (id == 1) {  // vsync: [field]
      at += 1;
      auto bytes = replayer.memory.bytes();
      out.memory_at_vsync.emplace_back(bytes.begin(), bytes.end());
    } else if (id == 2) {  // readfifo: [u32 size]
      at += 4;
    } else if (id == 3) {  // privileged registers
      at += kPrivilegedBytes;
    } else {
      throw std::runtime_error("unknown GS dump packet " + std::to_string(id));
    }
  }
  return out;
}

}  // namespace gcvu::test
