#pragma once
// The `gcvu regress --report` page: one self-contained HTML file (styles inline, pictures as base64 data: URIs)
// with the summary counts, a table of every case (status, kind, per-VSync differing bytes/pixels, time) and, for
// each failing case, its messages and the reference / ours / diff pictures of its first differing VSync. Every
// piece of text from a case (names, paths, messages) is escaped.

#include <span>
#include <string>

#include "harness/regress/regress_case.hpp"

namespace gcvu::harness {

struct ReportHeading {
  std::string command_line{};  // how the run was invoked
  std::string shard{};         // "I/N", or empty for the whole corpus
  unsigned jobs = 1;
  double seconds = 0;  // wall time of the whole run
};

// `results[i]` belongs to `cases[i]`.
std::string render_html_report(std::span<const RegressCase> cases, std::span<const CaseResult> results,
                               const ReportHeading& heading);

}  // namespace gcvu::harness
