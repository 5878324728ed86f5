// gcvu compare A B [--diff out.png] [--raw]: byte-for-byte comparison of two PNG images or two raw files.

#include <ostream>

#include <fmt/format.h>

#include "formats/core/file_io.hpp"
#include "formats/core/hash.hpp"
#include "formats/png/png.hpp"
#include "harness/cli/options.hpp"
#include "harness/commands/commands.hpp"
#include "harness/compare/byte_diff.hpp"
#include "harness/compare/image_diff.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

std::string rgba_text(const std::array<uint8_t, 4>& p) {
  return fmt::format("rgba({}, {}, {}, {}) #{:02x}{:02x}{:02x}{:02x}", p[0], p[1], p[2], p[3], p[0], p[1], p[2], p[3]);
}

int compare_images(const std::string& path_a, const std::string& path_b, const std::vector<uint8_t>& file_a,
                   const std::vector<uint8_t>& file_b, const std::string& diff_path, Io& io) {
  formats::Image a = formats::read_png(file_a, path_a);
  formats::Image b = formats::read_png(file_b, path_b);
  io.out << fmt::format("A: {} ({}x{} RGBA), pixels xxh3-128 {}\n", path_a, a.width, a.height,
                        formats::xxh3_128(a.rgba).hex());
  io.out << fmt::format("B: {} ({}x{} RGBA), pixels xxh3-128 {}\n", path_b, b.width, b.height,
                        formats::xxh3_128(b.rgba).hex());
  ImageDiff diff = diff_images(a, b);
  if (diff.identical()) {
    io.out << fmt::format("identical: all {} pixels match\n", diff.compared_pixels);
  } else {
    if (!diff.same_size) {
      io.out << fmt::format("different sizes: {}x{} vs {}x{}; comparing the {} overlapping pixels\n", a.width, a.height,
                            b.width, b.height, diff.compared_pixels);
    }
    io.out << fmt::format("different: {} of {} pixels differ\n", diff.differing_pixels, diff.compared_pixels);
    if (diff.first) {
      io.out << fmt::format("first difference at x={} y={}: A {}, B {}\n", diff.first->x, diff.first->y,
                            rgba_text(diff.first->a), rgba_text(diff.first->b));
    }
    const auto& m = diff.max_channel_diff;
    io.out << fmt::format("max channel difference: R {} G {} B {} A {}\n", m[0], m[1], m[2], m[3]);
  }
  if (!diff_path.empty()) {
    formats::write_file(diff_path, formats::write_png(render_image_diff(a, b)));
    io.out << "diff written to " << diff_path << "\n";
  }
  return diff.identical() ? kExitOk : kExitDifferent;
}

int compare_raw(const std::string& path_a, const std::string& path_b, const std::vector<uint8_t>& a,
                const std::vector<uint8_t>& b, const std::string& diff_path, Io& io) {
  io.out << fmt::format("A: {} ({} bytes), xxh3-128 {}\n", path_a, a.size(), formats::xxh3_128(a).hex());
  io.out << fmt::format("B: {} ({} bytes), xxh3-128 {}\n", path_b, b.size(), formats::xxh3_128(b).hex());
  ByteDiff diff = diff_bytes(a, b);
  if (diff.identical()) {
    io.out << fmt::format("identical: all {} bytes match\n", a.size());
  } else {
    if (diff.size_a != diff.size_b) {
      io.out << fmt::format("different sizes: {} vs {} bytes; comparing the first {}\n", diff.size_a, diff.size_b,
                            std::min(diff.size_a, diff.size_b));
    }
    io.out << fmt::format("different: {} of {} bytes differ\n", diff.differing_bytes,
                          std::min(diff.size_a, diff.size_b));
    if (diff.first) {
      io.out << fmt::format("first difference at offset {:#x}: A {:#04x}, B {:#04x}\n", diff.first->offset,
                            diff.first->a, diff.first->b);
    }
    io.out << fmt::format("max byte difference: {}\n", diff.max_diff);
  }
  if (!diff_path.empty()) {
    formats::write_file(diff_path, formats::write_png(render_byte_diff(a, b)));
    io.out << "diff written to " << diff_path << " (one pixel per byte, 256 per row)\n";
  }
  return diff.identical() ? kExitOk : kExitDifferent;
}

}  // namespace

int run_compare(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "compare", "A B [--diff out.png] [--raw]",
      "Compares two PNG images pixel by pixel (as 8-bit RGBA), or two raw files byte by byte, and prints\n"
      "whether they are identical, how many pixels (bytes) differ, the first difference with both values\n"
      "and its position, the largest per-channel (per-byte) difference, and the XXH3-128 hash of each side\n"
      "(of the decoded RGBA pixels for images, of the file bytes otherwise).\n"
      "Exit status: 0 identical, 1 different, 2 error.");
  line.arguments.add_options()("a", po::value<std::string>()->required(), "first file")(
      "b", po::value<std::string>()->required(), "second file");
  line.options.add_options()(
      "diff", po::value<std::string>()->default_value(""),
      "write a PNG showing matching pixels dimmed and differing pixels bright red (for raw files: one pixel "
      "per byte, 256 per row)")("raw", po::bool_switch(), "compare the files' bytes even when both are PNGs");
  line.positional.add("a", 1).add("b", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  const auto& path_a = values["a"].as<std::string>();
  const auto& path_b = values["b"].as<std::string>();
  const auto& diff_path = values["diff"].as<std::string>();
  auto file_a = formats::read_file(path_a);
  auto file_b = formats::read_file(path_b);
  bool images = formats::looks_like_png(file_a) && formats::looks_like_png(file_b) && !values["raw"].as<bool>();
  return images ? compare_images(path_a, path_b, file_a, file_b, diff_path, io)
                : compare_raw(path_a, path_b, file_a, file_b, diff_path, io);
}

}  // namespace gcvu::harness
