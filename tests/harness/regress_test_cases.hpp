#pragma once
// Small regress case trees built in a temporary folder from the repository's and the corpus's own files: golden
// case folders copied from golden/, and golden-pcsx2 dumps copied with PCSX2's references (or another case's, to
// make a case that must fail).

#include <filesystem>
#include <string>

namespace gcvu::test {

// golden-pcsx2/<name>'s dump and references copied into `folder` (created): a gs-dump case PCSX2's output checks.
void copy_corpus_case(const std::string& name, const std::filesystem::path& folder);

// `dump_case`'s dump with `reference_case`'s references: a gs-dump case that cannot match.
void copy_mismatched_case(const std::string& dump_case, const std::string& reference_case,
                          const std::filesystem::path& folder);

// golden/<name> copied to `folder`.
void copy_golden_case(const std::string& name, const std::filesystem::path& folder);

}  // namespace gcvu::test
