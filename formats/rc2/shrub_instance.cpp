#include "formats/rc2/shrub_instance.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"

namespace gcvu::formats::rc2 {

std::vector<ShrubInstanceRecord> read_shrub_instances(std::span<const uint8_t> file, uint64_t offset, uint64_t end,
                                                      const std::vector<int32_t>& classes, const std::string& source) {
  ByteReader in(file.subspan(offset, end - offset), source, offset);
  const int32_t count = static_cast<int32_t>(in.u32("shrub instance count"));
  if (count < 0) in.fail_at(0, fmt::format("shrub instance block: count {} is negative", count));
  for (size_t word = 1; word < 4; ++word) {
    if (in.u32("shrub instance block header") != 0) {
      in.fail_at(4 * word, fmt::format("shrub instance block: header word {} is not 0", word));
    }
  }
  const uint64_t needed = kInstanceBlockHeaderSize + kShrubInstanceSize * uint64_t(count);
  if (needed > in.size()) {
    in.fail_at(0, fmt::format("shrub instance block: {} instances need {} bytes, the block holds {}", count,
                              hex_offset(needed), hex_offset(in.size())));
  }
  std::vector<ShrubInstanceRecord> instances(static_cast<size_t>(count));
  for (size_t i = 0; i < instances.size(); ++i) {
    const size_t base = in.position();
    const auto fail = [&](size_t at, const std::string& rule) {
      in.fail_at(base + at, fmt::format("shrub instance {}: {}", i, rule));
    };
    ShrubInstanceRecord& record = instances[i];
    record.o_class = static_cast<int32_t>(in.u32("o_class"));
    if (std::find(classes.begin(), classes.end(), record.o_class) == classes.end()) {
      fail(0x00, fmt::format("class {} is not in the shrub class block", record.o_class));
    }
    record.draw_distance = std::bit_cast<float>(in.u32("draw_distance"));
    if (!std::isfinite(record.draw_distance)) fail(0x04, "draw_distance is not finite");
    for (size_t at : {0x08u, 0x0cu}) {
      if (in.u32("unused word") != 0) fail(at, fmt::format("word at +{} is not 0", hex_offset(at)));
    }
    for (size_t v = 0; v < 4; ++v) {
      for (size_t lane = 0; lane < 4; ++lane) {
        record.matrix[v][lane] = std::bit_cast<float>(in.u32("matrix"));
        if (!std::isfinite(record.matrix[v][lane])) fail(0x10 + 16 * v + 4 * lane, "matrix float is not finite");
      }
    }
    if (record.matrix[3][3] != kInstancePositionW) {
      fail(0x4c, fmt::format("position w is {}, not 0.01", record.matrix[3][3]));
    }
    for (size_t c = 0; c < 3; ++c) {
      record.colour[c] = static_cast<int32_t>(in.u32("colour"));
      if (record.colour[c] < 0 || record.colour[c] > 255) {
        fail(0x50 + 4 * c, fmt::format("colour component {} is outside 0..255", record.colour[c]));
      }
    }
    if (in.u32("unused word") != 0) fail(0x5c, "word at +0x5c is not 0");
    record.dir_lights = static_cast<int32_t>(in.u32("dir_lights"));
    for (size_t at : {0x64u, 0x68u, 0x6cu}) {
      if (in.u32("unused word") != 0) fail(at, fmt::format("word at +{} is not 0", hex_offset(at)));
    }
  }
  return instances;
}

void write_shrub_instances(ByteWriter& out, const std::vector<ShrubInstanceRecord>& instances) {
  out.u32(static_cast<uint32_t>(instances.size()));
  for (int word = 1; word < 4; ++word) out.u32(0);
  for (const ShrubInstanceRecord& record : instances) {
    out.u32(static_cast<uint32_t>(record.o_class));
    out.u32(std::bit_cast<uint32_t>(record.draw_distance));
    out.u32(0);
    out.u32(0);
    for (const auto& vector : record.matrix) {
      for (float lane : vector) out.u32(std::bit_cast<uint32_t>(lane));
    }
    for (int32_t c : record.colour) out.u32(static_cast<uint32_t>(c));
    out.u32(0);
    out.u32(static_cast<uint32_t>(record.dir_lights));
    for (int word = 0; word < 3; ++word) out.u32(0);
  }
}

}  // namespace gcvu::formats::rc2
