#include "harness/regress/html_report.hpp"

#include <array>

#include <fmt/format.h>

#include "formats/core/base64.hpp"
#include "harness/regress/html_escape.hpp"

namespace gcvu::harness {

namespace {

constexpr std::string_view kStyle = R"(
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2430; background: #f4f6f9;
       margin: 0; padding: 24px 32px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 10px; }
code, .mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
.muted { color: #667085; }
.counts { display: flex; gap: 12px; margin: 16px 0 6px; flex-wrap: wrap; }
.count { background: #fff; border: 1px solid #dde2ea; border-radius: 8px; padding: 10px 18px; min-width: 90px; }
.count b { display: block; font-size: 24px; }
.count.PASS b { color: #157f3b; } .count.FAIL b { color: #c62828; } .count.ERROR b { color: #b54708; }
.count.SKIP b { color: #667085; }
table { border-collapse: collapse; background: #fff; border: 1px solid #dde2ea; width: 100%; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid #eef1f5; vertical-align: top; }
th { background: #eef1f5; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.badge { display: inline-block; border-radius: 4px; padding: 0 7px; font-size: 12px; font-weight: 700; color: #fff; }
.badge.PASS { background: #1f9d55; } .badge.FAIL { background: #d32f2f; } .badge.ERROR { background: #d97706; }
.badge.SKIP { background: #98a2b3; }
tr.FAIL td, tr.ERROR td { background: #fff6f5; }
.case { background: #fff; border: 1px solid #dde2ea; border-left: 4px solid #d32f2f; border-radius: 6px;
        padding: 12px 16px; margin: 0 0 18px; }
.case.ERROR { border-left-color: #d97706; }
.case h3 { margin: 0 0 4px; font-size: 16px; }
.case ul { margin: 6px 0; padding-left: 20px; }
.pictures { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; margin-top: 10px; }
figure { margin: 0; }
figure img { width: 100%; image-rendering: pixelated; border: 1px solid #c9d0da; background: #000; }
figure img.zoom { width: 50%; margin-top: 8px; display: block; }
figcaption { font-size: 12px; color: #475467; margin-bottom: 3px; font-weight: 600; }
pre.located { white-space: pre-wrap; margin: 4px 0; font-size: 12px; }
.region { margin-top: 12px; }
figure img.buffer-region { width: auto; max-width: 100%; }
)";

const char* status_class(CaseStatus status) { return case_status_name(status); }

std::string vsync_summary(const CaseResult& result) {
  if (result.vsyncs.empty()) return "";
  size_t matching = 0;
  for (const VsyncOutcome& vsync : result.vsyncs) matching += vsync.matches();
  if (matching == result.vsyncs.size()) {
    return fmt::format("{} VSync{} match", matching, matching == 1 ? "" : "s");
  }
  std::string text;
  for (const VsyncOutcome& vsync : result.vsyncs) {
    if (!text.empty()) text += "<br>";
    text += fmt::format("{}: ", vsync.index);
    if (vsync.matches()) {
      text += "match";
      continue;
    }
    text += vsync.differing_bytes ? fmt::format("{} B", *vsync.differing_bytes) : "&ndash; B";
    text += vsync.differing_pixels ? fmt::format(", {} px", *vsync.differing_pixels) : ", &ndash; px";
  }
  return text;
}

std::string data_uri(const std::vector<uint8_t>& png) { return "data:image/png;base64," + formats::encode_base64(png); }

std::string picture(const char* caption, const FramePicture& frame, const std::string& alt) {
  std::string html = fmt::format("<figure><figcaption>{}</figcaption><img src=\"{}\" alt=\"{}\">", caption,
                                 data_uri(frame.whole), escape_html(alt));
  if (!frame.zoom.empty()) {
    html += fmt::format("<img class=\"zoom\" src=\"{}\" alt=\"{} (enlarged)\">", data_uri(frame.zoom), escape_html(alt));
  }
  return html + "</figure>";
}

std::string failure_section(size_t position, const RegressCase& c, const CaseResult& result) {
  std::string html = fmt::format("<section class=\"case {}\" id=\"case-{}\">\n", status_class(result.status), position);
  html += fmt::format("<h3><span class=\"badge {0}\">{0}</span> {1} <span class=\"muted\">({2})</span></h3>\n",
                      status_class(result.status), escape_html(c.name), escape_html(c.kind));
  html += fmt::format("<div class=\"mono muted\">{}</div>\n", escape_html(c.path.string()));
  if (!c.description.empty()) html += fmt::format("<div>{}</div>\n", escape_html(c.description));
  if (!result.messages.empty()) {
    html += "<ul>\n";
    for (const std::string& message : result.messages) {
      // Multi-line messages (the differing bytes named by buffer, pixel and last writer) keep their lines.
      html += message.find('\n') == std::string::npos ? fmt::format("<li>{}</li>\n", escape_html(message))
                                                      : fmt::format("<li><pre class=\"located\">{}</pre></li>\n",
                                                                    escape_html(message));
    }
    html += "</ul>\n";
  }
  for (const VsyncOutcome& vsync : result.vsyncs) {
    if (!vsync.region) continue;
    const RegionPictures& r = *vsync.region;
    html += fmt::format("<div class=\"region\"><div class=\"muted\">VSync {}: {}</div>\n<div class=\"pictures\">\n",
                        vsync.index, escape_html(r.caption));
    const auto region_picture = [&](const char* caption, const std::vector<uint8_t>& png) {
      return fmt::format("<figure><figcaption>{}</figcaption><img class=\"buffer-region\" src=\"{}\" alt=\"{} vsync {} "
                         "buffer region {}\"></figure>\n",
                         caption, data_uri(png), escape_html(c.name), vsync.index, caption);
    };
    html += region_picture("Reference (buffer region)", r.reference_png);
    html += region_picture("gcvu (buffer region)", r.ours_png);
    html += region_picture("Difference (buffer region)", r.diff_png);
    html += "</div></div>\n";
  }
  if (result.pictures) {
    const FailurePictures& p = *result.pictures;
    std::string where;
    if (p.first_pixel) {
      where = fmt::format(" First differing pixel: ({}, {}); below each frame, enlarged, the {}x{} pixels from ({}, {}).",
                          p.first_pixel->first, p.first_pixel->second, p.zoom_side, p.zoom_side, p.zoom_x,
                          p.zoom_y);
    }
    html += fmt::format("<div class=\"muted\">First differing VSync: {}.{} {}</div>\n", p.vsync, where,
                        escape_html(p.note));
    html += "<div class=\"pictures\">\n";
    html += picture("Reference", p.reference, fmt::format("{} vsync {} reference", c.name, p.vsync)) + "\n";
    html += picture("gcvu", p.ours, fmt::format("{} vsync {} gcvu", c.name, p.vsync)) + "\n";
    html += picture("Difference (red: differs, grey: reference dimmed)", p.diff,
                    fmt::format("{} vsync {} difference", c.name, p.vsync)) +
            "\n";
    html += "</div>\n";
  }
  html += "</section>\n";
  return html;
}

}  // namespace

std::string render_html_report(std::span<const RegressCase> cases, std::span<const CaseResult> results,
                               const ReportHeading& heading) {
  std::array<size_t, 4> counts{};
  for (const CaseResult& result : results) ++counts[static_cast<size_t>(result.status)];
  const size_t passed = counts[0], failed = counts[1], errors = counts[2], skipped = counts[3];

  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  html += fmt::format("<title>gcvu regress: {} passed, {} failed</title>\n", passed, failed + errors);
  html += fmt::format("<style>{}</style>\n</head>\n<body>\n", kStyle);
  html += "<h1>gcvu regress</h1>\n";
  html += fmt::format("<div class=\"mono muted\">{}</div>\n", escape_html(heading.command_line));
  html += "<div class=\"counts\">\n";
  for (const auto& [status, count] : std::array<std::pair<CaseStatus, size_t>, 4>{
           {{CaseStatus::kPassed, passed}, {CaseStatus::kFailed, failed}, {CaseStatus::kError, errors},
            {CaseStatus::kSkipped, skipped}}}) {
    static constexpr std::array kLabels = {"passed", "failed", "errors", "skipped"};
    html += fmt::format("<div class=\"count {}\"><b>{}</b>{}</div>\n", status_class(status), count,
                        kLabels[static_cast<size_t>(status)]);
  }
  html += "</div>\n";
  html += fmt::format("<div class=\"muted\">{} cases{}, {} job{}, {:.2f} s</div>\n", cases.size(),
                      heading.shard.empty() ? "" : fmt::format(" in shard {}", escape_html(heading.shard)),
                      heading.jobs, heading.jobs == 1 ? "" : "s", heading.seconds);

  if (failed + errors != 0) {
    html += "<h2>Failures</h2>\n";
    for (size_t i = 0; i < cases.size(); ++i) {
      if (results[i].status == CaseStatus::kFailed || results[i].status == CaseStatus::kError) {
        html += failure_section(i, cases[i], results[i]);
      }
    }
  }

  html += "<h2>All cases</h2>\n<table>\n";
  html += "<tr><th>status</th><th>kind</th><th>case</th><th>per VSync: differing bytes, pixels</th>"
          "<th>notes</th><th>time</th></tr>\n";
  for (size_t i = 0; i < cases.size(); ++i) {
    const RegressCase& c = cases[i];
    const CaseResult& r = results[i];
    const bool detailed = r.status == CaseStatus::kFailed || r.status == CaseStatus::kError;
    const std::string name =
        detailed ? fmt::format("<a href=\"#case-{}\">{}</a>", i, escape_html(c.name)) : escape_html(c.name);
    const std::string note = r.status == CaseStatus::kSkipped && !r.messages.empty() ? escape_html(r.messages[0])
                             : detailed && !r.messages.empty()
                                 ? escape_html(r.messages[0]) + (r.messages.size() > 1 ? " &hellip;" : "")
                                 : "";
    html += fmt::format(
        "<tr class=\"{0}\"><td><span class=\"badge {0}\">{0}</span></td><td>{1}</td>"
        "<td title=\"{2}\">{3}</td><td class=\"mono\">{4}</td><td>{5}</td><td class=\"num\">{6:.2f} s</td></tr>\n",
        status_class(r.status), escape_html(c.kind), escape_html(c.path.string()), name, vsync_summary(r), note,
        r.seconds);
  }
  html += "</table>\n</body>\n</html>\n";
  return html;
}

}  // namespace gcvu::harness
