#include "formats/rc2/moby_instance.hpp"

#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/rc2/gameplay_class_list.hpp"

namespace gcvu::formats::rc2 {

namespace {

uint32_t word_of(float value) { return std::bit_cast<uint32_t>(value); }
uint32_t word_of(int32_t value) { return static_cast<uint32_t>(value); }

}  // namespace

MobyInstances read_moby_instances(std::span<const uint8_t> file, uint64_t offset, uint64_t end,
                                  const std::vector<ClassEntry>& table, const std::string& source) {
  ByteReader in(file.subspan(offset, end - offset), source, offset);
  MobyInstances out;
  const int32_t count = static_cast<int32_t>(in.u32("moby instance count"));
  if (count < 0) in.fail_at(0, fmt::format("moby instance block: count {} is negative", count));
  out.spawnable_count = static_cast<int32_t>(in.u32("spawnable moby count"));
  for (size_t word = 2; word < 4; ++word) {
    if (in.u32("moby instance block header") != 0) {
      in.fail_at(4 * word, fmt::format("moby instance block: header word {} is not 0", word));
    }
  }
  const uint64_t needed = kInstanceBlockHeaderSize + kMobyInstanceSize * uint64_t(count);
  if (needed > in.size()) {
    in.fail_at(0, fmt::format("moby instance block: {} instances need {} bytes, the block holds {}", count,
                              hex_offset(needed), hex_offset(in.size())));
  }
  out.records.resize(static_cast<size_t>(count));
  for (size_t i = 0; i < out.records.size(); ++i) {
    const size_t base = in.position();
    const auto fail = [&](size_t at, const std::string& rule) {
      in.fail_at(base + at, fmt::format("moby instance {}: {}", i, rule));
    };
    const auto finite = [&](float value, size_t at, std::string_view what) {
      if (!std::isfinite(value)) fail(at, fmt::format("{} is not finite", what));
      return value;
    };
    MobyInstanceRecord& r = out.records[i];
    const uint32_t size = in.u32("size");
    if (size != kMobyInstanceSize) fail(0x00, fmt::format("size field is {}, not 0x88", hex_offset(size)));
    r.mission = static_cast<int32_t>(in.u32("mission"));
    for (uint32_t& word : r.unnamed_08) word = in.u32("unnamed word");
    r.uid = static_cast<int32_t>(in.u32("uid"));
    r.bolts = static_cast<int32_t>(in.u32("bolts"));
    for (uint32_t& word : r.unnamed_18) word = in.u32("unnamed word");
    r.o_class = static_cast<int32_t>(in.u32("o_class"));
    if (class_table_index(table, r.o_class) == table.size()) {
      fail(0x28, fmt::format("class {} is not in core_index's moby class table", r.o_class));
    }
    r.scale = finite(std::bit_cast<float>(in.u32("scale")), 0x2c, "scale");
    r.draw_distance = static_cast<int32_t>(in.u32("draw_distance"));
    r.update_distance = static_cast<int32_t>(in.u32("update_distance"));
    if (static_cast<int32_t>(in.u32("word 0x38")) != kMobyWord38) fail(0x38, "word at +0x38 is not 32");
    if (static_cast<int32_t>(in.u32("word 0x3c")) != kMobyWord3c) fail(0x3c, "word at +0x3c is not 64");
    for (size_t a = 0; a < 3; ++a)
      r.position[a] = finite(std::bit_cast<float>(in.u32("position")), 0x40 + 4 * a, "position");
    for (size_t a = 0; a < 3; ++a)
      r.rotation[a] = finite(std::bit_cast<float>(in.u32("rotation")), 0x4c + 4 * a, "rotation");
    r.group = static_cast<int32_t>(in.u32("group"));
    r.is_rooted = static_cast<int32_t>(in.u32("is_rooted"));
    r.rooted_distance = finite(std::bit_cast<float>(in.u32("rooted_distance")), 0x60, "rooted_distance");
    r.unnamed_64 = in.u32("unnamed word");
    r.pvar_index = static_cast<int32_t>(in.u32("pvar_index"));
    r.occlusion = static_cast<int32_t>(in.u32("occlusion"));
    r.mode_bits = static_cast<int32_t>(in.u32("mode_bits"));
    for (size_t c = 0; c < 3; ++c) {
      r.colour[c] = static_cast<int32_t>(in.u32("colour"));
      if (r.colour[c] < 0 || r.colour[c] > 255) {
        fail(0x74 + 4 * c, fmt::format("colour component {} is outside 0..255", r.colour[c]));
      }
    }
    r.light = static_cast<int32_t>(in.u32("light"));
    r.unnamed_84 = in.u32("unnamed word");
  }
  return out;
}

void write_moby_instances(ByteWriter& out, const MobyInstances& instances) {
  out.u32(static_cast<uint32_t>(instances.records.size()));
  out.u32(word_of(instances.spawnable_count));
  out.u32(0);
  out.u32(0);
  for (const MobyInstanceRecord& r : instances.records) {
    out.u32(kMobyInstanceSize);
    out.u32(word_of(r.mission));
    for (uint32_t word : r.unnamed_08) out.u32(word);
    out.u32(word_of(r.uid));
    out.u32(word_of(r.bolts));
    for (uint32_t word : r.unnamed_18) out.u32(word);
    out.u32(word_of(r.o_class));
    out.u32(word_of(r.scale));
    out.u32(word_of(r.draw_distance));
    out.u32(word_of(r.update_distance));
    out.u32(word_of(kMobyWord38));
    out.u32(word_of(kMobyWord3c));
    for (float v : r.position) out.u32(word_of(v));
    for (float v : r.rotation) out.u32(word_of(v));
    out.u32(word_of(r.group));
    out.u32(word_of(r.is_rooted));
    out.u32(word_of(r.rooted_distance));
    out.u32(r.unnamed_64);
    out.u32(word_of(r.pvar_index));
    out.u32(word_of(r.occlusion));
    out.u32(word_of(r.mode_bits));
    for (int32_t c : r.colour) out.u32(word_of(c));
    out.u32(word_of(r.light));
    out.u32(r.unnamed_84);
  }
}

}  // namespace gcvu::formats::rc2
