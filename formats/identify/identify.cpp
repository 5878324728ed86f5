#include "formats/identify/identify.hpp"


#include <fmt/format.h>

#include "formats/core/format_error.hpp"
#include "formats/core/hash.hpp"
#include "formats/pcsx2/gs_dump.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "formats/pcsx2/gs_dump_summary.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "formats/pcsx2/save_state_summary.hpp"
#include "formats/pcsx2/vutrace.hpp"
#include "formats/pcsx2/vutrace_summary.hpp"
#include "formats/pcsx2/zip_archive.hpp"
#include "formats/png/png.hpp"
#include "formats/rc2/core_index.hpp"

namespace gcvu::formats {

namespace {

constexpr size_t kKiB = 1024;
constexpr size_t kMiB = 1024 * kKiB;
// Enough of a compressed dump to hold its header (serial and a 640x480 screenshot) and the state version.
constexpr uint64_t kDumpPrefix = 2 * kMiB;
// Compressed data that is not a dump is decompressed whole up to this size to look at what it holds.
constexpr uint64_t kMaxInnerSize = 64 * kMiB;

const char* png_colour_type_name(uint8_t type) {
  switch (type) {
    case 0: return "grey";
    case 2: return "RGB";
    case 3: return "palette";
    case 4: return "grey+alpha";
    case 6: return "RGBA";
    default: return "invalid";
  }
}

Identification identify_png(std::span<const uint8_t> data, const std::string& source) {
  PngHeader header = read_png_header(data, source);
  Identification id;
  id.kind = FileKind::kPng;
  id.description = fmt::format("PNG image, {}x{}", header.width, header.height);
  id.details.push_back(fmt::format("colour: {}, {}-bit{}", png_colour_type_name(header.colour_type), header.bit_depth,
                                   header.interlace ? ", interlaced" : ""));
  id.details.push_back(fmt::format("chunks: {}", header.chunk_count));
  return id;
}

// A dump is read whole: `gcvu info` reports its packets and GIF data, and any malformed part is an error.
Identification identify_gs_dump(std::span<const uint8_t> file, const std::string& source) {
  auto shared = std::make_shared<const GsDump>(read_gs_dump(file, source));
  const GsDump& dump = *shared;
  Identification id;
  id.gs_dump = shared;
  id.kind = FileKind::kGsDump;
  id.compression = dump.compression;
  id.description = fmt::format("PCSX2 GS dump ({} header), GS state version {}", dump.header.new_format ? "new" : "old",
                               dump.state.version);
  if (dump.compression != Compression::kNone) {
    id.description = fmt::format("{} ({}-compressed)", id.description, compression_name(dump.compression));
  }
  id.details.push_back(
      fmt::format("state size: {} bytes at offset {}", dump.header.state_size, hex_offset(dump.header.state_offset)));
  for (std::string& line : gs_dump_summary_lines(summarize_gs_dump(dump))) id.details.push_back(std::move(line));
  return id;
}

// A save state is read whole, like a dump: every entry gcvu needs is checked, and a broken one is an error.
Identification identify_save_state(std::span<const uint8_t> data, const std::string& source) {
  Identification id;
  {
    ZipArchive zip(data, source);
    if (!zip.contains(kSaveStateVersionEntry)) {
      id.description = fmt::format("zip archive with {} entries, not a PCSX2 save state (no \"{}\")",
                                   zip.entries().size(), kSaveStateVersionEntry);
      return id;
    }
  }
  SaveState state = read_save_state(data, source);
  id.kind = FileKind::kSaveState;
  id.description = fmt::format("PCSX2 save state (zip archive, {} entries), GS state version {}", state.entries.size(),
                               state.gs.version);
  id.details = save_state_summary_lines(state);
  return id;
}

// A trace is read whole too: every packet is checked, and a broken one is an error.
Identification identify_vutrace(std::span<const uint8_t> data, const std::string& source,
                                const VutraceLimits& limits) {
  const VutraceTrace trace = read_vutrace(data, source, limits);
  Identification id;
  id.kind = FileKind::kVuTrace;
  id.description = fmt::format("vutrace VU1 trace ({}), format version {}, {} snapshots",
                               looks_like_vutrace(data) ? "VUTR" : "headerless", trace.version,
                               trace.snapshots.size());
  id.details = vutrace_summary_lines(trace);
  for (const std::string& warning : trace.warnings) id.details.push_back("warning: " + warning);
  return id;
}

struct RawImageSize {
  size_t size;
  FileKind kind;
  const char* description;
};

constexpr RawImageSize kRawImageSizes[] = {
    {16 * kKiB, FileKind::kVuMemoryImage,
     "raw 16 KiB image: VU1 data memory (1024 qwords) or VU1 micro memory (2048 instructions)"},
    {4 * kKiB, FileKind::kVuMemoryImage,
     "raw 4 KiB image: VU0 data memory (256 qwords) or VU0 micro memory (512 instructions)"},
    {4 * kMiB, FileKind::kGsMemoryImage, "raw 4 MiB image: GS local memory"},
    {32 * kMiB, FileKind::kEeMemoryImage, "raw 32 MiB image: EE main memory"},
};

Identification identify_by_size(std::span<const uint8_t> data) {
  Identification id;
  id.description = fmt::format("unrecognised data ({} bytes)", data.size());
  for (const RawImageSize& raw : kRawImageSizes) {
    if (raw.size != data.size()) continue;
    id.kind = raw.kind;
    id.description = raw.description;
  }
  return id;
}

// Without core_data beside it only the index's own tables are read: the level summary is `gcvu info`'s job.
Identification identify_rc2_core_index(std::span<const uint8_t> data) {
  const auto word = [&](size_t at) {
    return uint32_t{data[at]} | (uint32_t{data[at + 1]} << 8) | (uint32_t{data[at + 2]} << 16) |
           (uint32_t{data[at + 3]} << 24);
  };
  Identification id;
  id.kind = FileKind::kRc2CoreIndex;
  id.description = "R&C2 level core index (core_index.bin)";
  id.details.push_back(fmt::format("classes: {} moby, {} tie, {} shrub", word(0x18), word(0x20), word(0x28)));
  id.details.push_back(fmt::format("tfrag textures: {}", word(0x30)));
  id.details.push_back(fmt::format("core_data: {} bytes decompressed", word(0x8c)));
  return id;
}

Identification finish(Identification& id, std::span<const uint8_t> data) {
  id.details.push_back(fmt::format("size: {} bytes", data.size()));
  id.details.push_back(fmt::format("xxh3-128: {}", xxh3_128(data).hex()));
  return id;
}

}  // namespace

const char* file_kind_name(FileKind kind) {
  switch (kind) {
    case FileKind::kPng: return "png";
    case FileKind::kGsDump: return "gs-dump";
    case FileKind::kSaveState: return "save-state";
    case FileKind::kVuTrace: return "vutrace";
    case FileKind::kVuMemoryImage: return "vu-memory";
    case FileKind::kGsMemoryImage: return "gs-memory";
    case FileKind::kEeMemoryImage: return "ee-memory";
    case FileKind::kRc2CoreIndex: return "rc2-core-index";
    case FileKind::kUnknown: break;
  }
  return "unknown";
}

Identification identify(std::span<const uint8_t> data, const std::string& source,
                        const VutraceLimits& vutrace_limits) {
  Identification id;
  if (looks_like_png(data)) {
    id = identify_png(data, source);
  } else if (Compression compression = detect_compression(data); compression != Compression::kNone) {
    std::vector<uint8_t> prefix = decompress(data, compression, source, kDumpPrefix, /*allow_prefix=*/true);
    if (!looks_like_gs_dump(prefix)) {
      // Not a dump: look inside whole (a compressed memory image, say), within a limit.
      std::vector<uint8_t> inner = decompress(data, compression, source, kMaxInnerSize, /*allow_prefix=*/true);
      bool whole = inner.size() < kMaxInnerSize;
      id = whole ? identify_by_size(inner) : Identification{};
      if (!whole) id.description = fmt::format("more than {} bytes of data", kMaxInnerSize);
      id.compression = compression;
      id.description = fmt::format("{}-compressed: {}", compression_name(compression), id.description);
      id.details.push_back(fmt::format("decompressed size: {}", whole ? std::to_string(inner.size()) : "large"));
      return finish(id, data);
    }
    id = identify_gs_dump(data, source);
  } else if (looks_like_zip(data)) {
    id = identify_save_state(data, source);
  } else if (looks_like_vutrace_content(data)) {
    id = identify_vutrace(data, source, vutrace_limits);
  } else if (looks_like_gs_dump(data)) {
    id = identify_gs_dump(data, source);
  } else if (rc2::looks_like_core_index(data)) {
    id = identify_rc2_core_index(data);
  } else {
    id = identify_by_size(data);
  }
  return finish(id, data);
}

}  // namespace gcvu::formats
