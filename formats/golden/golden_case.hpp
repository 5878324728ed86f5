#pragma once
// The golden-case manifest (golden/<case>/case.json): what to run, what it must produce, and where the
// expected values come from. Format: golden/README.md.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gcvu::formats {

// A case.json is a few KiB; 1 MiB (a gcvu rule) leaves room for long command lists and notes.
inline constexpr uint64_t kMaxGoldenCaseBytes = uint64_t{1} << 20;
// An input or output a case hashes: memory images, frames and small dumps. 256 MiB (a gcvu rule, 8x EE RAM, the
// largest memory image gcvu writes) is far above any case's file.
inline constexpr uint64_t kMaxGoldenFileBytes = uint64_t{256} << 20;

enum class Provenance { kHardware, kPcsx2Software, kHandWorked, kRegressionBaseline };

// How an expected file is hashed: its bytes, or (for PNGs) its decoded 8-bit RGBA pixels.
enum class HashOf { kBytes, kPixels };

struct GoldenFile {
  std::string file;      // relative to the case folder (inputs) or the output folder (outputs)
  std::string xxh3_128;  // 32 lower-case hex digits
  HashOf hash_of = HashOf::kBytes;
};

struct GoldenCase {
  std::string name;
  std::string description;
  Provenance provenance = Provenance::kRegressionBaseline;
  std::string pcsx2_commit;  // for kPcsx2Software
  std::string provenance_note;
  std::vector<std::string> command;  // gcvu arguments; {case}, {out} and {shared} are substituted
  int exit_code = 0;
  std::vector<GoldenFile> inputs;
  std::vector<GoldenFile> outputs;
  std::vector<std::string> stdout_contains;
};

std::string provenance_text(const GoldenCase& golden);

// Parses case.json. Throws FormatError naming `source`, the byte offset of a JSON syntax error (or 0) and the
// rule that failed: unknown keys, missing fields, malformed hashes and unknown provenance are all errors.
GoldenCase parse_golden_case(std::span<const uint8_t> json, const std::string& source, const std::string& default_name);

// Serialises a case back to JSON (used by --rebaseline); parse(write(c)) == c.
std::string write_golden_case(const GoldenCase& golden);

}  // namespace gcvu::formats
