#include "harness/cli/vu_options.hpp"

#include <fmt/format.h>

#include "harness/cli/options.hpp"

namespace gcvu::harness {

vu::WriteClash parse_write_clash(const std::string& text) {
  if (text == "discard") return vu::WriteClash::kLowerWriteDiscarded;
  if (text == "skip") return vu::WriteClash::kLowerSkipped;
  throw UsageError(fmt::format("--write-clash '{}' must be 'discard' or 'skip'", text));
}

void add_engine_option(boost::program_options::options_description& options) {
  options.add_options()("engine",
                        boost::program_options::value<std::string>()->default_value(
                            std::string(vu::engine_name(vu::Vu1Config{}.engine))),
                        "how VU1 executes: 'interp' (pair by pair, the reference), 'blocks' (cached blocks with a "
                        "precomputed stall schedule) or 'jit' (blocks compiled to host code); all give the same "
                        "results, bit for bit and cycle for cycle");
}

vu::Engine engine_from(const boost::program_options::variables_map& values) {
  const std::string text = values.count("engine") != 0 ? values["engine"].as<std::string>() : "";
  if (text.empty()) return vu::Vu1Config{}.engine;
  if (const auto engine = vu::engine_from_name(text)) return *engine;
  throw UsageError(fmt::format("--engine '{}' must be 'interp', 'blocks' or 'jit'", text));
}

}  // namespace gcvu::harness
