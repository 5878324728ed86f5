#include "harness/regress/case_kind.hpp"

#include <array>

#include "harness/regress/dump_case_runner.hpp"
#include "harness/regress/dump_cases.hpp"
#include "harness/regress/golden_cases.hpp"
#include "harness/regress/trace_cases.hpp"

namespace gcvu::harness {

std::span<const CaseKind> case_kinds() {
  static constexpr std::array kKinds = {
      CaseKind{"golden", "a golden case folder (case.json, golden/README.md)", find_golden_folder_case,
               run_golden_folder_case, true},
      CaseKind{"golden-pcsx2", "a row of a manifest.tsv corpus (../shared/golden-pcsx2): a GS dump and PCSX2's "
                               "vram_N/frame_N references",
               find_corpus_cases, run_dump_case},
      CaseKind{"gs-dump", "a GS dump (.gs, .gs.zst, .gs.xz) with vram_N/frame_N references beside it",
               find_dump_cases, run_dump_case},
      CaseKind{"vutrace", "a vutrace VU1 trace, found by content (VUTR, or a headerless version-1 trace)",
               find_trace_cases, run_trace_case},
  };
  return kKinds;
}

const CaseKind* find_case_kind(std::string_view name) {
  for (const CaseKind& kind : case_kinds()) {
    if (kind.name == name) return &kind;
  }
  return nullptr;
}

}  // namespace gcvu::harness
