// The regress HTML report: a well-formed page (every element closed in order), every piece of case text escaped,
// pictures embedded as data: URIs that decode back to the PNG bytes, and no pictures for passing cases.

#include "harness/regress/html_report.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string_view>

#include "formats/png/png.hpp"
#include "harness/regress/html_escape.hpp"

namespace gcvu::harness {
namespace {

// Checks that every non-void element is closed, in order; returns the first problem or "".
std::string check_nesting(std::string_view html) {
  static const std::set<std::string> kVoid = {"meta", "br", "img", "hr", "link", "input"};
  std::vector<std::string> open;
  for (size_t at = html.find('<'); at != std::string_view::npos; at = html.find('<', at + 1)) {
    if (html.substr(at, 2) == "<!") continue;
    const size_t end = html.find('>', at);
    if (end == std::string_view::npos) return "unterminated tag";
    std::string_view tag = html.substr(at + 1, end - at - 1);
    const bool closing = !tag.empty() && tag[0] == '/';
    if (closing) tag.remove_prefix(1);
    const std::string name(tag.substr(0, tag.find_first_of(" \n")));
    if (closing) {
      if (open.empty() || open.back() != name) return "</" + name + "> closes " + (open.empty() ? "nothing" : open.back());
      open.pop_back();
    } else if (!kVoid.contains(name)) {
      open.push_back(name);
    }
    if (name == "style" && !closing) at = html.find("</style>", at) - 1;  // CSS is not markup
  }
  return open.empty() ? "" : "<" + open.back() + "> never closed";
}

std::vector<uint8_t> decode_base64(std::string_view text) {
  static const std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::vector<uint8_t> bytes;
  uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    if (c == '=') break;
    bits = bits << 6 | static_cast<uint32_t>(kAlphabet.find(c));
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes.push_back(static_cast<uint8_t>(bits >> count));
    }
  }
  return bytes;
}

std::vector<std::vector<uint8_t>> embedded_pngs(const std::string& html) {
  std::vector<std::vector<uint8_t>> pngs;
  const std::string prefix = "src=\"data:image/png;base64,";
  for (size_t at = html.find(prefix); at != std::string::npos; at = html.find(prefix, at + 1)) {
    const size_t start = at + prefix.size();
    pngs.push_back(decode_base64(std::string_view(html).substr(start, html.find('"', start) - start)));
  }
  return pngs;
}

std::vector<uint8_t> tiny_png(uint8_t red) {
  formats::Image image(2, 1);
  image.pixel(0, 0)[0] = red;
  image.pixel(0, 0)[3] = image.pixel(1, 0)[3] = 255;
  return formats::write_png(image);
}

TEST(RegressReport, EscapeHtml) {
  EXPECT_EQ(escape_html("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(escape_html("plain"), "plain");
}

TEST(RegressReport, WellFormedEscapedAndSelfContained) {
  const std::string hostile = "<script>alert(\"x\")</script> & 'q'";
  std::vector<RegressCase> cases = {
      {.kind = "gs-dump", .name = "passing", .path = "corpus/passing.gs"},
      {.kind = "gs-dump", .name = hostile, .path = "corpus/" + hostile + ".gs", .description = hostile},
      {.kind = "vutrace", .name = "trace", .path = "t.vutr"},
  };
  std::vector<CaseResult> results(3);
  results[0].vsyncs = {{.index = 0, .differing_bytes = 0, .differing_pixels = 0}};
  results[1].status = CaseStatus::kFailed;
  results[1].vsyncs = {{.index = 0, .differing_bytes = 0, .differing_pixels = 0},
                       {.index = 1, .differing_bytes = 12, .first_differing_byte = 0x40, .differing_pixels = 3}};
  results[1].messages = {"vsync 1: " + hostile};
  results[1].pictures = FailurePictures{.vsync = 1,
                                        .reference = {.whole = tiny_png(1)},
                                        .ours = {.whole = tiny_png(2)},
                                        .diff = {.whole = tiny_png(3), .zoom = tiny_png(4)},
                                        .first_pixel = std::pair<uint32_t, uint32_t>{7, 9}};
  results[2].status = CaseStatus::kSkipped;
  results[2].messages = {"unsupported kind, skipped"};
  const std::string html = render_html_report(cases, results, {.command_line = "gcvu regress " + hostile});

  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(check_nesting(html), "");
  EXPECT_EQ(html.find("<script"), std::string::npos) << "case text must be escaped";
  EXPECT_NE(html.find("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"), std::string::npos);
  // Only data: URIs: nothing the page would fetch.
  for (const char* external : {"src=\"http", "href=\"http", "src=\"/", "url(", "@import"}) {
    EXPECT_EQ(html.find(external), std::string::npos) << external;
  }
  const auto pngs = embedded_pngs(html);
  ASSERT_EQ(pngs.size(), 4u) << "reference, ours, diff (and its zoom) of the failing case; none for the others";
  EXPECT_EQ(pngs[0], tiny_png(1));
  EXPECT_EQ(pngs[1], tiny_png(2));
  EXPECT_EQ(pngs[2], tiny_png(3));
  EXPECT_EQ(pngs[3], tiny_png(4));
  EXPECT_NE(html.find("First differing pixel: (7, 9)"), std::string::npos);
  EXPECT_NE(html.find("12 B, 3 px"), std::string::npos);       // the failing VSync's counts
  EXPECT_NE(html.find("1 VSync match"), std::string::npos);    // the passing case, one line
  EXPECT_NE(html.find("unsupported kind, skipped"), std::string::npos);
  EXPECT_NE(html.find("<b>1</b>passed"), std::string::npos);
  EXPECT_NE(html.find("<b>1</b>failed"), std::string::npos);
  EXPECT_NE(html.find("<b>1</b>skipped"), std::string::npos);
}

}  // namespace
}  // namespace gcvu::harness
