// The commands that show VIF1, the GIF packets and the GS, and write the timeline.

#include <fstream>

#include <fmt/format.h>

#include "harness/debug/address_text.hpp"
#include "harness/debug/chrome_trace.hpp"
#include "harness/debug/debugger.hpp"
#include "harness/debug/debugger_arguments.hpp"
#include "harness/debug/vif_view.hpp"
#include "harness/debug/gif_packet_view.hpp"

namespace gcvu::harness::debug {

void Debugger::gif(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() > 1) throw std::invalid_argument("gif takes at most one qword address");
  std::optional<uint32_t> address;
  if (!args.empty()) {
    address = parse_data_address(args[0]);
  } else {
    address = recorder_.last_kick();
    if (!address) throw std::invalid_argument("no XGKICK has issued yet; give a qword address (gif ADDR)");
  }
  out << describe_gif_packet(engine_.machine().system.vu().data(), *address);
}

void Debugger::vif(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "vif");
  out << describe_vif(engine_.machine().system.vif());
}

void Debugger::gs(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "gs");
  out << recorder_.primitives().describe();
}

void Debugger::trace(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() != 1) throw std::invalid_argument("trace needs one FILE");
  write_chrome_trace_file(recorder_.timeline().slices(), args[0]);
  out << fmt::format("wrote the timeline of cycles 0-{} ({} slices) to {}\n", engine_.cycle(),
                     recorder_.timeline().slices().size(), args[0]);
}

}  // namespace gcvu::harness::debug
