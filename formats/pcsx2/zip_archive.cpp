#include "formats/pcsx2/zip_archive.hpp"

#include <cstring>

#include <fmt/format.h>
#include <zip.h>

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
    zip_error_fini(&error);
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

std::vector<uint8_t> ZipArchive::read_stored_prefix(std::string_view name, size_t max_bytes) const {
  std::string key(name);
  zip_int64_t index = zip_name_locate(handle_->archive, key.c_str(), 0);
  if (index < 0) return {};
  zip_stat_t stat;
  if (zip_stat_index(handle_->archive, static_cast<zip_uint64_t>(index), 0, &stat) != 0 ||
      stat.comp_method != ZIP_CM_STORE) {
    return {};
  }
  zip_file_t* file = zip_fopen_index(handle_->archive, static_cast<zip_uint64_t>(index), 0);
  if (file == nullptr) return {};
  std::vector<uint8_t> out(std::min<uint64_t>(max_bytes, stat.size));
  zip_int64_t got = zip_fread(file, out.data(), out.size());
  zip_fclose(file);
  out.resize(got < 0 ? 0 : static_cast<size_t>(got));
  return out;
}

}  // namespace gcvu::formats
