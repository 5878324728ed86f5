#pragma once
// A whole PCSX2 GS dump (.gs, .gs.zst, .gs.xz): header, serial, screenshot, GS state, the 8192-byte privileged
// register block and the packet list. Layout: reference/vif-gif-formats.md §4a.
//
// The dump owns one buffer, the decompressed file; the screenshot, local memory, privileged registers and packet
// data are offsets into it, so a dump of hundreds of MB is held once. Every FormatError offset is an offset in
// that decompressed buffer (for a compressed file, not in the file on disk). PCSX2's own loader drops a truncated
// final packet with a warning; this reader rejects it, so a cut dump is never replayed as if it were whole.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "formats/compress/decompress.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "formats/pcsx2/gs_dump_state.hpp"

namespace gcvu::formats {

inline constexpr uint32_t kGsPrivilegedRegistersSize = 8192;
// Largest decompressed dump accepted: bounds what a lying compressed stream can make us allocate.
inline constexpr uint64_t kMaxGsDumpSize = uint64_t{4} << 30;
// The largest dump file read: kMaxGsDumpSize raw or compressed.
inline constexpr uint64_t kMaxGsDumpFileBytes = compressed_file_limit(kMaxGsDumpSize);

// The most a ReadFIFO2 packet may ask to read back: one local->host transfer of the largest rectangle TRXREG can
// give (RRW and RRH are 12 bits: 4095 x 4095) in the widest transfer format (32 bits a pixel), in qwords. Past the
// end of a transfer the FIFO holds nothing, so a larger count is not a real readback; replaying it would only
// allocate the count x 16 bytes the packet asks for (up to 64 GiB from a u32).
inline constexpr uint32_t kMaxReadFifo2Qwords = (4095u * 4095u * 4u + 15u) / 16u;

// The path byte of a transfer record (PCSX2's GSTransferPath). Modern dumps use kPath1New for everything.
enum class GsTransferPath : uint8_t { kPath1Old = 0, kPath2 = 1, kPath3 = 2, kPath1New = 3 };
const char* gs_transfer_path_name(GsTransferPath path);

enum class GsDumpPacketKind : uint8_t { kTransfer = 0, kVSync = 1, kReadFifo2 = 2, kRegisters = 3 };

struct GsDumpPacket {
  GsDumpPacketKind kind = GsDumpPacketKind::kTransfer;
  GsTransferPath path = GsTransferPath::kPath1Old;  // kTransfer only
  uint8_t field = 0;                                // kVSync only
  uint32_t size = 0;         // kTransfer: data bytes; kReadFifo2: qwords to read back; kRegisters: 8192
  uint64_t offset = 0;       // of the packet's id byte
  uint64_t data_offset = 0;  // kTransfer and kRegisters: where the data starts

  friend bool operator==(const GsDumpPacket&, const GsDumpPacket&) = default;
};

struct GsDump {
  std::string source;
  Compression compression = Compression::kNone;
  GsDumpHeader header;
  GsDumpState state;
  uint64_t privileged_registers_offset = 0;
  std::vector<GsDumpPacket> packets;
  std::vector<uint8_t> bytes;  // the decompressed dump; everything above points into it

  // Views into `bytes`; valid while this dump lives and `bytes` is unchanged (moving the dump keeps them valid).
  std::span<const uint8_t> screenshot() const;            // u32 per pixel, header.screenshot_width x _height
  std::span<const uint8_t> local_memory() const;          // 4 MiB, native GS layout
  std::span<const uint8_t> privileged_registers() const;  // 8192 bytes, 0x12000000-0x12001FFF
  // The data of a kTransfer or kRegisters packet (empty for the others).
  std::span<const uint8_t> data(const GsDumpPacket& packet) const;
};

// The packet list from `offset` to the end of `bytes` (a decompressed dump; packet offsets are offsets in it), as
// read_gs_dump reads it after the privileged registers. Throws FormatError as read_gs_dump does for a packet.
std::vector<GsDumpPacket> read_gs_dump_packets(std::span<const uint8_t> bytes, uint64_t offset,
                                               const std::string& source);

// Reads a dump, decompressing a zstd or xz container found by its magic. Throws FormatError naming `source`,
// the offset and the rule for every malformed input: a truncated header, state or packet, a wrong magic, a
// state size that does not match its version, an unsupported state version, an unknown packet id, or a transfer
// larger than what is left of the file.
GsDump read_gs_dump(std::span<const uint8_t> file_bytes, const std::string& source);
// The same, taking ownership of the file so an uncompressed dump is not copied.
GsDump read_gs_dump(std::vector<uint8_t>&& file_bytes, const std::string& source);
// The same, from a file (named as the source): a compressed dump is decoded as it is read, in pieces, never held
// whole; an uncompressed one is read whole. Also throws FormatError as read_file does (not a file, unreadable,
// larger than kMaxGsDumpFileBytes).
GsDump read_gs_dump_file(const std::filesystem::path& path);

}  // namespace gcvu::formats
