#pragma once
// Identifies a file by its content, for `gcvu info`: which of the formats gcvu knows it is, and a short
// summary. Deeper summaries belong to each format's own reader.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "formats/pcsx2/vutrace.hpp"

#include "formats/compress/decompress.hpp"
#include "formats/pcsx2/gs_dump.hpp"

namespace gcvu::formats {

enum class FileKind {
  kUnknown,
  kPng,
  kGsDump,
  kSaveState,
  kVuTrace,
  kVuMemoryImage,
  kGsMemoryImage,
  kEeMemoryImage,
  kRc2CoreIndex,
};

const char* file_kind_name(FileKind kind);

struct Identification {
  FileKind kind = FileKind::kUnknown;
  Compression compression = Compression::kNone;
  std::string description;           // one line: what the file is
  std::vector<std::string> details;  // "key: value" lines
  // kGsDump: the dump, read whole once, for reports that look deeper (the GIF census of `gcvu info`).
  std::shared_ptr<const GsDump> gs_dump;
};

// Never throws for unrecognised data (kind stays kUnknown); throws FormatError when the file is recognised
// by its magic but is malformed (for example a truncated zstd stream or a GS dump header that breaks a rule).
// A vutrace trace (recognised by its magic, or a headerless version-1 one by content) is read within
// `vutrace_limits`; what its reader tolerated is listed among the details as "warning: ..." lines.
Identification identify(std::span<const uint8_t> data, const std::string& source,
                        const VutraceLimits& vutrace_limits = {});

}  // namespace gcvu::formats
