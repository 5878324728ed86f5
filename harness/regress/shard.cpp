#include "harness/regress/shard.hpp"

#include "harness/cli/options.hpp"

namespace gcvu::harness {

namespace {
constexpr uint64_t kMaxShards = 1000000;
}

std::optional<Shard> parse_shard(std::string_view text) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  const auto index = parse_unsigned(text.substr(0, slash), false);
  const auto count = parse_unsigned(text.substr(slash + 1), false);
  if (!index || !count || *count == 0 || *count > kMaxShards || *index == 0 || *index > *count) return std::nullopt;
  return Shard{static_cast<uint32_t>(*index), static_cast<uint32_t>(*count)};
}

bool in_shard(size_t position, Shard shard) { return position % shard.count == shard.index - 1; }

std::vector<RegressCase> select_shard(std::vector<RegressCase> cases, Shard shard) {
  std::vector<RegressCase> selected;
  for (size_t k = 0; k < cases.size(); ++k) {
    if (in_shard(k, shard)) selected.push_back(std::move(cases[k]));
  }
  return selected;
}

}  // namespace gcvu::harness
