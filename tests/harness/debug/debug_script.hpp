#pragma once
// Running `gcvu debug` with a command script in the tests, and checking its output for a part.

#include <string>
#include <vector>

#include "tests/test_support.hpp"

namespace gcvu::test {

// "" when `haystack` holds `needle`, else a message showing both (for EXPECT_EQ(..., "")).
inline std::string missing(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos ? "" : "'" + needle + "' not in:\n" + haystack;
}

// `gcvu debug ARGS --script DIR/script --notes DIR/notes` with `script` written to DIR/script.
inline CliResult debug_with_script(const TempDir& dir, std::vector<std::string> args, const std::string& script) {
  write_bytes(dir / "script", std::vector<uint8_t>(script.begin(), script.end()));
  args.insert(args.begin(), "debug");
  args.insert(args.end(), {"--script", (dir / "script").string(), "--notes", (dir / "notes").string()});
  return run_cli(args);
}

}  // namespace gcvu::test
