#pragma once
// The options that start a run from a PCSX2 save state (--state S.p2s, the transfer to send, and VIF1 registers the
// state cannot give back), shared by `gcvu run --state` and `gcvu debug --state`.

#include <memory>

#include <boost/program_options.hpp>

#include "emu/system/system_config.hpp"
#include "formats/pcsx2/save_state.hpp"
#include "harness/run/state_run.hpp"

namespace gcvu::harness {

void add_state_options(boost::program_options::options_description& options);
// UsageError when a state-only option is given without --state. With `trace`, --top and --itop are allowed: they
// are the TOP/ITOP a vutrace trace's XTOP/XITOP read (apply_trace_top_options).
void reject_state_options_without_state(const boost::program_options::variables_map& values, bool trace = false);

// The save state read and the run planned from it; the request points into `state`, so they live together.
struct LoadedState {
  formats::SaveState state;
  StateRunRequest request;
};
// Reads --state and plans the transfer (--vif1-chain or --vif1-from-regs) with the register options applied.
// Throws UsageError for bad options and formats::FormatError naming the file for a bad state.
std::unique_ptr<const LoadedState> load_state_from(const boost::program_options::variables_map& values,
                                                   const system::SystemConfig& config);

}  // namespace gcvu::harness
