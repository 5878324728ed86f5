#include "harness/debug/debugger.hpp"

#include <array>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "emu/system/state_hash.hpp"
#include "emu/gs/gs_state_hash.hpp"
#include "formats/core/format_error.hpp"
#include "harness/debug/address_text.hpp"
#include "harness/debug/debugger_arguments.hpp"
#include "harness/debug/vu_views.hpp"
#include "microcode/disassembler/disassembler.hpp"

namespace gcvu::harness::debug {

struct Debugger::Command {
  std::string_view name;
  std::string_view usage;
  std::string_view summary;
  // Handlers take the words after the name, or the rest of the line as typed (break, watch, note).
  void (Debugger::*words)(const std::vector<std::string>&, std::ostream&) = nullptr;
  void (Debugger::*line)(const std::string&, std::ostream&) = nullptr;
};

std::span<const Debugger::Command> Debugger::table() {
  static const auto kCommands = std::to_array<Command>({
      {"step", "step [N]", "issue N instruction pairs (1), stopping at breakpoints", &Debugger::step},
      {"cycle", "cycle [N]", "run N VU cycles (1): a stalled pair can be watched cycle by cycle", &Debugger::cycle},
      {"next", "next", "step, but over a BAL/JALR call (to the pair after its delay slot)", &Debugger::next},
      {"continue", "continue", "run to a breakpoint or the end of the run", &Debugger::continue_run},
      {"until", "until ADDR|LABEL", "run until the pair at ADDR is the next to issue", &Debugger::until},
      {"finish", "finish", "run to the end of the current microprogram", &Debugger::finish},
      {"mscal", "mscal [N]", "run to the start of the next (Nth) microprogram", &Debugger::mscal},
      {"kick", "kick", "run to the next XGKICK", &Debugger::kick},
      {"back", "back [N]", "go back N instruction pairs (1)", &Debugger::back},
      {"back-cycle", "back-cycle [N]", "go back N cycles (1)", &Debugger::back_cycle},
      {"reverse-continue", "reverse-continue", "go back to the last breakpoint hit before now",
       &Debugger::reverse_continue},
      {"goto", "goto CYCLE", "go to a cycle of the run (back or forward)", &Debugger::goto_command},
      {"break", "break ADDR|LABEL | read|write|access A[-B] | change REG | kick | mscal | vif KIND [if EXPR]",
       "set a breakpoint", nullptr, &Debugger::break_command},
      {"watch", "watch EXPR", "print EXPR at every stop", nullptr, &Debugger::watch},
      {"info", "info breakpoints|watch|snapshots", "list breakpoints, watch expressions or snapshots", &Debugger::info},
      {"delete", "delete [ID...]", "delete breakpoints (all without IDs); 'delete watch N' a watch expression",
       &Debugger::delete_command},
      {"regs", "regs", "VF, VI, ACC, Q, P, I, R and flags; * marks what changed since the stop before",
       &Debugger::regs},
      {"pipe", "pipe", "every FMAC/FDIV/EFU/IALU operation and flag write in flight, with cycles left",
       &Debugger::pipe},
      {"stall", "stall", "why the next pair waits: unit, register, fields, cycles", &Debugger::stall},
      {"mem", "mem ADDR [N] [as f32|i32|hex]", "N qwords (4) of VU1 data memory from qword ADDR", &Debugger::mem},
      {"disasm", "disasm [ADDR] [N]", "N pairs (12) from ADDR (around the next pair), with issue counts and stalls",
       &Debugger::disasm},
      {"gif", "gif [ADDR]", "the GIF packet at the last XGKICK's address (or qword ADDR), decoded",
       &Debugger::gif},
      {"vif", "vif", "VIF1's registers and the command in hand", &Debugger::vif},
      {"gs", "gs", "the last primitives the GS drew and their pixel counts", &Debugger::gs},
      {"note", "note ADDR text", "attach a note to the pair at ADDR (kept in the notes file; empty text removes it)",
       nullptr, &Debugger::note},
      {"trace", "trace FILE", "write the run so far as a Chrome trace-event JSON timeline (Perfetto, chrome://tracing)",
       &Debugger::trace},
      {"hash", "hash", "a hash of the whole machine state (VU1, VIF1, GIF, DMA, GS)", &Debugger::hash},
      {"vutrace", "vutrace", "with --vutrace: the trace's registers beside gcvu's at this step", &Debugger::vutrace},
      {"tview",
       "tview mem S A [N] | find S HEX | save S FILE | next S A | list [xgkick|load A|store A|pc A|text T] | div | "
       "disasm [A [N]] | export FILE | comments FILE",
       "with --vutrace: the trace's own data memory at snapshot S (* marks words changed since S-1), finding "
       "bytes, saving the image, the next snapshot loading/storing qword A, the filtered snapshot list (pc A: the "
       "snapshots the pair at A made), the divergences met so far, the disassembly with each pair's run count "
       "(never: not run), fall-throughs and branches to and from it, with comments and notes, that listing written "
       "to FILE, and loading a vutrace viewer comment file (one line per pair)",
       &Debugger::tview},
      {"where", "where", "print where the run stands", nullptr, nullptr},
      {"help", "help [COMMAND]", "list the commands, or one in full", &Debugger::help},
      {"quit", "quit", "end the session", nullptr, nullptr},
      {"exit", "exit", "end the session", nullptr, nullptr},
      {"echo", "echo TEXT", "print TEXT (for scripts)", nullptr, nullptr},
  });
  return kCommands;
}

std::vector<std::string> Debugger::command_names() {
  std::vector<std::string> names;
  for (const Command& command : table()) names.emplace_back(command.name);
  return names;
}

Debugger::Debugger(DebugTarget target, DebuggerOptions options)
    : options_(options),
      engine_(std::move(target), options.snapshot_interval),
      notes_(engine_.target().notes_file) {
  recorder_.attach(engine_);
  registers_at_stop_ = engine_.machine().system.vu().registers();
  registers_before_ = registers_at_stop_;
}

std::string Debugger::banner() const {
  std::string text = fmt::format("gcvu debug: {} ({} transfer{}), snapshots every {} cycles\n", engine_.target().name,
                                 engine_.target().transfers, engine_.target().transfers == 1 ? "" : "s",
                                 options_.snapshot_interval);
  if (!engine_.target().notes_file.empty()) {
    text += fmt::format("notes: {} ({} notes)\n", engine_.target().notes_file.string(), notes_.all().size());
  }
  return text + where();
}

uint64_t Debugger::state_hash() const {
  const DebugMachine& machine = engine_.machine();
  return system::state_hash(machine.system) ^ (gs::state_hash(machine.gs) * 0x9e3779b97f4a7c15ull);
}

std::string Debugger::where() const {
  const DebugMachine& machine = engine_.machine();
  const vu::Vu1& vu = machine.system.vu();
  std::string text = fmt::format("cycle {}", engine_.cycle());
  if (vu.running()) {
    const uint32_t pc = vu.registers().tpc;
    text += fmt::format("  program {} (started at {})  pairs {}\n", machine.system.microprograms().size(),
                        machine.system.microprograms().back().start_cycle, vu.stats().pairs);
    const vu::Stall stall = vu.pending_stall();
    text += fmt::format("=> {:#06x}  {}", pc * 8, microcode::disassemble_bundle(vu.micro().instruction(pc)));
    if (stall.cycles != 0) text += fmt::format("   [stalled {} more: {}]", stall.cycles, stall.to_string());
    if (const auto note = notes_.all().find(pc * 8); note != notes_.all().end()) text += "  ; " + note->second;
    text += "\n";
  } else {
    text += fmt::format("  VU1 idle ({} programs run)  VIF1 {}\n", machine.system.microprograms().size(),
                        vif::vif1_state_name(machine.system.vif().state()));
  }
  return text;
}

void Debugger::print_stop(const std::string& reason, std::ostream& out) {
  registers_before_ = registers_at_stop_;
  registers_at_stop_ = engine_.machine().system.vu().registers();
  out << reason << "\n" << where();
  for (size_t n = 0; n < watches_.size(); ++n) {
    out << fmt::format("watch {}: {} = ", n + 1, watches_[n].text());
    try {
      out << value_text(watches_[n].evaluate({engine_.machine().system.vu(), engine_.cycle()})) << "\n";
    } catch (const ExpressionError& error) {
      out << "(" << error.what() << ")\n";
    }
  }
}

bool Debugger::execute(const std::string& line_text, std::ostream& out) {
  std::istringstream words_in(line_text);
  std::string name;
  words_in >> name;
  if (name.empty() || name[0] == '#') return true;
  std::vector<std::string> words;
  for (std::string word; words_in >> word;) words.push_back(word);
  const size_t name_end = line_text.find(name) + name.size();
  std::string rest = line_text.substr(name_end);
  rest.erase(0, rest.find_first_not_of(" \t"));
  while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r')) rest.pop_back();

  const Command* command = nullptr;
  for (const Command& candidate : table()) {
    if (candidate.name == name) command = &candidate;
  }
  // Short forms, as gdb's users type them.
  static constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
      {"s", "step"}, {"c", "continue"}, {"n", "next"}, {"b", "break"}, {"q", "quit"}, {"rc", "reverse-continue"},
      {"bc", "back-cycle"}, {"x", "mem"}};
  for (const auto& [alias, full] : kAliases) {
    if (name == alias) {
      for (const Command& candidate : table()) {
        if (candidate.name == full) command = &candidate;
      }
    }
  }
  if (command == nullptr) {
    ++errors_;
    out << fmt::format("error: unknown command '{}' (type help for the list)\n", name);
    return true;
  }
  if (command->name == "quit" || command->name == "exit") return false;
  try {
    if (command->name == "where") {
      out << where();
    } else if (command->name == "echo") {
      out << rest << "\n";
    } else if (command->line != nullptr) {
      (this->*command->line)(rest, out);
    } else {
      (this->*command->words)(words, out);
    }
  } catch (const std::invalid_argument& error) {
    ++errors_;
    out << "error: " << error.what() << "\n";
  } catch (const ExpressionError& error) {
    ++errors_;
    out << "error: " << error.what() << "\n";
  } catch (const std::runtime_error& error) {
    ++errors_;
    out << "error: " << error.what() << "\n";
  }
  return true;
}

void Debugger::break_command(const std::string& rest, std::ostream& out) {
  const Breakpoint& bp = breakpoints_.add(rest, engine_.target().labels, engine_.machine());
  out << fmt::format("breakpoint {}: {}\n", bp.id, bp.text);
}

void Debugger::watch(const std::string& rest, std::ostream& out) {
  if (rest.empty()) throw std::invalid_argument("watch needs an expression");
  Expression expression = Expression::parse(rest);
  out << fmt::format("watch {}: {} = ", watches_.size() + 1, expression.text());
  try {
    out << value_text(expression.evaluate({engine_.machine().system.vu(), engine_.cycle()})) << "\n";
  } catch (const ExpressionError& error) {
    out << "(" << error.what() << ")\n";
  }
  watches_.push_back(std::move(expression));
}

void Debugger::info(const std::vector<std::string>& args, std::ostream& out) {
  const std::string what = args.empty() ? "" : args[0];
  if (args.size() == 1 && (what == "breakpoints" || what == "break" || what == "b")) {
    out << breakpoints_.describe();
  } else if (args.size() == 1 && what == "watch") {
    if (watches_.empty()) out << "no watch expressions\n";
    for (size_t n = 0; n < watches_.size(); ++n) out << fmt::format("{}  {}\n", n + 1, watches_[n].text());
  } else if (args.size() == 1 && what == "snapshots") {
    out << fmt::format("{} snapshots, every {} cycles (the last at cycle {})\n", engine_.snapshot_count(),
                       engine_.snapshot_interval(), engine_.snapshot_before(UINT64_MAX));
  } else {
    throw std::invalid_argument("info takes one of: breakpoints, watch, snapshots");
  }
}

void Debugger::delete_command(const std::vector<std::string>& args, std::ostream& out) {
  if (args.empty()) {
    breakpoints_.clear();
    out << "deleted every breakpoint\n";
    return;
  }
  if (args[0] == "watch") {
    if (args.size() != 2) throw std::invalid_argument("delete watch needs one watch number");
    const std::optional<uint64_t> n = parse_number(args[1]);
    if (!n || *n == 0 || *n > watches_.size()) throw std::invalid_argument(fmt::format("no watch {}", args[1]));
    watches_.erase(watches_.begin() + static_cast<std::ptrdiff_t>(*n - 1));
    out << fmt::format("deleted watch {}\n", *n);
    return;
  }
  for (const std::string& arg : args) {
    const std::optional<uint64_t> id = parse_number(arg);
    if (!id || !breakpoints_.remove(static_cast<int>(*id))) {
      throw std::invalid_argument(fmt::format("no breakpoint {}", arg));
    }
    out << fmt::format("deleted breakpoint {}\n", *id);
  }
}

void Debugger::regs(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "regs");
  out << regs_view(engine_.machine().system.vu().registers(), registers_before_, options_.colour);
}

void Debugger::pipe(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "pipe");
  out << pipe_view(engine_.machine().system.vu());
}

void Debugger::stall(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "stall");
  out << stall_view(engine_.machine().system.vu());
}

void Debugger::mem(const std::vector<std::string>& args, std::ostream& out) {
  if (args.empty() || args.size() > 4) throw std::invalid_argument("mem needs ADDR [N] [as f32|i32|hex]");
  const uint32_t address = parse_data_address(args[0]);
  uint64_t count = 4;
  MemoryFormat format = MemoryFormat::kHex;
  size_t at = 1;
  if (at < args.size() && args[at] != "as") {
    const std::optional<uint64_t> n = parse_number(args[at]);
    if (!n || *n == 0 || *n > vu::kDataQwords) {
      throw std::invalid_argument(fmt::format("mem: '{}' is not a qword count (1-1024)", args[at]));
    }
    count = *n;
    ++at;
  }
  if (at < args.size()) {
    if (args[at] != "as" || at + 2 != args.size()) throw std::invalid_argument("mem: the format is 'as f32|i32|hex'");
    const std::string& name = args[at + 1];
    if (name == "f32") {
      format = MemoryFormat::kFloat;
    } else if (name == "i32") {
      format = MemoryFormat::kInteger;
    } else if (name != "hex") {
      throw std::invalid_argument(fmt::format("mem: '{}' is not a format (f32, i32 or hex)", name));
    }
  }
  out << mem_view(engine_.machine().system.vu().data(), address, static_cast<uint32_t>(count), format);
}

void Debugger::disasm(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() > 2) throw std::invalid_argument("disasm takes [ADDR] [N]");
  const vu::Vu1& vu = engine_.machine().system.vu();
  uint32_t first = vu.registers().tpc >= 4 ? (vu.registers().tpc - 4) * 8 : 0;
  if (!args.empty()) first = parse_micro_address(args[0], engine_.target().labels);
  uint64_t count = 12;
  if (args.size() == 2) {
    const std::optional<uint64_t> n = parse_number(args[1]);
    if (!n || *n == 0 || *n > vu::kMicroInstructions) {
      throw std::invalid_argument(fmt::format("disasm: '{}' is not a pair count (1-2048)", args[1]));
    }
    count = *n;
  }
  const uint64_t done = vu.stats().pairs;
  const std::span<const PairRecord> pairs(engine_.pairs().data(), std::min<uint64_t>(done, engine_.pairs().size()));
  out << disasm_view({vu, pairs, engine_.target().labels, notes_.all()}, first, static_cast<uint32_t>(count));
}

void Debugger::note(const std::string& rest, std::ostream& out) {
  const size_t space = rest.find(' ');
  const std::string address_text = rest.substr(0, space);
  if (address_text.empty()) throw std::invalid_argument("note needs ADDR and text");
  const uint32_t address = parse_micro_address(address_text, engine_.target().labels);
  std::string text = space == std::string::npos ? "" : rest.substr(space + 1);
  text.erase(0, text.find_first_not_of(' '));
  try {
    notes_.set(address, text);
  } catch (const std::exception& error) {
    throw std::runtime_error(fmt::format("the note is kept for this session, but the notes file could not be written: "
                                         "{}",
                                         error.what()));
  }
  out << (text.empty() ? fmt::format("note at {:#06x} removed\n", address)
                       : fmt::format("note at {:#06x}: {}\n", address, text));
}

void Debugger::follow(const formats::VutraceTrace& trace, const TraceDiffOptions& options) {
  follower_.emplace(trace, options);
}

void Debugger::vutrace(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "vutrace");
  if (!follower_) throw std::invalid_argument("no trace is being followed (start with --vutrace TRACE)");
  out << follower_->side_by_side(engine_.machine().system.vu());
}

void Debugger::hash(const std::vector<std::string>& args, std::ostream& out) {
  no_arguments(args, "hash");
  out << fmt::format("state hash {:016x} at cycle {}\n", state_hash(), engine_.cycle());
}

void Debugger::help(const std::vector<std::string>& args, std::ostream& out) {
  if (args.size() > 1) throw std::invalid_argument("help takes at most one command name");
  for (const Command& command : table()) {
    if (!args.empty() && command.name != args[0]) continue;
    out << fmt::format("  {:<44} {}\n", command.usage, command.summary);
  }
  if (args.empty()) {
    out << "Micro addresses are byte addresses (0x120) or labels; data addresses are qword addresses (0-0x3ff).\n"
           "Expressions: vi03, vf05.x, acc.y, q, p, i, r, mac, status, clip, pc, cycle, pairs, top, itop,\n"
           "mem[A].x (float), memi[A].x (bits), numbers, and C's operators.\n";
  }
}

}  // namespace gcvu::harness::debug
