#include "harness/debug/breakpoints.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "emu/vif/command_table.hpp"
#include "harness/debug/address_text.hpp"
#include "harness/debug/ascii_case.hpp"

namespace gcvu::harness::debug {

namespace {

// Splits "WHAT if EXPR" into WHAT and EXPR.
std::pair<std::string, std::optional<std::string>> split_condition(const std::string& text) {
  std::istringstream words(text);
  std::string word;
  std::string head;
  size_t consumed = 0;
  while (words >> word) {
    if (word == "if") {
      const std::streampos at = words.tellg();
      consumed = at == std::streampos(-1) ? text.size() : static_cast<size_t>(at);
      std::string rest = text.substr(consumed);
      if (rest.find_first_not_of(' ') == std::string::npos) throw ExpressionError("'if' needs an expression after it");
      return {head, rest};
    }
    head += head.empty() ? word : " " + word;
  }
  return {head, std::nullopt};
}

std::vector<uint32_t> memory_words(const vu::DataMemory& data, uint32_t first, uint32_t last) {
  std::vector<uint32_t> words;
  words.reserve((last - first + 1) * 4);
  for (uint32_t q = first; q <= last; ++q) {
    const vu::Vec4& v = data.qword(q);
    words.insert(words.end(), v.begin(), v.end());
  }
  return words;
}

bool known_vif_kind(const std::string& kind) {
  for (int cmd = 0; cmd < 128; ++cmd) {
    if (ascii_upper(std::string(vif::command_info(static_cast<uint8_t>(cmd)).name)) == kind) return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<uint32_t>> read_register(const std::string& name_text, const vu::Vu1& vu) {
  const std::string name = ascii_lower(name_text);
  const vu::Registers& regs = vu.registers();
  auto number = [&](std::string_view prefix, int count) -> std::optional<int> {
    if (name.size() < prefix.size() + 1 || name.compare(0, prefix.size(), prefix) != 0) return std::nullopt;
    const std::string digits = name.substr(prefix.size(), name.find('.') - prefix.size());
    const std::optional<uint64_t> value = parse_number(digits);
    if (!value || *value >= static_cast<uint64_t>(count)) return std::nullopt;
    return static_cast<int>(*value);
  };
  auto lanes = [&](const vu::Vec4& v) -> std::optional<std::vector<uint32_t>> {
    const size_t dot = name.find('.');
    if (dot == std::string::npos) return std::vector<uint32_t>(v.begin(), v.end());
    const std::string fields = name.substr(dot + 1);
    if (fields.empty()) return std::nullopt;
    std::vector<uint32_t> words;
    for (char field : fields) {
      const size_t lane = std::string_view("xyzw").find(field);
      if (lane == std::string_view::npos) return std::nullopt;
      words.push_back(v[lane]);
    }
    return words;
  };
  if (name.rfind("vf", 0) == 0) {
    const auto index = number("vf", 32);
    return index ? lanes(regs.vf(*index)) : std::nullopt;
  }
  if (name.rfind("vi", 0) == 0) {
    const auto index = number("vi", 16);
    if (!index || name.find('.') != std::string::npos) return std::nullopt;
    return std::vector<uint32_t>{regs.vi(*index)};
  }
  if (name == "acc" || name.rfind("acc.", 0) == 0) return lanes(regs.acc());
  if (name == "q") return std::vector<uint32_t>{regs.q};
  if (name == "p") return std::vector<uint32_t>{regs.p};
  if (name == "i") return std::vector<uint32_t>{regs.i};
  if (name == "r") return std::vector<uint32_t>{regs.r};
  if (name == "mac") return std::vector<uint32_t>{regs.mac};
  if (name == "status") return std::vector<uint32_t>{regs.status};
  if (name == "clip") return std::vector<uint32_t>{regs.clip};
  return std::nullopt;
}

const Breakpoint& Breakpoints::add(const std::string& text, const std::map<std::string, uint32_t>& labels,
                                   const DebugMachine& machine) {
  const auto [what, condition] = split_condition(text);
  std::istringstream words(what);
  std::string first;
  words >> first;
  if (first.empty()) throw std::invalid_argument("break needs a place: ADDR|LABEL, read|write|access A[-B], "
                                                 "change REG, kick, mscal or vif KIND");
  std::string second;
  words >> second;
  std::string extra;
  words >> extra;
  Breakpoint bp;
  bp.text = text;
  const std::string keyword = ascii_lower(first);
  auto no_more = [&](size_t expected_words) {
    const size_t given = (second.empty() ? 1 : 2) + (extra.empty() ? 0 : 1);
    if (given > expected_words) throw std::invalid_argument(fmt::format("unexpected '{}' after '{}'",
                                                                        given == 3 ? extra : second, first));
  };
  if (keyword == "read" || keyword == "write" || keyword == "access") {
    if (second.empty()) throw std::invalid_argument(fmt::format("break {} needs a data address or range A-B", first));
    no_more(2);
    bp.kind = BreakKind::kMemory;
    std::tie(bp.first_qword, bp.last_qword) = parse_data_range(second);
    bp.on_read = keyword != "write";
    bp.on_write = keyword != "read";
  } else if (keyword == "change") {
    if (second.empty()) throw std::invalid_argument("break change needs a register (vf05, vf05.x, vi03, q, ...)");
    no_more(2);
    if (!read_register(second, machine.system.vu())) {
      throw std::invalid_argument(fmt::format(
          "'{}' is not a register (vf00-vf31 with optional fields, vi00-vi15, acc, q, p, i, r, mac, status, clip)",
          second));
    }
    bp.kind = BreakKind::kRegister;
    bp.register_name = ascii_lower(second);
  } else if (keyword == "kick" || keyword == "xgkick") {
    no_more(1);
    bp.kind = BreakKind::kKick;
  } else if (keyword == "mscal") {
    no_more(1);
    bp.kind = BreakKind::kMscal;
  } else if (keyword == "vif") {
    if (second.empty()) throw std::invalid_argument("break vif needs a VIFcode kind (UNPACK, MSCAL, DIRECT, ...)");
    no_more(2);
    bp.kind = BreakKind::kVif;
    bp.vif_kind = ascii_upper(second);
    if (!known_vif_kind(bp.vif_kind)) {
      throw std::invalid_argument(fmt::format("'{}' is not a VIFcode name (NOP, STCYCL, OFFSET, BASE, ITOP, STMOD, "
                                              "MSKPATH3, MARK, FLUSHE, FLUSH, FLUSHA, MSCAL, MSCALF, MSCNT, STMASK, "
                                              "STROW, STCOL, MPG, DIRECT, DIRECTHL, UNPACK)",
                                              second));
    }
  } else {
    no_more(1);
    bp.kind = BreakKind::kPc;
    bp.pc = parse_micro_address(first, labels) / 8;
  }
  if (condition) bp.condition = Expression::parse(*condition);
  bp.id = next_id_++;
  list_.push_back(std::move(bp));
  resync(machine);
  return list_.back();
}

bool Breakpoints::remove(int id) {
  const auto found = std::find_if(list_.begin(), list_.end(), [id](const Breakpoint& bp) { return bp.id == id; });
  if (found == list_.end()) return false;
  list_.erase(found);
  return true;
}

void Breakpoints::resync(const DebugMachine& machine) {
  const vu::Vu1& vu = machine.system.vu();
  for (Breakpoint& bp : list_) {
    if (bp.kind == BreakKind::kRegister) bp.last_seen = *read_register(bp.register_name, vu);
    if (bp.kind == BreakKind::kMemory && bp.on_write) bp.last_seen = memory_words(vu.data(), bp.first_qword,
                                                                                  bp.last_qword);
  }
}

std::vector<std::string> Breakpoints::check(const TickEvents& events, const DebugMachine& machine, bool counting) {
  std::vector<std::string> hits;
  const vu::Vu1& vu = machine.system.vu();
  // A pair became the next to issue: a program started, or a pair issued and the program goes on.
  const bool pair_arrived = vu.running() && (events.pair.has_value() || events.program_started);
  for (Breakpoint& bp : list_) {
    bool hit = false;
    switch (bp.kind) {
      case BreakKind::kPc: hit = pair_arrived && vu.registers().tpc == bp.pc; break;
      case BreakKind::kMemory: {
        if (events.access && events.access->qword >= bp.first_qword && events.access->qword <= bp.last_qword) {
          hit = events.access->write ? bp.on_write : bp.on_read;
        }
        if (bp.on_write) {
          std::vector<uint32_t> now = memory_words(vu.data(), bp.first_qword, bp.last_qword);
          if (now != bp.last_seen) {
            hit = true;
            bp.last_seen = std::move(now);
          }
        }
        break;
      }
      case BreakKind::kRegister: {
        std::vector<uint32_t> now = *read_register(bp.register_name, vu);
        if (now != bp.last_seen) {
          hit = true;
          bp.last_seen = std::move(now);
        }
        break;
      }
      case BreakKind::kKick: hit = events.kicks != 0; break;
      case BreakKind::kMscal: hit = events.program_started; break;
      case BreakKind::kVif:
        for (uint8_t cmd : events.vif_commands) {
          if (ascii_upper(std::string(vif::command_info(cmd).name)) == bp.vif_kind) hit = true;
        }
        break;
    }
    if (!hit) continue;
    if (bp.condition) {
      try {
        if (!is_true(bp.condition->evaluate({vu, machine.system.cycle()}))) continue;
      } catch (const ExpressionError& error) {
        // A condition that cannot be worked out stops the run, so the user sees why.
        hits.push_back(fmt::format("breakpoint {} ({}): condition failed: {}", bp.id, bp.text, error.what()));
        continue;
      }
    }
    if (counting) ++bp.hits;
    hits.push_back(fmt::format("breakpoint {} ({})", bp.id, bp.text));
  }
  return hits;
}

std::string Breakpoints::describe() const {
  if (list_.empty()) return "no breakpoints\n";
  std::string text = "id  hits  breakpoint\n";
  for (const Breakpoint& bp : list_) text += fmt::format("{:<3} {:<5} {}\n", bp.id, bp.hits, bp.text);
  return text;
}

}  // namespace gcvu::harness::debug
