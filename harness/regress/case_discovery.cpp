#include "harness/regress/case_discovery.hpp"

#include <algorithm>

#include "formats/core/format_error.hpp"
#include "harness/regress/case_kind.hpp"

namespace gcvu::harness {

namespace fs = std::filesystem;

namespace {

struct FoundCase {
  RegressCase regress_case;
  size_t priority = 0;  // the kind's position in case_kinds()
};

void find_in_folder(const fs::path& folder, std::vector<FoundCase>& found) {
  const auto kinds = case_kinds();
  for (size_t k = 0; k < kinds.size(); ++k) {
    std::vector<RegressCase> cases = kinds[k].find(folder);
    const bool owned = kinds[k].owns_folder && !cases.empty();
    for (RegressCase& c : cases) found.push_back({std::move(c), k});
    if (owned) return;
  }
}

void find_in_tree(const fs::path& root, std::vector<FoundCase>& found) {
  find_in_folder(root, found);
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied);
       it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory()) find_in_folder(it->path(), found);
  }
}

// A root naming one file: the case its folder's kinds find for exactly that file.
void find_file_case(const fs::path& file, std::vector<FoundCase>& found) {
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  std::vector<FoundCase> in_folder;
  find_in_folder(folder, in_folder);
  bool any = false;
  for (FoundCase& candidate : in_folder) {
    if (candidate.regress_case.path.filename() != file.filename()) continue;
    candidate.regress_case.path = file;
    found.push_back(std::move(candidate));
    any = true;
  }
  if (!any) {
    throw formats::FormatError(file.string(), 0,
                               "not a case: expected a folder, a case.json, a manifest.tsv, a GS dump (.gs, .gs.zst, "
                               ".gs.xz) or a vutrace trace (VUTR or headerless version 1)");
  }
}

}  // namespace

std::vector<RegressCase> find_regress_cases(std::span<const fs::path> roots) {
  std::vector<FoundCase> found;
  for (const fs::path& root : roots) {
    if (!fs::exists(root)) throw formats::FormatError(root.string(), 0, "no such file or folder");
    if (fs::is_directory(root)) {
      find_in_tree(root, found);
    } else if (root.filename() == "case.json" || root.filename() == "manifest.tsv") {
      find_in_tree(root.has_parent_path() ? root.parent_path() : fs::path("."), found);
    } else {
      find_file_case(root, found);
    }
  }
  std::stable_sort(found.begin(), found.end(), [](const FoundCase& a, const FoundCase& b) {
    if (a.regress_case.path != b.regress_case.path) return a.regress_case.path < b.regress_case.path;
    return a.priority < b.priority;
  });
  std::vector<RegressCase> cases;
  for (FoundCase& f : found) {
    if (!cases.empty() && cases.back().path == f.regress_case.path) continue;
    cases.push_back(std::move(f.regress_case));
  }
  return cases;
}

}  // namespace gcvu::harness
