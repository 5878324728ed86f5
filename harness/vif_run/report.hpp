#pragma once
// The report `gcvu vif-run` prints: how the run ended, what the DMA and VIF1 moved, one row per microprogram and
// what the GIF produced; as text and as JSON.

#include <string>

#include <nlohmann/json.hpp>

#include "harness/vif_run/runner.hpp"

namespace gcvu::harness {

std::string format_vif_run_text(const VifRunResult& result);
nlohmann::json vif_run_json(const VifRunResult& result);

}  // namespace gcvu::harness
