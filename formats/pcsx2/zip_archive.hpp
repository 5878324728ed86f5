#pragma once
// Read-only access to a zip archive held in memory (PCSX2 save states are zip files), through libzip.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gcvu::formats {

struct ZipEntry {
  std::string name;
  uint64_t size = 0;  // uncompressed
  uint64_t compressed_size = 0;
  uint16_t method_id = 0;
  std::string method;  // "stored", "deflate", "zstd", or "method N"
  uint32_t crc = 0;    // CRC-32 of the uncompressed data, from the central directory
};

bool looks_like_zip(std::span<const uint8_t> data);

class ZipArchive {
 public:
  // `data` must outlive the archive. Throws FormatError naming `source` if libzip rejects the archive.
  ZipArchive(std::span<const uint8_t> data, std::string source);
  ~ZipArchive();
  ZipArchive(const ZipArchive&) = delete;
  ZipArchive& operator=(const ZipArchive&) = delete;

  const std::vector<ZipEntry>& entries() const { return entries_; }
  bool contains(std::string_view name) const;
  // The entry's central directory record, checked as read() checks it before anything is allocated: it exists,
  // its uncompressed size is within the limit, a stored entry holds that many bytes, its method is one gcvu reads,
  // and a zstd entry's compressed size is at most what a zstd encoder writes for that size (ZSTD_compressBound).
  // Throws FormatError as read() does.
  const ZipEntry& check(std::string_view name) const;
  // The whole uncompressed entry. Stored and deflate entries are read through libzip; zstd entries (method 93,
  // PCSX2's default, which Debian 12's libzip 1.7.3 cannot decompress) are read raw and decompressed here.
  // Throws FormatError naming `source` for a missing entry, and "<source>:<name>" for an unsupported method,
  // corrupt data, or data whose size or CRC-32 differs from the central directory's. Offsets in those messages
  // are inside the entry's data (compressed data for a zstd stream fault).
  std::vector<uint8_t> read(std::string_view name) const;
  // read()'s limit on an entry's uncompressed size (no PCSX2 save state entry comes near it).
  static constexpr uint64_t kMaxEntrySize = uint64_t{256} << 20;

 private:
  struct Handle;
  std::vector<uint8_t> read_through_libzip(const ZipEntry& entry, uint64_t index, const std::string& where) const;
  std::vector<uint8_t> read_zstd(const ZipEntry& entry, uint64_t index, const std::string& where) const;

  std::unique_ptr<Handle> handle_;
  std::string source_;
  std::vector<ZipEntry> entries_;
};

}  // namespace gcvu::formats
