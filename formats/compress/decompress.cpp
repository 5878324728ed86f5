#include "formats/compress/decompress.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>
#include <lzma.h>
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_createDStream_advanced: the decoder's buffers through our allocator
#include <zstd.h>

#include "formats/compress/compressed_input.hpp"
#include "formats/core/format_error.hpp"
#include "formats/core/huge_pages.hpp"

namespace gcvu::formats {

namespace {

constexpr uint8_t kZstdMagic[] = {0x28, 0xb5, 0x2f, 0xfd};
constexpr uint8_t kXzMagic[] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
// Output is decoded into a scratch buffer of this size (it stays in the cache) and appended to the result, which
// is thus written once: growing the result first (resize) zeroed every byte before the decoder wrote it, and
// zeroed again the unused part of a call that stopped early for want of input (compressed_input.hpp).
constexpr size_t kChunk = size_t{256} << 10;
// The xz decoder's memory is mostly the LZMA2 dictionary the stream header declares (up to 4 GiB). xz's own
// presets need at most 65 MiB to decode (-9: a 64 MiB dictionary, xz(1) "DecMem"), so a stream asking for more
// than this was not written by PCSX2 or xz's presets and is refused before the dictionary is allocated.
constexpr uint64_t kXzDecoderMemory = uint64_t{128} << 20;

template <size_t N>
bool starts_with(std::span<const uint8_t> data, const uint8_t (&magic)[N]) {
  return data.size() >= N && std::memcmp(data.data(), magic, N) == 0;
}

// How much more output room to make: at most kChunk, and never more than one byte past max_output (the byte that
// tells a longer stream from one of exactly max_output bytes), so a 36-byte zip entry read with a limit of its
// size does not get (and zero, and page in) a 1 MiB buffer. `have` is at most max_output. The output grows only
// as data decodes: a zstd frame's declared content size is not used to size it (a frame may declare 3 GB, within
// a 4 GiB dump limit, and hold nothing: found by the gs_dump fuzz target, seed zstd_frame_declaring_3gb.bin).
size_t next_chunk(size_t have, uint64_t max_output) {
  const uint64_t room = max_output - have;
  return room >= kChunk ? kChunk : static_cast<size_t>(room) + 1;
}

// Output room to reserve before decoding: the declared size where the stream has one, else an estimate from the
// compressed size (PCSX2 writes its GS dumps as streamed zstd frames without one: their 4-19 MB grew 1, 2, 4, 8,
// 16, 32 MiB, copying 31 MB and faulting in every page twice, 5-10 % of a replay). Capped by the limit and by
// kMaxReserve, so a stream that promises much and holds little costs address space, not memory: reserved pages
// are only paged in where data lands.
constexpr uint64_t kMaxReserve = uint64_t{64} << 20;
constexpr uint64_t kEstimatedRatio = 16;  // GS dumps measured 4-10x; a memory image alone far more
size_t initial_room(std::optional<uint64_t> declared, size_t compressed, uint64_t max_output) {
  const uint64_t estimate = declared.value_or(std::max<uint64_t>(kChunk, compressed * kEstimatedRatio));
  return static_cast<size_t>(std::min<uint64_t>({estimate, max_output, kMaxReserve}) + 1);
}

// Makes room for `size` bytes of output, doubling as a vector would, and advises huge pages for each new buffer
// (huge_pages.hpp): a dump that does not declare its size (PCSX2 writes streamed frames) grows to tens of MiB.
void grow_to(std::vector<uint8_t>& out, size_t size) {
  if (size > out.capacity()) reserve_with_huge_pages(out, std::max(size, 2 * out.capacity()));
}

// Appends what the decoder wrote into `scratch` to `out`.
void append(std::vector<uint8_t>& out, const std::vector<uint8_t>& scratch, size_t bytes) {
  grow_to(out, out.size() + bytes);
  out.insert(out.end(), scratch.begin(), scratch.begin() + static_cast<std::ptrdiff_t>(bytes));
}

// zstd's decoder keeps a window buffer as large as the frame's window (PCSX2's dumps: 8 MiB) and writes every
// decoded byte through it: paged in 4 KiB at a time it cost ~2,100 page faults per dump replayed (perf, `gcvu
// replay` of bench_fill_tex). Buffers of 2 MiB or more are allocated on 2 MiB boundaries with huge pages advised
// (huge_pages.hpp), which makes that a handful.
constexpr size_t kHugePageBytes = size_t{2} << 20;
void* allocate_for_zstd(void*, size_t bytes) {
  if (bytes < kHugePageBytes) return std::malloc(bytes);
  void* buffer = std::aligned_alloc(kHugePageBytes, (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1));
  if (buffer != nullptr) advise_huge_pages(buffer, bytes);
  return buffer;
}
void free_for_zstd(void*, void* buffer) { std::free(buffer); }
constexpr ZSTD_customMem kZstdMemory{allocate_for_zstd, free_for_zstd, nullptr};

[[noreturn]] void too_large(const std::string& source, uint64_t max_output) {
  throw FormatError(source, 0, fmt::format("decompressed data exceeds the {}-byte limit for this file", max_output));
}

std::vector<uint8_t> zstd_decompress(CompressedInput& input, const std::string& source, uint64_t max_output,
                                     bool allow_prefix) {
  // A frame that declares its content size is checked against the limit before anything is allocated (the first
  // piece holds the frame header: CompressedInput::kMinPieceBytes).
  const unsigned long long declared = ZSTD_getFrameContentSize(input.piece().data(), input.piece().size());
  if (!allow_prefix && declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != ZSTD_CONTENTSIZE_ERROR &&
      declared > max_output) {
    throw FormatError(source, 0,
                      fmt::format("the zstd frame declares {} bytes of content, more than the {}-byte limit for "
                                  "this file",
                                  declared, max_output));
  }
  ZSTD_DStream* stream = ZSTD_createDStream_advanced(kZstdMemory);
  if (stream == nullptr) throw FormatError(source, 0, "zstd: out of memory");
  std::vector<uint8_t> out;
  // The declared size only sets how much room to reserve up front (so a 4 MiB memory image is not grown and copied
  // four times); the output still grows only as data decodes.
  const bool declares = declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != ZSTD_CONTENTSIZE_ERROR;
  reserve_with_huge_pages(out, initial_room(declares ? std::optional<uint64_t>(declared) : std::nullopt,
                                            input.total_size(), max_output));
  std::vector<uint8_t> scratch(next_chunk(0, max_output));
  ZSTD_inBuffer in{input.piece().data(), input.piece().size(), 0};
  while (true) {
    if (in.pos == in.size && input.next()) in = {input.piece().data(), input.piece().size(), 0};
    const size_t chunk = next_chunk(out.size(), max_output);
    ZSTD_outBuffer buffer{scratch.data(), chunk, 0};
    size_t pending = ZSTD_decompressStream(stream, &buffer, &in);
    append(out, scratch, buffer.pos);
    if (ZSTD_isError(pending)) {
      std::string message = ZSTD_getErrorName(pending);
      ZSTD_freeDStream(stream);
      throw FormatError(source, input.piece_offset() + in.pos, fmt::format("zstd stream is corrupt: {}", message));
    }
    if (out.size() > max_output) {
      ZSTD_freeDStream(stream);
      if (!allow_prefix) too_large(source, max_output);
      out.resize(max_output);
      return out;
    }
    bool input_done = in.pos == in.size && !input.more();
    if (input_done && pending == 0) break;   // the last frame ended exactly at the end of the input
    if (input_done && buffer.pos < chunk) {  // the decoder wants input that is not there
      ZSTD_freeDStream(stream);
      throw FormatError(source, input.piece_offset() + in.pos, "truncated: the zstd stream ends inside a frame");
    }
  }
  ZSTD_freeDStream(stream);
  return out;
}

std::vector<uint8_t> xz_decompress(CompressedInput& input, const std::string& source, uint64_t max_output,
                                   bool allow_prefix) {
  lzma_stream stream = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&stream, kXzDecoderMemory, LZMA_CONCATENATED) != LZMA_OK) {
    throw FormatError(source, 0, "xz: cannot start the decoder");
  }
  std::vector<uint8_t> out;
  reserve_with_huge_pages(out, initial_room(std::nullopt, input.total_size(), max_output));
  std::vector<uint8_t> scratch(next_chunk(0, max_output));
  stream.next_in = input.piece().data();
  stream.avail_in = input.piece().size();
  while (true) {
    if (stream.avail_in == 0 && input.next()) {
      stream.next_in = input.piece().data();
      stream.avail_in = input.piece().size();
    }
    const size_t chunk = next_chunk(out.size(), max_output);
    stream.next_out = scratch.data();
    stream.avail_out = chunk;
    // LZMA_FINISH only once the last piece is loaded: it tells the decoder no more input will come.
    lzma_ret result = lzma_code(&stream, input.more() ? LZMA_RUN : LZMA_FINISH);
    append(out, scratch, chunk - stream.avail_out);
    uint64_t consumed = input.piece_offset() + input.piece().size() - stream.avail_in;
    if (result == LZMA_STREAM_END) break;
    if (result == LZMA_MEMLIMIT_ERROR) {
      lzma_end(&stream);
      throw FormatError(source, consumed,
                        fmt::format("the xz stream's dictionary needs more than the {} MiB of decoder memory any xz "
                                    "preset uses",
                                    kXzDecoderMemory >> 20));
    }
    if (result != LZMA_OK) {
      lzma_end(&stream);
      const char* why = result == LZMA_BUF_ERROR ? "truncated: the xz stream ends early" : "xz stream is corrupt";
      throw FormatError(source, consumed, fmt::format("{} (liblzma code {})", why, static_cast<int>(result)));
    }
    if (out.size() > max_output) {
      lzma_end(&stream);
      if (!allow_prefix) too_large(source, max_output);
      out.resize(max_output);
      return out;
    }
  }
  lzma_end(&stream);
  if (out.size() > max_output) {
    if (!allow_prefix) too_large(source, max_output);
    out.resize(max_output);
  }
  return out;
}

}  // namespace

Compression detect_compression(std::span<const uint8_t> data) {
  if (starts_with(data, kZstdMagic)) return Compression::kZstd;
  if (starts_with(data, kXzMagic)) return Compression::kXz;
  return Compression::kNone;
}

const char* compression_name(Compression compression) {
  switch (compression) {
    case Compression::kZstd: return "zstd";
    case Compression::kXz: return "xz";
    case Compression::kNone: break;
  }
  return "none";
}

std::vector<uint8_t> decompress(std::span<const uint8_t> data, Compression compression, const std::string& source,
                                uint64_t max_output, bool allow_prefix) {
  if (compression != Compression::kNone) {
    CompressedInput input(data);
    return decompress(input, compression, source, max_output, allow_prefix);
  }
  if (data.size() > max_output && !allow_prefix) too_large(source, max_output);
  return {data.begin(), data.begin() + static_cast<std::ptrdiff_t>(std::min<uint64_t>(data.size(), max_output))};
}

std::vector<uint8_t> decompress(CompressedInput& input, Compression compression, const std::string& source,
                                uint64_t max_output, bool allow_prefix) {
  switch (compression) {
    case Compression::kZstd: return zstd_decompress(input, source, max_output, allow_prefix);
    case Compression::kXz: return xz_decompress(input, source, max_output, allow_prefix);
    case Compression::kNone: break;
  }
  throw std::invalid_argument("decompress: the input is not compressed (read such a file whole)");
}

std::vector<uint8_t> decompress_if_compressed(std::span<const uint8_t> data, const std::string& source,
                                              uint64_t max_output) {
  return decompress(data, detect_compression(data), source, max_output);
}

}  // namespace gcvu::formats
