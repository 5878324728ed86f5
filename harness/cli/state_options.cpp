#include "harness/cli/state_options.hpp"

#include <fmt/format.h>

#include "emu/dma/ee_memory.hpp"
#include "formats/core/file_io.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "harness/cli/options.hpp"
#include "harness/run/vif1_start_registers.hpp"
#include "harness/run/vif1_transfer_plan.hpp"

namespace gcvu::harness {

namespace po = boost::program_options;

namespace {

constexpr uint32_t kScratchpadBit = 0x8000'0000u;

uint32_t parse_word(const std::string& option, const std::string& text) {
  const auto value = parse_unsigned(text);
  if (!value || *value > UINT32_MAX) {
    throw UsageError(fmt::format("--{} '{}' must be a 32-bit whole number (decimal or 0x hex)", option, text));
  }
  return static_cast<uint32_t>(*value);
}

// --row / --col: four 32-bit words, comma-separated (the registers' bit patterns: 1.0f is 0x3f800000).
std::array<uint32_t, 4> parse_four_words(const std::string& option, const std::string& text) {
  std::array<uint32_t, 4> words{};
  size_t start = 0;
  for (size_t n = 0; n < 4; ++n) {
    const size_t comma = text.find(',', start);
    const bool last = n == 3;
    if (last != (comma == std::string::npos)) {
      throw UsageError(fmt::format("--{} '{}' must be four 32-bit words separated by commas (x,y,z,w)", option, text));
    }
    words[n] = parse_word(option, text.substr(start, last ? std::string::npos : comma - start));
    start = comma + 1;
  }
  return words;
}

// --vif1-chain: the byte address of the chain's first tag: EE RAM, or the scratchpad with bit 31 set.
uint32_t parse_chain_address(const std::string& text) {
  const auto value = parse_unsigned(text);
  const bool scratchpad = value && (*value & kScratchpadBit) != 0 && *value <= UINT32_MAX;
  const uint64_t offset = value ? (scratchpad ? *value & ~uint64_t{kScratchpadBit} : *value) : 0;
  if (!value || *value % 16 != 0 || (scratchpad ? offset >= dma::kScratchpadBytes : offset >= dma::kRamBytes)) {
    throw UsageError(fmt::format(
        "--vif1-chain '{}' must be a qword-aligned address inside the 32 MiB of EE RAM, or inside the 16 KiB "
        "scratchpad with bit 31 set (0x80000000 + offset)",
        text));
  }
  return static_cast<uint32_t>(*value);
}

// Each option given replaces the value taken from the save state.
void apply_register_options(const po::variables_map& values, Vif1StartRegisters& start) {
  auto word = [&](const char* option, uint32_t& field) {
    if (values.count(option) != 0) field = parse_word(option, values[option].as<std::string>());
  };
  word("cycle", start.cycle);
  word("mode", start.mode);
  word("mask", start.mask);
  word("base", start.base);
  word("ofst", start.ofst);
  word("itops", start.itops);
  word("tops", start.tops);
  word("itop", start.itop);
  word("top", start.top);
  if (values.count("row") != 0) start.row = parse_four_words("row", values["row"].as<std::string>());
  if (values.count("col") != 0) start.col = parse_four_words("col", values["col"].as<std::string>());
  if (values.count("dbf") != 0) {
    const std::string dbf = values["dbf"].as<std::string>();
    if (dbf != "0" && dbf != "1") throw UsageError(fmt::format("--dbf '{}' must be 0 or 1", dbf));
    start.dbf = dbf == "1";
  }
  if (start.mode > 3) throw UsageError(fmt::format("--mode {} must be 0-3 (STMOD's MODE)", start.mode));
  for (auto [name, value] :
       {std::pair{"base", start.base}, std::pair{"ofst", start.ofst}, std::pair{"itops", start.itops},
        std::pair{"tops", start.tops}, std::pair{"itop", start.itop}, std::pair{"top", start.top}}) {
    if (values.count(name) != 0 && value > 0x3ff) {
      throw UsageError(fmt::format("--{} {:#x} must fit VIF1's 10-bit register (0-0x3ff qwords)", name, value));
    }
  }
}


}  // namespace

void add_state_options(po::options_description& options) {
  // clang-format off
  options.add_options()
      ("state", po::value<std::string>(), "the PCSX2 save state (.p2s)")
      ("vif1-chain", po::value<std::string>(), "byte address of the chain's first tag (decimal or 0x hex)")
      ("vif1-from-regs", po::bool_switch(), "send what the saved DMA channel 1 registers describe")
      ("row", po::value<std::string>(), "VIF1 R0-R3 as four 32-bit words x,y,z,w (default: the state's)")
      ("col", po::value<std::string>(), "VIF1 C0-C3 as four 32-bit words (default: the state's)")
      ("cycle", po::value<std::string>(), "VIF1 CYCLE (WL << 8 | CL)")
      ("mode", po::value<std::string>(), "VIF1 MODE (0-3)")
      ("mask", po::value<std::string>(), "VIF1 MASK")
      ("base", po::value<std::string>(), "VIF1 BASE")
      ("ofst", po::value<std::string>(), "VIF1 OFST")
      ("itops", po::value<std::string>(), "VIF1 ITOPS")
      ("tops", po::value<std::string>(), "VIF1 TOPS")
      ("itop", po::value<std::string>(), "VIF1 ITOP (with --vutrace: what XITOP reads)")
      ("top", po::value<std::string>(), "VIF1 TOP (with --vutrace: what XTOP reads)")
      ("dbf", po::value<std::string>(), "VIF1 STAT.DBF (0 or 1)");
  // clang-format on
}

void reject_state_options_without_state(const po::variables_map& values, bool trace) {
  for (const std::string state_only : {"vif1-chain", "row", "col", "cycle", "mode", "mask", "base", "ofst", "itops",
                                       "tops", "itop", "top", "dbf"}) {
    if (trace && (state_only == "top" || state_only == "itop")) continue;
    if (values.count(state_only) != 0) {
      throw UsageError(fmt::format("--{} needs --state S.p2s{}", state_only,
                                   state_only == "top" || state_only == "itop" ? " or --vutrace TRACE" : ""));
    }
  }
  if (values["vif1-from-regs"].as<bool>()) throw UsageError("--vif1-from-regs needs --state S.p2s");
}

std::unique_ptr<const LoadedState> load_state_from(const po::variables_map& values,
                                                   const system::SystemConfig& config) {
  const bool has_chain = values.count("vif1-chain") != 0;
  const bool from_regs = values["vif1-from-regs"].as<bool>();
  if (has_chain == from_regs) throw UsageError("give either --vif1-chain ADDR or --vif1-from-regs");
  std::optional<uint32_t> chain_address;
  if (has_chain) chain_address = parse_chain_address(values["vif1-chain"].as<std::string>());

  auto loaded = std::make_unique<LoadedState>();
  const std::string state_path = values["state"].as<std::string>();
  loaded->state = formats::read_save_state(formats::read_file(state_path, formats::kMaxSaveStateFileBytes), state_path);
  StateRunRequest& request = loaded->request;
  request.config = config;
  request.state = &loaded->state;
  request.source = state_path;
  request.plan = chain_address ? plan_chain_at(*chain_address, loaded->state.vif1_dma)
                               : plan_from_channel(loaded->state.vif1_dma, state_path + ":eeHwRegs.bin");
  const auto& internal = loaded->state.internal;
  request.vif = vif1_start_from(loaded->state.vif1, internal ? &internal->vif1 : nullptr);
  apply_register_options(values, request.vif);
  return loaded;
}

}  // namespace gcvu::harness
