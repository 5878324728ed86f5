#include "harness/vu_run/result_json.hpp"

#include <fmt/format.h>

#include "emu/vu/pipeline/stall.hpp"

namespace gcvu::harness {

namespace {

std::string hex32(uint32_t bits) { return fmt::format("{:08x}", bits); }

nlohmann::ordered_json lanes(const vu::Vec4& vector) {
  return nlohmann::ordered_json::array({hex32(vector[0]), hex32(vector[1]), hex32(vector[2]), hex32(vector[3])});
}

}  // namespace

nlohmann::ordered_json vu_run_json(const VuRunResult& result) {
  const vu::Registers& regs = result.registers;
  nlohmann::ordered_json json;
  json["stop"] = result.stop;
  json["cycles"] = result.cycles;
  json["pairs"] = result.stats.pairs;
  json["stall_cycles"] = result.stats.stall_cycles;
  nlohmann::ordered_json stalls = nlohmann::ordered_json::object();
  for (size_t cause = 1; cause < result.stats.stall_cycles_by_cause.size(); ++cause) {
    stalls[vu::stall_cause_name(static_cast<vu::StallCause>(cause))] = result.stats.stall_cycles_by_cause[cause];
  }
  json["stalls"] = stalls;
  json["xgkicks"] = result.stats.xgkicks;
  json["xgkick_qwords"] = result.kick_qwords;
  nlohmann::ordered_json vf = nlohmann::ordered_json::array();
  for (int n = 0; n < vu::kVfCount; ++n) vf.push_back(lanes(regs.vf(n)));
  json["vf"] = vf;
  nlohmann::ordered_json vi = nlohmann::ordered_json::array();
  for (int n = 0; n < vu::kViCount; ++n) vi.push_back(regs.vi(n));
  json["vi"] = vi;
  json["acc"] = lanes(regs.acc());
  json["q"] = hex32(regs.q);
  json["p"] = hex32(regs.p);
  json["i"] = hex32(regs.i);
  json["r"] = hex32(regs.r);
  json["mac"] = regs.mac;
  json["status"] = regs.status;
  json["clip"] = regs.clip;
  return json;
}

}  // namespace gcvu::harness
