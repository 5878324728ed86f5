#pragma once
// One case of `gcvu regress` (a golden case folder, a GS dump with its references, a vutrace trace), the options
// every case runs with, and what running it found.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "emu/gs/gs_config.hpp"
#include "harness/replay/region_pictures.hpp"

namespace gcvu::harness {

struct RegressCase {
  std::string kind{};          // a name from the kind table (case_kinds.hpp)
  std::string name{};          // shown in progress lines and the report
  std::filesystem::path path{};  // what identifies the case: cases are sorted, sharded and filtered by it
  std::string description{};   // may be empty
  // Dump kinds: the dump and each VSync's references, in order (an empty path: no such reference for that VSync).
  std::filesystem::path dump{};
  std::vector<std::filesystem::path> vram{};
  std::vector<std::filesystem::path> frames{};
  // What made discovery unable to set the case up (a broken manifest row, a missing reference between two present
  // ones): running it reports this as an error, and the other cases run.
  std::string error{};
};

struct RegressOptions {
  gs::GsConfig gs{};                 // the replaying GS (the CLI sets threads = 1 when cases run in parallel)
  std::filesystem::path shared_dir{};  // substituted for {shared} in golden cases
  bool pictures = true;              // encode reference / ours / diff PNGs of a failing case's first bad VSync
  bool localise = true;              // name the differing bytes of the first 3 failing VSyncs (replays the case again)
};

enum class CaseStatus : uint8_t { kPassed, kFailed, kError, kSkipped };
const char* case_status_name(CaseStatus status);  // "PASS", "FAIL", "ERROR", "SKIP"

// One VSync of a dump case against its references.
struct VsyncOutcome {
  uint32_t index = 0;
  std::optional<uint64_t> differing_bytes{};  // of the 4 MiB memory; nullopt when there is no memory reference
  std::optional<uint64_t> first_differing_byte{};
  std::optional<uint64_t> differing_pixels{};  // of the displayed frame; nullopt when there is no frame reference
  // When memory differs: the differing bytes named (buffer, format, pixel, lanes, last writer; mismatch_locator.hpp).
  std::string localisation{};
  std::optional<RegionPictures> region{};  // with RegressOptions::pictures: the differing region, decoded
  bool matches() const { return differing_bytes.value_or(0) == 0 && differing_pixels.value_or(0) == 0; }
};

// A PNG of a whole frame and one of a small window around the first differing pixel (empty when none differs).
struct FramePicture {
  std::vector<uint8_t> whole{};
  std::vector<uint8_t> zoom{};
};

// The first differing VSync's displayed frame: PCSX2's, ours and the diff picture.
struct FailurePictures {
  uint32_t vsync = 0;
  FramePicture reference{};
  FramePicture ours{};
  FramePicture diff{};
  std::optional<std::pair<uint32_t, uint32_t>> first_pixel{};  // x, y of the first differing pixel
  uint32_t zoom_x = 0;  // the zoom window: top-left corner and side (at most; clipped at the frame's edge)
  uint32_t zoom_y = 0;
  uint32_t zoom_side = 0;
  std::string note{};  // e.g. the frames agree and the difference is elsewhere in memory
};

struct CaseResult {
  CaseStatus status = CaseStatus::kPassed;
  std::vector<VsyncOutcome> vsyncs{};
  std::vector<std::string> messages{};  // why it failed, errored or was skipped
  std::optional<FailurePictures> pictures{};
  double seconds = 0;
  uint64_t differing_bytes() const;   // summed over the VSyncs
  uint64_t differing_pixels() const;  // summed over the VSyncs
};

}  // namespace gcvu::harness
