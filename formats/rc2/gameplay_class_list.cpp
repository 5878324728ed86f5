#include "formats/rc2/gameplay_class_list.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"

namespace gcvu::formats::rc2 {

size_t class_table_index(const std::vector<ClassEntry>& table, int32_t o_class) {
  for (size_t i = 0; i < table.size(); ++i) {
    if (o_class >= 0 && table[i].class_number == static_cast<uint32_t>(o_class)) return i;
  }
  return table.size();
}

std::vector<int32_t> read_class_list(std::span<const uint8_t> file, uint64_t offset, uint64_t end,
                                     const ClassListCheck& check, const std::string& source) {
  ByteReader in(file.subspan(offset, end - offset), source, offset);
  const int32_t count = static_cast<int32_t>(in.u32(fmt::format("{} class count", check.kind)));
  if (count < 0) in.fail_at(0, fmt::format("{} class block: count {} is negative", check.kind, count));
  if (uint64_t{4} + 4 * uint64_t(count) > in.size()) {
    in.fail_at(0, fmt::format("{} class block: {} classes need {} bytes, the block holds {}", check.kind, count,
                              hex_offset(4 + 4 * uint64_t(count)), hex_offset(in.size())));
  }
  std::vector<int32_t> classes;
  classes.reserve(static_cast<size_t>(count));
  for (int32_t i = 0; i < count; ++i) {
    const size_t at = in.position();
    const int32_t o_class = static_cast<int32_t>(in.u32("o_class"));
    if (class_table_index(*check.table, o_class) == check.table->size()) {
      in.fail_at(at, fmt::format("{} class block entry {}: class {} is not in core_index's {} class table",
                                 check.kind, i, o_class, check.kind));
    }
    if (check.unique && std::find(classes.begin(), classes.end(), o_class) != classes.end()) {
      in.fail_at(at, fmt::format("{} class block entry {}: class {} is listed twice", check.kind, i, o_class));
    }
    classes.push_back(o_class);
  }
  return classes;
}

void write_class_list(ByteWriter& out, const std::vector<int32_t>& classes) {
  out.u32(static_cast<uint32_t>(classes.size()));
  for (int32_t o_class : classes) out.u32(static_cast<uint32_t>(o_class));
}

}  // namespace gcvu::formats::rc2
