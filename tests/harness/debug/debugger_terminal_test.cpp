// `gcvu debug` at a real terminal: the session runs inside tmux (a private server), keys are sent with send-keys
// and the screen is read back with capture-pane. Checks the prompt, a command and its output, Tab completion
// through readline, the history file, and that a bad command leaves the session running.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include <fmt/format.h>
#include <unistd.h>

#include "tests/system/e2e_stream.hpp"
#include "tests/test_support.hpp"

namespace gcvu::harness {
namespace {

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// Runs a shell command, returning its standard output.
std::string run_shell(const std::string& command) {
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return output;
  char buffer[4096];
  size_t got = 0;
  while ((got = fread(buffer, 1, sizeof buffer, pipe)) > 0) output.append(buffer, got);
  pclose(pipe);
  return output;
}

class TmuxSession {
 public:
  TmuxSession(const std::string& command, const std::filesystem::path& home)
      : server_(fmt::format("gcvu-test-{}", getpid())) {
    run_shell(fmt::format("tmux -L {} -f /dev/null new-session -d -x 160 -y 50 {} 2>&1", server_,
                          shell_quote("env HOME=" + home.string() + " TERM=xterm " + command)));
  }
  ~TmuxSession() { run_shell(fmt::format("tmux -L {} kill-server 2>/dev/null", server_)); }
  void keys(const std::string& keys) { run_shell(fmt::format("tmux -L {} send-keys {}", server_, keys)); }
  std::string screen() { return run_shell(fmt::format("tmux -L {} capture-pane -p -S -200", server_)); }
  // Waits (at most 20 s: a bound on a hang, not a speed check) until the screen shows `text`.
  bool wait_for(const std::string& text) {
    for (int tries = 0; tries < 400; ++tries) {
      if (screen().find(text) != std::string::npos) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
  }

 private:
  std::string server_;
};

TEST(DebuggerTerminal, InteractiveSessionUnderTmux) {
  if (run_shell("command -v tmux").empty()) GTEST_SKIP() << "tmux is not installed (scripts/setup.sh installs it)";
  test::TempDir dir;
  test::write_bytes(dir / "e2e.vif", test::e2e_stream_bytes());
  TmuxSession tmux(fmt::format("{} debug {} --notes {}", test::gcvu_binary().string(), (dir / "e2e.vif").string(),
                               (dir / "notes").string()),
                   dir.path());
  ASSERT_TRUE(tmux.wait_for("(gcvu)")) << tmux.screen();  // capture-pane drops trailing spaces
  tmux.keys("'break 0x18' Enter");
  ASSERT_TRUE(tmux.wait_for("breakpoint 1: 0x18")) << tmux.screen();
  tmux.keys("'cont' Tab Enter");  // completes to `continue`
  ASSERT_TRUE(tmux.wait_for("[stalled 3 more")) << tmux.screen();
  EXPECT_NE(tmux.screen().find("(gcvu) continue"), std::string::npos) << tmux.screen();
  tmux.keys("'nonsense' Enter");
  ASSERT_TRUE(tmux.wait_for("error: unknown command 'nonsense'")) << tmux.screen();
  tmux.keys("'stall' Enter");
  ASSERT_TRUE(tmux.wait_for("3 cycles left, issues at cycle 36")) << tmux.screen();
  tmux.keys("'quit' Enter");
  // The history file holds the commands typed.
  bool saved = false;
  for (int tries = 0; tries < 400 && !saved; ++tries) {
    std::ifstream history(dir / ".gcvu_debug_history");
    std::string text((std::istreambuf_iterator<char>(history)), std::istreambuf_iterator<char>());
    saved = text.find("stall") != std::string::npos;
    if (!saved) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(saved);
}

}  // namespace
}  // namespace gcvu::harness
