#pragma once
// A corpus of PCSX2 GS dumps with PCSX2's reference output beside them, in the layout of ../shared/golden-pcsx2
// (its README): `manifest.tsv` with one row per case, `<case>/<dump>`, `<case>/vram_N.bin.zst` (the 4 MiB GS memory
// after VSync N) and `<case>/frame_N.png`.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace gcvu::harness {

struct ReferenceCase {
  std::string name;
  std::filesystem::path dump;
  uint32_t vsyncs = 0;
  std::vector<std::filesystem::path> vram;    // per VSync, in order
  std::vector<std::filesystem::path> frames;  // per VSync, in order
  std::string description;
  // Set when the row breaks the manifest's rules (missing columns, a vsyncs count that disagrees with the reference
  // lists): "manifest.tsv: offset 0x..: line N: rule". The other rows are still read, so one bad row costs one case.
  std::string error;
};

// Reads `dir/manifest.tsv`, one case per row (a row that breaks the rules is a case carrying its error). Throws
// FormatError when the manifest itself cannot be read.
std::vector<ReferenceCase> read_reference_corpus(const std::filesystem::path& dir);

// A reference memory image (zstd, xz or raw), checked to be exactly 4 MiB.
std::vector<uint8_t> read_reference_vram(const std::filesystem::path& path);

}  // namespace gcvu::harness
