#pragma once
// One folder's cases.tsv of VIF1 hardware cases (format: shared/vectors/vif/README.md): each row's stream file,
// starting state, checks and the values the PS2 printed.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "emu/vif/vif1_registers.hpp"

namespace gcvu::harness {

// One `regs_init` item, applied in order.
struct CaseInit {
  enum class Kind : uint8_t { kReset, kRegister, kPath3Mask } kind = Kind::kReset;
  vif::Vif1Reg reg = vif::Vif1Reg::kStat;  // kRegister
  uint32_t value = 0;                      // kRegister: the value; kPath3Mask: 0 or 1
};

// One `check` item with its `expected` values.
struct CaseCheck {
  enum class Kind : uint8_t { kVu, kRegister, kPath3Mask } kind = Kind::kVu;
  std::string text;  // the item as written, for messages
  // kVu: qwords first .. first+count-1, the lanes listed (0 = x .. 3 = w).
  uint32_t first = 0;
  uint32_t count = 0;
  std::vector<int> lanes;
  // kRegister
  vif::Vif1Reg reg = vif::Vif1Reg::kStat;
  uint32_t mask = 0xffffffffu;
  std::vector<uint32_t> expected;  // kVu: count·lanes words, qword by qword; else one value
};

struct VifCase {
  std::string name;
  std::filesystem::path stream;     // the .vif file, next to cases.tsv
  uint64_t line = 0;                // its line in cases.tsv
  std::optional<uint32_t> vu_fill;  // nullopt for `any`
  std::vector<CaseInit> init;
  std::vector<CaseCheck> checks;
  // truncated_* cases reached VIF1 in two transfers split at this byte (README: "feed in two chunks at byte 128").
  std::optional<size_t> split_at;
};

// Parses `text` (the contents of `path`). Throws formats::FormatError naming the path, the byte offset of the bad
// field, its line and column, and the rule.
std::vector<VifCase> parse_vif_cases(std::string_view text, const std::filesystem::path& path);

}  // namespace gcvu::harness
