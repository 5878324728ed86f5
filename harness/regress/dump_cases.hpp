#pragma once
// Finding GS dump cases: a dump and, per VSync N, the GS memory (vram) and/or displayed frame it must produce.
//
// - golden-pcsx2: a folder holding manifest.tsv in the layout of ../shared/golden-pcsx2 (reference_corpus.hpp);
//   one case per manifest row, its references as the manifest lists them.
// - gs-dump: any NAME.gs, NAME.gs.zst or NAME.gs.xz with references found by name: vram_N.bin.zst, vram_N.bin or
//   vram_NNNNN.bin for the memory, frame_N.png or frame_NNNNN.png for the frame (the corpus's names and the ones
//   `gcvu replay --out DIR --vram` writes), N counted from 0 with no gaps. They are looked up in the folder NAME/
//   beside the dump when it exists, else beside the dump when it is the only dump in its folder.

#include <filesystem>
#include <vector>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

std::vector<RegressCase> find_corpus_cases(const std::filesystem::path& folder);
std::vector<RegressCase> find_dump_cases(const std::filesystem::path& folder);

// "scene.gs.zst" -> "scene"; an empty string when the name is not a GS dump's.
std::string gs_dump_stem(const std::filesystem::path& file);

}  // namespace gcvu::harness
