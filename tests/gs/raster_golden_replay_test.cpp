// A throwaway replay of golden-pcsx2 dumps (/work/shared/golden-pcsx2, README there) through the Gs unit, to
// count the bytes of local memory that differ from PCSX2's after each vsync. Until the real pixel pipeline and
// local memory land (gs-memory is merged; the pipeline is still a stub: flat, FBMSK, Z, nearest CT32 texels, fog),
// only the cases that need no more than that can match; the counts are printed, and the cases listed as exact must
// match.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "emu/gif/path_decoder.hpp"
#include "emu/gs/gs.hpp"
#include "formats/compress/decompress.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/gs_dump_header.hpp"
#include "tests/test_support.hpp"

namespace gcvu::gs {
namespace {

namespace fs = std::filesystem;

class GsForwarder final : public gif::GsSink {
 public:
  explicit GsForwarder(Gs& gs) : gs_(gs) {}
  void write_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override {
    // The sink does not say how the write arrived; PACKED RGBAQ (its Q=0 rule) is taken as A+D here.
    gs_.write_register(address, value);
  }
  void write_image(gif::Path, const Qword& data, uint64_t) override { gs_.write_image(data); }
  void end_packet(gif::Path, uint64_t) override {}

 private:
  Gs& gs_;
};

uint32_t u32_at(const std::vector<uint8_t>& d, size_t o) {
  uint32_t v;
  std::memcpy(&v, d.data() + o, 4);
  return v;
}
uint64_t u64_at(const std::vector<uint8_t>& d, size_t o) {
  uint64_t v;
  std::memcpy(&v, d.data() + o, 8);
  return v;
}

// Restores the version-9 state blob's registers (layout in the golden README).
void restore_state(Gs& gs, const std::vector<uint8_t>& d, size_t state) {
  GeneralRegisterFile regs{};
  size_t o = state + 4;
  const uint8_t env[15] = {0x00, 0x1a, 0x1c, 0x22, 0x3b, 0x3d, 0x44, 0x45, 0x46, 0x49, 0x50, 0x53, 0x51, 0x52, 0x52};
  for (uint8_t a : env) {
    regs[a] = u64_at(d, o);
    o += 8;
  }
  for (int c = 0; c < 2; ++c) {
    const uint8_t ctx[12] = {0x18, 0x06, 0x14, 0x08, 0x34, 0x36, 0x40, 0x42, 0x47, 0x4a, 0x4c, 0x4e};
    for (uint8_t a : ctx) {
      regs[a + c] = u64_at(d, o);
      o += 8;
    }
  }
  regs[0x01] = u64_at(d, o);
  regs[0x02] = u64_at(d, o + 8);
  regs[0x03] = u32_at(d, o + 16);
  regs[0x0a] = uint64_t{u32_at(d, o + 20)} << 56;
  o += 32 + 8 + 61;
  std::memcpy(gs.memory().bytes().data(), d.data() + o, kLocalMemoryBytes);
  gs.restore_registers(regs);
}

struct ReplayResult {
  std::vector<uint64_t> differing_bytes;  // per vsync
};

ReplayResult replay(const fs::path& dir, const std::string& name) {
  ReplayResult result;
  fs::path dump;
  for (const char* ext : {".gs.zst", ".gs.xz", ".gs"})
    if (fs::exists(dir / (name + ext))) {
      dump = dir / (name + ext);
      break;
    }
  if (dump.empty()) return result;
  const auto raw = formats::read_file(dump);
  const auto data = formats::decompress_if_compressed(raw, dump.string(), uint64_t{64} << 20);
  const auto header = formats::read_gs_dump_header(data, dump.string());
  Gs gs;
  restore_state(gs, data, header.state_offset);
  GsForwarder sink(gs);
  gif::PathDecoder decoders[4];
  size_t o = header.state_offset + header.state_size + kPrivilegedSize;
  int vsync = 0;
  while (o < data.size()) {
    const uint8_t id = data[o++];
    if (id == 0) {
      const uint8_t path = data[o++];
      const uint32_t size = u32_at(data, o);
      o += 4;
      for (uint32_t q = 0; q + 16 <= size; q += 16) {
        Qword qw;
        std::memcpy(qw.data(), data.data() + o + q, 16);
        decoders[path & 3].consume(qw, gif::Path::kPath3, 0, sink);
      }
      o += size;
    } else if (id == 1) {
      ++o;
      gs.flush();
      const fs::path ref = dir / ("vram_" + std::to_string(vsync) + ".bin.zst");
      if (fs::exists(ref)) {
        const auto ref_raw = formats::read_file(ref);
        const auto mem = formats::decompress_if_compressed(ref_raw, ref.string(), kLocalMemoryBytes);
        uint64_t diff = 0;
        const auto ours = gs.memory().bytes();
        for (size_t i = 0; i < mem.size() && i < ours.size(); ++i) diff += mem[i] != ours[i];
        result.differing_bytes.push_back(diff);
        if (const char* out = std::getenv("GCVU_RASTER_VRAM_OUT"))  // debugging aid: our image per vsync
          formats::write_file(fs::path(out) / (name + "_" + std::to_string(vsync) + ".bin"), ours);
      }
      ++vsync;
    } else if (id == 2) {
      o += 4;
    } else if (id == 3) {
      o += kPrivilegedSize;
    } else {
      break;
    }
  }
  return result;
}

TEST(RasterGoldenReplay, UntexturedCt32Cases) {
  const fs::path root = test::shared_dir() / "golden-pcsx2";
  if (!fs::exists(root)) GTEST_SKIP() << "no golden-pcsx2 corpus";
  const std::set<std::string> exact = {"cov_centres",   "cov_subpixel",   "cov_slivers", "cov_degenerate",
                                       "cov_strip_fan", "cov_xyoffset",   "cov_scissor", "shade_flat",
                                       "shade_gouraud", "prim_points",    "prim_sprite", "scanmsk",
                                       "prim_lines",    "prim_linestrip", "tex_ct32",    "prim_packed_reglist"};
  // Vsync 0 of the Z cases (frame and Z buffer) is exact; their vsync 1 needs the local->local copy.
  const std::set<std::string> exact_first_vsync = {"z_fmt_32", "z_fmt_24", "z_tests", "z_precision", "z_zmsk_zte0"};
  std::vector<std::string> names;
  for (const char* name :
       {"cov_centres",    "cov_subpixel",        "cov_slivers",   "cov_degenerate", "cov_strip_fan", "cov_xyoffset",
        "cov_scissor",    "shade_flat",          "shade_gouraud", "prim_points",    "prim_sprite",   "prim_lines",
        "prim_linestrip", "prim_packed_reglist", "scanmsk",       "z_fmt_32",       "z_fmt_24",      "z_tests",
        "z_precision",    "z_zmsk_zte0",         "fog",           "tex_ct32",       "tex_stq_persp", "rand_001",
        "scene_a"})
    names.push_back(name);
  if (const char* only = std::getenv("GCVU_RASTER_CASES")) {  // debugging aid: a comma-separated case list
    names.clear();
    for (std::string list = only; !list.empty();) {
      const size_t comma = list.find(',');
      names.push_back(list.substr(0, comma));
      list = comma == std::string::npos ? "" : list.substr(comma + 1);
    }
  }
  for (const std::string& case_name : names) {
    const char* name = case_name.c_str();
    const ReplayResult r = replay(root / name, name);
    std::string counts;
    uint64_t total = 0;
    for (uint64_t d : r.differing_bytes) {
      counts += " " + std::to_string(d);
      total += d;
    }
    std::printf("golden %-20s differing bytes per vsync:%s\n", name, counts.c_str());
    if (exact.count(name)) {
      EXPECT_EQ(total, 0u) << name;
    }
    if (exact_first_vsync.count(name)) {
      ASSERT_FALSE(r.differing_bytes.empty()) << name;
      EXPECT_EQ(r.differing_bytes[0], 0u) << name;
    }
  }
}

}  // namespace
}  // namespace gcvu::gs
