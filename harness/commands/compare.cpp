// gcvu compare A B [--diff out.png] [--raw]: byte-for-byte comparison of two PNG images or two raw files.

#include <cctype>
#include <ostream>

#include <fmt/format.h>

#include "emu/gs/display/framebuffer_readout.hpp"
#include "formats/compress/decompress.hpp"
#include "formats/core/file_io.hpp"
#include "formats/core/format_error.hpp"
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

int compare_images(const std::string& path_a, const std::string& path_b, const formats::Image& a,
                   const formats::Image& b, const std::string& diff_path, Io& io) {
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

// --psm: a format name with or without its PSM prefix ("CT32", "PSMZ24", "t8"), or the code (0x31).
gs::Psm parse_psm(const std::string& text) {
  std::string upper;
  for (char c : text) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (auto code = parse_unsigned(text)) {
    if (auto psm = gs::psm_from_code(static_cast<uint32_t>(*code))) return *psm;
  }
  for (uint32_t code = 0; code < 64; ++code) {
    auto psm = gs::psm_from_code(code);
    if (!psm) continue;
    const std::string name = gs::psm_name(*psm);
    if (upper == name || "PSM" + upper == name) return *psm;
  }
  throw UsageError(
      fmt::format("--psm '{}' is not a GS pixel format (PSMCT32, CT24, CT16, CT16S, T8, T4, T8H, "
                  "T4HL, T4HH, Z32, Z24, Z16, Z16S or a code)",
                  text));
}

gs::Rect parse_rect(const std::string& text, uint32_t fbw) {
  if (text.empty()) return gs::Rect{0, 0, std::max<uint32_t>(fbw, 1) * 64, 448};
  std::vector<uint32_t> parts;
  size_t start = 0;
  while (start <= text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    const auto value = parse_unsigned(text.substr(start, comma - start));
    if (!value || *value > 2048) throw UsageError(fmt::format("--rect '{}' must be X,Y,W,H, each 0-2048", text));
    parts.push_back(static_cast<uint32_t>(*value));
    start = comma + 1;
  }
  if (parts.size() != 4 || parts[2] == 0 || parts[3] == 0) {
    throw UsageError(fmt::format("--rect '{}' must be X,Y,W,H with W and H at least 1", text));
  }
  return gs::Rect{parts[0], parts[1], parts[2], parts[3]};
}

// One side of a framebuffer comparison: a 4 MiB GS memory image (raw, .zst or .xz) read out as RGBA.
formats::Image read_gs_framebuffer(const std::string& path, const gs::BufferLayout& layout, const gs::Rect& rect) {
  const std::vector<uint8_t> file = formats::read_file(path, formats::compressed_file_limit(gs::kLocalMemoryBytes));
  const std::vector<uint8_t> bytes = formats::decompress_if_compressed(file, path, gs::kLocalMemoryBytes);
  if (bytes.size() != gs::kLocalMemoryBytes) {
    throw formats::FormatError(path, 0,
                               fmt::format("--fbp compares GS memory images of {} bytes; this one is {} bytes",
                                           gs::kLocalMemoryBytes, bytes.size()));
  }
  gs::LocalMemory memory;
  std::copy(bytes.begin(), bytes.end(), memory.bytes().begin());
  return gs::read_framebuffer(memory, layout, rect);
}

}  // namespace

int run_compare(std::span<const std::string> args, Io& io) {
  CommandLine line(
      "compare", "A B [--diff out.png] [--raw] [--fbp N --fbw N --psm FMT [--rect X,Y,W,H] [--save-a F] [--save-b F]]",
      "Compares two PNG images pixel by pixel (as 8-bit RGBA), or two raw files byte by byte, and prints\n"
      "whether they are identical, how many pixels (bytes) differ, the first difference with both values\n"
      "and its position, the largest per-channel (per-byte) difference, and the XXH3-128 hash of each side\n"
      "(of the decoded RGBA pixels for images, of the file bytes otherwise).\n"
      "\n"
      "With --fbp, A and B are 4 MiB GS memory images (gcvu replay --vram, a golden vram_N.bin.zst): the\n"
      "framebuffer at page FBP, FBW x 64 pixels wide, in format --psm is read out of each (the rectangle --rect,\n"
      "default 0,0,FBW*64,448) and the two pictures are compared as images. 16-bit formats decode as the GS\n"
      "reads them (R=(c&31)<<3 ..., alpha 0x80 or 0), 24-bit alpha reads 0x80, Z formats show their raw value as\n"
      "the colour format of the same size, indexed formats show the index as grey. --save-a/--save-b write the\n"
      "read-outs as PNGs.\n"
      "Exit status: 0 identical, 1 different, 2 error.");
  line.arguments.add_options()("a", po::value<std::string>()->required(), "first file")(
      "b", po::value<std::string>()->required(), "second file");
  line.options.add_options()(
      "diff", po::value<std::string>()->default_value(""),
      "write a PNG showing matching pixels dimmed and differing pixels bright red (for raw files: one pixel "
      "per byte, 256 per row)")("raw", po::bool_switch(), "compare the files' bytes even when both are PNGs")     //
      ("fbp", po::value<std::string>(), "compare the framebuffers at this page (0-511) of two GS memory images")  //
      ("fbw", po::value<std::string>(), "with --fbp: buffer width in 64-pixel units (1-63)")                      //
      ("psm", po::value<std::string>(), "with --fbp: pixel format, e.g. PSMCT32, CT16S, Z24, T8")                 //
      ("rect", po::value<std::string>()->default_value(""), "with --fbp: X,Y,W,H of the rectangle to read")       //
      ("save-a", po::value<std::string>()->default_value(""), "with --fbp: write A's read-out as a PNG")          //
      ("save-b", po::value<std::string>()->default_value(""), "with --fbp: write B's read-out as a PNG");
  line.positional.add("a", 1).add("b", 1);
  po::variables_map values;
  if (!parse_command_line(line, args, io, values)) return kExitOk;

  const auto& path_a = values["a"].as<std::string>();
  const auto& path_b = values["b"].as<std::string>();
  const auto& diff_path = values["diff"].as<std::string>();
  if (values.count("fbp")) {
    const auto fbp = parse_unsigned(values["fbp"].as<std::string>());
    if (!fbp || *fbp > 511) throw UsageError("--fbp must be a page number 0-511");
    if (!values.count("fbw") || !values.count("psm")) throw UsageError("--fbp needs --fbw and --psm");
    const auto fbw = parse_unsigned(values["fbw"].as<std::string>());
    if (!fbw || *fbw == 0 || *fbw > 63) throw UsageError("--fbw must be 1-63 (units of 64 pixels)");
    const gs::BufferLayout layout{static_cast<uint32_t>(*fbp) << 5, static_cast<uint32_t>(*fbw),
                                  parse_psm(values["psm"].as<std::string>())};
    const gs::Rect rect = parse_rect(values["rect"].as<std::string>(), layout.width_64);
    const formats::Image a = read_gs_framebuffer(path_a, layout, rect);
    const formats::Image b = read_gs_framebuffer(path_b, layout, rect);
    for (const auto& [option, image] : {std::pair{"save-a", &a}, std::pair{"save-b", &b}}) {
      const auto& out = values[option].as<std::string>();
      if (!out.empty()) formats::write_file(out, formats::write_png(*image));
    }
    io.out << fmt::format("framebuffer page {} width {} {} rectangle {},{} {}x{}\n", *fbp, *fbw,
                          gs::psm_name(layout.psm), rect.x, rect.y, rect.width, rect.height);
    return compare_images(path_a, path_b, a, b, diff_path, io);
  }
  // PNGs or raw images: a raw image is never larger than the largest PNG.
  auto file_a = formats::read_file(path_a, formats::kMaxPngFileBytes);
  auto file_b = formats::read_file(path_b, formats::kMaxPngFileBytes);
  bool images = formats::looks_like_png(file_a) && formats::looks_like_png(file_b) && !values["raw"].as<bool>();
  return images ? compare_images(path_a, path_b, formats::read_png(file_a, path_a), formats::read_png(file_b, path_b),
                                 diff_path, io)
                : compare_raw(path_a, path_b, file_a, file_b, diff_path, io);
}

}  // namespace gcvu::harness
