#pragma once
// The JSON report of `gcvu vu-run --json`: one object, floats as 8-digit lower-case hex bit patterns, integers as
// numbers. Keys: stop, cycles, pairs, stall_cycles, stalls {cause: cycles}, xgkicks, xgkick_qwords, vf [[x,y,z,w]
// x32], vi [x16], acc [x,y,z,w], q, p, i, r, mac, status, clip.

#include <nlohmann/json.hpp>

#include "harness/vu_run/runner.hpp"

namespace gcvu::harness {

nlohmann::ordered_json vu_run_json(const VuRunResult& result);

}  // namespace gcvu::harness
