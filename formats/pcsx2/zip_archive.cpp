#include "formats/pcsx2/zip_archive.hpp"

#include <cstring>

#include <fmt/format.h>
#include <zip.h>
#include <zlib.h>
#include <zstd.h>

#include "formats/compress/decompress.hpp"
#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {
// libzip's id for Zstandard entries; Debian 12's libzip 1.7.3 predates the ZIP_CM_ZSTD constant.
constexpr uint16_t kZipMethodZstd = 93;

std::string method_name(uint16_t method) {
  switch (method) {
    case ZIP_CM_STORE: return "stored";
    case ZIP_CM_DEFLATE: return "deflate";
    case kZipMethodZstd: return "zstd";
    default: return fmt::format("method {}", method);
  }
}
}  // namespace

struct ZipArchive::Handle {
  zip_t* archive = nullptr;
  ~Handle() {
    if (archive != nullptr) zip_discard(archive);
  }
};

bool looks_like_zip(std::span<const uint8_t> data) {
  return data.size() >= 4 && std::memcmp(data.data(), "PK\x03\x04", 4) == 0;
}

ZipArchive::ZipArchive(std::span<const uint8_t> data, std::string source)
    : handle_(std::make_unique<Handle>()), source_(std::move(source)) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* zip_source = zip_source_buffer_create(data.data(), data.size(), 0, &error);
  if (zip_source == nullptr) {
    std::string message = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw FormatError(source_, 0, fmt::format("zip: {}", message));
  }
  handle_->archive = zip_open_from_source(zip_source, ZIP_RDONLY | ZIP_CHECKCONS, &error);
  if (handle_->archive == nullptr) {
    zip_source_free(zip_source);
    std::string message = zip_error_strerror(&error);
    bool no_directory = zip_error_code_zip(&error) == ZIP_ER_NOZIP;
    zip_error_fini(&error);
    // A zip is found from its end record, so data that begins like a zip but has none was most likely cut short.
    if (no_directory && looks_like_zip(data)) {
      throw FormatError(source_, data.size(),
                        fmt::format("truncated zip archive: no end of central directory record ({})", message));
    }
    throw FormatError(source_, 0, fmt::format("not a readable zip archive: {}", message));
  }
  zip_error_fini(&error);
  zip_int64_t count = zip_get_num_entries(handle_->archive, 0);
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t stat;
    if (zip_stat_index(handle_->archive, static_cast<zip_uint64_t>(i), 0, &stat) != 0) continue;
    ZipEntry entry;
    entry.name = stat.name != nullptr ? stat.name : "";
    entry.size = stat.size;
    entry.compressed_size = stat.comp_size;
    entry.method_id = stat.comp_method;
    entry.method = method_name(stat.comp_method);
    entry.crc = stat.crc;
    entries_.push_back(std::move(entry));
  }
}

ZipArchive::~ZipArchive() = default;

bool ZipArchive::contains(std::string_view name) const {
  for (const ZipEntry& entry : entries_) {
    if (entry.name == name) return true;
  }
  return false;
}

const ZipEntry& ZipArchive::check(std::string_view name) const {
  const ZipEntry* entry = nullptr;
  for (const ZipEntry& candidate : entries_) {
    if (candidate.name == name) entry = &candidate;
  }
  if (entry == nullptr) throw FormatError(source_, 0, fmt::format("missing entry \"{}\"", name));
  std::string where = fmt::format("{}:{}", source_, name);
  if (entry->size > kMaxEntrySize) {
    throw FormatError(where, 0,
                      fmt::format("entry size {} bytes exceeds the {}-byte limit", hex_offset(entry->size),
                                  hex_offset(kMaxEntrySize)));
  }
  switch (entry->method_id) {
    case ZIP_CM_STORE:
      if (entry->compressed_size != entry->size) {
        throw FormatError(where, 0,
                          fmt::format("stored entry holds {} bytes, but its uncompressed size is {}",
                                      entry->compressed_size, entry->size));
      }
      break;
    case ZIP_CM_DEFLATE: break;  // read through libzip in pieces: nothing is sized from the compressed size
    case kZipMethodZstd: {
      // The compressed data is read whole into a buffer of this size, so it is bounded by what it can decompress
      // to: a zstd encoder never writes more than ZSTD_compressBound(size) bytes for `size` bytes of content.
      const uint64_t bound = ZSTD_compressBound(static_cast<size_t>(entry->size));
      if (entry->compressed_size > bound) {
        throw FormatError(where, 0,
                          fmt::format("zstd entry has {} bytes of compressed data, more than the {} a zstd encoder "
                                      "writes for its {} bytes (ZSTD_compressBound)",
                                      entry->compressed_size, bound, entry->size));
      }
      break;
    }
    default:
      throw FormatError(where, 0,
                        fmt::format("unsupported compression {} (supported: stored, deflate, zstd)", entry->method));
  }
  return *entry;
}

std::vector<uint8_t> ZipArchive::read(std::string_view name) const {
  const ZipEntry& entry = check(name);
  std::string key(name);
  std::string where = fmt::format("{}:{}", source_, name);
  zip_int64_t index = zip_name_locate(handle_->archive, key.c_str(), 0);
  if (index < 0) throw FormatError(source_, 0, fmt::format("missing entry \"{}\"", name));
  if (entry.method_id == kZipMethodZstd) return read_zstd(entry, static_cast<uint64_t>(index), where);
  return read_through_libzip(entry, static_cast<uint64_t>(index), where);
}

std::vector<uint8_t> ZipArchive::read_through_libzip(const ZipEntry& entry, uint64_t index,
                                                     const std::string& where) const {
  zip_file_t* file = zip_fopen_index(handle_->archive, index, 0);
  if (file == nullptr) {
    throw FormatError(where, 0, fmt::format("cannot open entry: {}", zip_strerror(handle_->archive)));
  }
  std::vector<uint8_t> out(entry.size);
  uint64_t done = 0;
  // Reading on past the expected size makes libzip reach the end of the data, where it checks the CRC-32.
  uint8_t extra = 0;
  while (true) {
    bool filling = done < out.size();
    zip_int64_t got = filling ? zip_fread(file, out.data() + done, out.size() - done) : zip_fread(file, &extra, 1);
    if (got < 0) {
      std::string message = zip_file_strerror(file);
      zip_fclose(file);
      throw FormatError(where, done, fmt::format("{} data is corrupt: {}", entry.method, message));
    }
    if (got == 0) break;
    if (!filling) {
      zip_fclose(file);
      throw FormatError(where, done,
                        fmt::format("entry holds more than the {} bytes the central directory gives", entry.size));
    }
    done += static_cast<uint64_t>(got);
  }
  zip_fclose(file);
  if (done != entry.size) {
    throw FormatError(where, done,
                      fmt::format("truncated: entry data ends after {} of the {} bytes the central directory gives",
                                  done, entry.size));
  }
  return out;
}

std::vector<uint8_t> ZipArchive::read_zstd(const ZipEntry& entry, uint64_t index, const std::string& where) const {
  zip_file_t* file = zip_fopen_index(handle_->archive, index, ZIP_FL_COMPRESSED);
  if (file == nullptr) {
    throw FormatError(where, 0, fmt::format("cannot open entry: {}", zip_strerror(handle_->archive)));
  }
  std::vector<uint8_t> raw(entry.compressed_size);
  zip_int64_t got = raw.empty() ? 0 : zip_fread(file, raw.data(), raw.size());
  std::string message = got < 0 ? zip_file_strerror(file) : "";
  zip_fclose(file);
  if (got < 0) throw FormatError(where, 0, fmt::format("cannot read compressed data: {}", message));
  if (static_cast<uint64_t>(got) != raw.size()) {
    throw FormatError(where, static_cast<uint64_t>(got),
                      fmt::format("truncated: compressed data ends after {} of {} bytes", got, raw.size()));
  }
  // One byte more than expected is enough to tell a longer stream from a stream of the right size.
  std::vector<uint8_t> out = decompress(raw, Compression::kZstd, where, entry.size + 1, /*allow_prefix=*/true);
  if (out.size() != entry.size) {
    throw FormatError(where, 0,
                      fmt::format("zstd data decompresses to {}{} bytes, the central directory gives {}",
                                  out.size() > entry.size ? "more than " : "",
                                  std::min<uint64_t>(out.size(), entry.size), entry.size));
  }
  uint32_t crc = static_cast<uint32_t>(crc32(0L, out.data(), static_cast<uInt>(out.size())));
  if (crc != entry.crc) {
    throw FormatError(where, 0,
                      fmt::format("CRC-32 {:#010x} of the data, the central directory gives {:#010x}", crc, entry.crc));
  }
  return out;
}

}  // namespace gcvu::formats
