#pragma once
// The GIF side of a GS dump's Transfer packets: one tag decoder per GIF path (PATH1 old and new share one, as
// PCSX2's GIF path 1 does; PATH2 and PATH3 have their own), fed the packets in order, so tags and qwords may span
// packets. Each path's packets lie end to end in one buffer, as PCSX2's dump replayer copies them into its GIF path
// buffers ahead of the GS: the bytes after a packet are the path's later packets, which some image uploads read
// (gs/transfer/transfer_unit.hpp). Replay and `gcvu info` both read dumps through it.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/common/zeroed_bytes.hpp"
#include "emu/gif/gs_sink.hpp"
#include "emu/gif/path_decoder.hpp"
#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::harness {

class DumpGifPaths {
 public:
  struct Path {
    explicit Path(gif::Path p) : path(p) {}
    gif::Path path;
    gif::PathDecoder decoder;
    // The path's Transfer packets, end to end: fresh zero pages on 2 MiB boundaries with huge pages advised
    // (a game dump's are tens of MiB; a std::vector's heap block took ~1,000-1,500 4 KiB page faults for
    // bench_fill_tex's 14 MB). Its first `stream_bytes` bytes are the packets (it is never empty).
    ZeroedBytes stream{1};
    size_t stream_bytes = 0;
    size_t fed = 0;       // bytes of `stream` whose packets were fed
    size_t consumed = 0;  // bytes of `stream` the decoder took (whole qwords)
    std::span<const uint8_t> bytes() const { return {stream.data(), stream_bytes}; }
    // Bytes fed but not yet a whole qword (a qword split across two packets).
    size_t partial_bytes() const { return fed - consumed; }
  };

  explicit DumpGifPaths(const formats::GsDump& dump);

  // Sends the next Transfer packet of the dump (packets go in the dump's order) through its path's decoder into
  // `sink`, counting the GIF tags it takes.
  void feed(const formats::GsDumpPacket& packet, gif::GsSink& sink);

  const Path& path(formats::GsTransferPath path) const { return paths_[index(path)]; }
  uint64_t tags(gif::GifFormat format) const { return tags_[static_cast<size_t>(format)]; }
  uint64_t tags() const { return tags_[0] + tags_[1] + tags_[2] + tags_[3]; }

 private:
  static size_t index(formats::GsTransferPath path);

  const formats::GsDump& dump_;
  std::array<Path, 3> paths_{Path{gif::Path::kPath1}, Path{gif::Path::kPath2}, Path{gif::Path::kPath3}};
  std::array<uint64_t, 4> tags_{};  // by FLG
};

}  // namespace gcvu::harness
