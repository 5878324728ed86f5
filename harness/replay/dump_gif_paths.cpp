#include "harness/replay/dump_gif_paths.hpp"

#include <algorithm>
#include <cstring>

namespace gcvu::harness {

size_t DumpGifPaths::index(formats::GsTransferPath path) {
  switch (path) {
    case formats::GsTransferPath::kPath1Old:
    case formats::GsTransferPath::kPath1New: return 0;
    case formats::GsTransferPath::kPath2: return 1;
    case formats::GsTransferPath::kPath3: return 2;
  }
  return 2;
}

void DumpGifPaths::consume(Path& path, const Qword& data, gif::GsSink& sink) {
  const bool tag = path.decoder.expecting_tag();
  path.decoder.consume(data, path.path, 0, sink);
  if (tag) ++tags_[static_cast<size_t>(path.decoder.tag().format)];
}

void DumpGifPaths::feed(formats::GsTransferPath which, std::span<const uint8_t> data, gif::GsSink& sink) {
  Path& path = paths_[index(which)];
  auto load = [](const uint8_t* bytes) {
    Qword q;
    std::memcpy(q.data(), bytes, 16);
    return q;
  };
  size_t at = 0;
  if (path.partial_bytes != 0) {
    const size_t take = std::min(data.size(), 16 - path.partial_bytes);
    std::memcpy(path.partial.data() + path.partial_bytes, data.data(), take);
    path.partial_bytes += take;
    at = take;
    if (path.partial_bytes < 16) return;
    consume(path, load(path.partial.data()), sink);
    path.partial_bytes = 0;
  }
  for (; at + 16 <= data.size(); at += 16) consume(path, load(data.data() + at), sink);
  path.partial_bytes = data.size() - at;
  std::memcpy(path.partial.data(), data.data() + at, path.partial_bytes);
}

}  // namespace gcvu::harness
