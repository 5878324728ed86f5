#pragma once
// The entry point of each gcvu subcommand, one file each in this folder.

#include <span>
#include <string>

#include "harness/cli/command.hpp"

namespace gcvu::harness {

int run_info(std::span<const std::string> args, Io& io);
int run_compare(std::span<const std::string> args, Io& io);
int run_golden(std::span<const std::string> args, Io& io);
int run_asm(std::span<const std::string> args, Io& io);
int run_disasm(std::span<const std::string> args, Io& io);
int run_vectors(std::span<const std::string> args, Io& io);
int run_bench(std::span<const std::string> args, Io& io);
int run_vu_run(std::span<const std::string> args, Io& io);
int run_vif_cases(std::span<const std::string> args, Io& io);
int run_vif_run(std::span<const std::string> args, Io& io);
int run_debug(std::span<const std::string> args, Io& io);
int run_replay(std::span<const std::string> args, Io& io);
int run_regress(std::span<const std::string> args, Io& io);
int run_trace_diff(std::span<const std::string> args, Io& io);
int run_run(std::span<const std::string> args, Io& io);
int run_gen_level(std::span<const std::string> args, Io& io);

}  // namespace gcvu::harness
