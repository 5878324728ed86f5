#include "formats/core/file_io.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "formats/core/format_error.hpp"
#include "formats/core/huge_pages.hpp"

namespace gcvu::formats {

OpenedFile open_file(const std::filesystem::path& path, uint64_t max_bytes) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw FormatError(path.string(), 0, "is a directory, not a file");
  OpenedFile file{std::ifstream(path, std::ios::binary), 0};
  std::ifstream& in = file.stream;
  if (!in) throw FormatError(path.string(), 0, fmt::format("cannot open: {}", std::strerror(errno)));
  in.seekg(0, std::ios::end);
  auto end = in.tellg();
  if (end < 0) throw FormatError(path.string(), 0, "cannot determine the file size");
  file.size = static_cast<uint64_t>(end);
  if (file.size > max_bytes) {
    throw FormatError(path.string(), 0,
                      fmt::format("file is {} bytes, more than the {} this reader accepts", file.size, max_bytes));
  }
  in.seekg(0);
  return file;
}

std::vector<uint8_t> read_file(const std::filesystem::path& path, uint64_t max_bytes) {
  OpenedFile file = open_file(path, max_bytes);
  return read_opened_file(file, path);
}

std::vector<uint8_t> read_opened_file(OpenedFile& file, const std::filesystem::path& path) {
  file.stream.clear();
  file.stream.seekg(0);
  std::vector<uint8_t> data;
  reserve_with_huge_pages(data, static_cast<size_t>(file.size));
  data.resize(static_cast<size_t>(file.size));
  if (!file.stream.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(file.size))) {
    throw FormatError(path.string(), static_cast<uint64_t>(file.stream.gcount()),
                      "read failed before the end of the file");
  }
  return data;
}

void write_file(const std::filesystem::path& path, std::span<const uint8_t> data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw FormatError(path.string(), 0, fmt::format("cannot create: {}", std::strerror(errno)));
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
  out.close();
  if (!out) throw FormatError(path.string(), 0, "write failed");
}

}  // namespace gcvu::formats
