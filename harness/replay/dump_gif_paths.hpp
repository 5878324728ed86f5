#pragma once
// The GIF side of a GS dump's Transfer packets: one tag decoder per GIF path (PATH1 old and new share one, as
// PCSX2's GIF path 1 does; PATH2 and PATH3 have their own), fed the packets' bytes in order, so tags and qwords
// may span packets. Replay and `gcvu info` both read dumps through it.

#include <array>
#include <cstdint>
#include <span>

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
    std::array<uint8_t, 16> partial{};
    size_t partial_bytes = 0;  // bytes of a qword split across two packets
  };

  // Sends `data` through the decoder of `path` into `sink`, counting the GIF tags it takes.
  void feed(formats::GsTransferPath path, std::span<const uint8_t> data, gif::GsSink& sink);

  const Path& path(formats::GsTransferPath path) const { return paths_[index(path)]; }
  uint64_t tags(gif::GifFormat format) const { return tags_[static_cast<size_t>(format)]; }
  uint64_t tags() const { return tags_[0] + tags_[1] + tags_[2] + tags_[3]; }

 private:
  static size_t index(formats::GsTransferPath path);
  void consume(Path& path, const Qword& data, gif::GsSink& sink);

  std::array<Path, 3> paths_{Path{gif::Path::kPath1}, Path{gif::Path::kPath2}, Path{gif::Path::kPath3}};
  std::array<uint64_t, 4> tags_{};  // by FLG
};

}  // namespace gcvu::harness
