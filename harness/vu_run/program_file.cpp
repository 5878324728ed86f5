#include "harness/vu_run/program_file.hpp"

#include <algorithm>
#include <cctype>
#include <span>
#include <string>

#include <fmt/format.h>

#include "emu/vu/state/memory.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
#include "harness/cli/options.hpp"
#include "microcode/assembler/assembler.hpp"

namespace gcvu::harness {

namespace {

bool is_text_control(uint8_t byte) {
  return byte == '\t' || byte == '\n' || byte == '\v' || byte == '\f' || byte == '\r';
}

// Valid UTF-8 (no overlong forms, surrogates or code points above U+10FFFF) with no control byte but whitespace.
bool is_text(std::span<const uint8_t> content) {
  size_t n = 0;
  while (n < content.size()) {
    uint8_t lead = content[n];
    if (lead < 0x80) {
      if ((lead < 0x20 || lead == 0x7f) && !is_text_control(lead)) return false;
      ++n;
      continue;
    }
    size_t length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
    if (length == 0 || lead < 0xc2 || lead > 0xf4 || n + length > content.size()) return false;
    uint32_t code = lead & (0x7f >> length);
    for (size_t k = 1; k < length; ++k) {
      if ((content[n + k] & 0xc0) != 0x80) return false;
      code = code << 6 | (content[n + k] & 0x3fu);
    }
    const uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < smallest[length] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    n += length;
  }
  return true;
}

bool has_vsm_extension(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension == ".vsm";
}

// Program files and data images may be named by anything; refuse a huge file before reading it whole.
void check_size(const std::filesystem::path& path, uint64_t limit, std::string_view what) {
  std::error_code error;
  uint64_t size = std::filesystem::file_size(path, error);
  if (!error && size > limit) {
    throw formats::FormatError(
        path.string(), 0,
        fmt::format("{} is {} bytes; VU1 {} holds {} ({})", what, size,
                    what == "data image" ? "data memory" : "micro memory", limit, formats::hex_offset(limit)));
  }
}

}  // namespace

ProgramKind detect_program_kind(const std::filesystem::path& path, std::span<const uint8_t> content) {
  if (has_vsm_extension(path)) return ProgramKind::kSource;
  return is_text(content) ? ProgramKind::kSource : ProgramKind::kBinary;
}

ProgramImage load_program(const std::filesystem::path& path) {
  std::vector<uint8_t> content = formats::read_file(path, uint64_t{16} << 20);
  ProgramImage image;
  image.kind = detect_program_kind(path, content);
  if (image.kind == ProgramKind::kSource) {
    microcode::Program program = microcode::assemble_file(path);
    image.code = std::move(program.code);
    image.labels = std::move(program.labels);
    if (image.code.size() > vu::kMicroBytes) {
      throw formats::FormatError(path.string(), 0,
                                 fmt::format("the assembled program is {} bytes; VU1 micro memory holds {} ({})",
                                             image.code.size(), vu::kMicroBytes, formats::hex_offset(vu::kMicroBytes)));
    }
  } else {
    check_size(path, vu::kMicroBytes, "program image");
    if (content.size() % 8 != 0) {
      throw formats::FormatError(path.string(), content.size() & ~uint64_t{7},
                                 fmt::format("program image is {} bytes, not a whole number of 8-byte instruction "
                                             "pairs (a .vsm source must be text or be named *.vsm)",
                                             content.size()));
    }
    image.code = std::move(content);
  }
  if (image.code.empty()) throw formats::FormatError(path.string(), 0, "the program is empty");
  return image;
}

std::vector<uint8_t> load_data_image(const std::filesystem::path& path) {
  check_size(path, vu::kDataBytes, "data image");
  // The limit also catches a file that grew between the size check and the read.
  return formats::read_file(path, vu::kDataBytes);
}

uint32_t parse_start_address(std::string_view text) {
  const std::optional<uint64_t> parsed = parse_unsigned(text);
  if (!parsed) throw UsageError(fmt::format("--start '{}' is not a byte address (decimal, or hex with 0x)", text));
  const uint64_t value = *parsed;
  if (value % 8 != 0 || value >= vu::kMicroBytes) {
    throw UsageError(fmt::format("--start {} must be a multiple of 8 below {} (a byte address of an instruction pair)",
                                 text, formats::hex_offset(vu::kMicroBytes)));
  }
  return static_cast<uint32_t>(value / 8);
}

}  // namespace gcvu::harness
