// The gcvu command line: help lists every command and documents every option; a bad invocation is one clear
// line and exit code 2.

#include <gtest/gtest.h>

#include "harness/cli/command.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

using test::run_cli;

size_t lines(const std::string& text) { return static_cast<size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(Cli, HelpListsEveryCommand) {
  auto result = run_cli({"--help"});
  EXPECT_EQ(result.code, 0);
  for (const Command& command : all_commands()) {
    EXPECT_NE(result.out.find("  " + std::string(command.name) + " "), std::string::npos) << command.name;
  }
}

TEST(Cli, NoArgumentsPrintsUsageAndFails) {
  auto result = run_cli({});
  EXPECT_EQ(result.code, 2);
  EXPECT_NE(result.err.find("Usage: gcvu <command>"), std::string::npos);
}

TEST(Cli, UnknownCommandIsOneLineExit2) {
  auto result = run_cli({"frobnicate"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(result.err, "gcvu: unknown command 'frobnicate' (see 'gcvu --help')\n");
}

TEST(Cli, UnknownOptionIsOneLineExit2) {
  for (const Command& command : all_commands()) {
    auto result = run_cli({std::string(command.name), "--no-such-option"});
    EXPECT_EQ(result.code, 2) << command.name;
    EXPECT_EQ(lines(result.err), 1u) << command.name << ": " << result.err;
    EXPECT_NE(result.err.find("--no-such-option"), std::string::npos) << result.err;
  }
}

TEST(Cli, MissingArgumentIsOneLineExit2) {
  auto result = run_cli({"compare", "only-one.png"});
  EXPECT_EQ(result.code, 2);
  EXPECT_EQ(lines(result.err), 1u);
  EXPECT_NE(result.err.find("gcvu compare:"), std::string::npos);
}

TEST(Cli, EveryCommandHasHelpDocumentingItsOptions) {
  const std::map<std::string, std::vector<std::string>> documented = {
      {"compare", {"--diff", "--raw", "--fbp", "--fbw", "--psm", "--rect", "--save-a", "--save-b", "Exit status"}},
      {"info", {"Exit status"}},
      {"gen-level", {"--out", "--seed", "--patches", "Exit status"}},
      {"golden", {"--filter", "--shared", "--rebaseline", "--keep", "Exit status"}},
      {"asm", {"--output", "--list", "--include-dir", "--defsym", "--strict", "--external-branches"}},
      {"disasm", {"--base", "--bare", "--no-labels", "--vif", "--chain"}},
      {"vectors", {"--max-failures"}},
      {"vif-cases", {"--max-failures", "--v2-extra", "--v3-extra", "--fill-cycles", "Exit status"}},
      {"vif-run",
       {"--ee", "--chain", "--tte", "--tie", "--micro", "--data", "--dump-vu", "--dump-gif", "--json", "--max-cycles",
        "--vu-max-cycles", "--tag-budget", "--v2-extra", "--v3-extra", "--fill-cycles", "--engine", "Exit status"}},
      {"replay", {"--frames", "--out", "--vram", "--expect", "--lanes", "Exit status"}},
      {"regress", {"--jobs", "--shard", "--report", "--filter", "--shared", "Exit status"}},
      {"run", {"--level", "--camera", "--frames", "--step", "--seed", "--patches",
               "--state", "--vif1-chain", "--vif1-from-regs", "--out",  "--vram", "--gs-dump", "--max-cycles",
               "--row",   "--col",        "--cycle",          "--mode", "--mask", "--base",    "--ofst",
               "--itops", "--tops",       "--itop",           "--top",  "--dbf",  "ROW/COL",   "--engine",
               "Exit status"}},
      {"debug",
       {"--ee", "--chain", "--micro", "--data", "--mask-undefined", "--frames", "--step", "--seed", "--patches",
        "--state", "--vif1-chain", "--vif1-from-regs", "--vutrace", "--golden", "--script", "--notes", "--history",
        "--snapshot-interval", "--max-cycles", "--vu-max-cycles", "--row", "--col", "--v2-extra", "Exit status"}},
      {"bench", {"--data", "--json", "--min-seconds", "--repetitions", "--max-cycles", "--engine", "tfrag_frame"}},
      {"vu-run",
       {"--data", "--start", "--max-cycles", "--json", "--dump-data", "--dump-kicks", "--trace", "--write-clash",
        "--d-bit", "--t-bit", "--engine"}},
      {"trace-diff",
       {"--ignore", "--ignore-floats", "--float-ulps", "--max-steps", "--write-clash", "--top", "--itop",
        "--max-decoded-mib", "Lockstep semantics", "not bit-exact", "Exit status"}},
  };
  for (const Command& command : all_commands()) {
    EXPECT_TRUE(documented.count(std::string(command.name)) != 0) << command.name << " has no documented-options entry";
  }
  for (const Command& command : all_commands()) {
    auto result = run_cli({std::string(command.name), "--help"});
    EXPECT_EQ(result.code, 0) << command.name;
    EXPECT_NE(result.out.find("Usage: gcvu " + std::string(command.name)), std::string::npos);
    EXPECT_NE(result.out.find("--help"), std::string::npos);
    auto it = documented.find(std::string(command.name));
    if (it == documented.end()) continue;
    for (const std::string& word : it->second) {
      EXPECT_NE(result.out.find(word), std::string::npos) << command.name << " help lacks " << word;
    }
  }
}

}  // namespace
}  // namespace gcvu::harness
