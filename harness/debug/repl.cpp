#include "harness/debug/repl.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <readline/history.h>
#include <readline/readline.h>

namespace gcvu::harness::debug {

namespace {

// readline's completion hook is a plain function with no user pointer, so the words it offers live here while an
// interactive session runs (set and cleared by run_interactive).
std::vector<std::string>* completion_words = nullptr;

char* next_completion(const char* text, int state) {
  static size_t index = 0;
  if (state == 0) index = 0;
  const size_t length = std::strlen(text);
  while (completion_words != nullptr && index < completion_words->size()) {
    const std::string& word = (*completion_words)[index++];
    if (word.compare(0, length, text) == 0) return strdup(word.c_str());
  }
  return nullptr;
}

char** complete(const char* text, int, int) {
  rl_attempted_completion_over = 1;  // no file-name completion
  return rl_completion_matches(text, next_completion);
}

}  // namespace

void run_script(Debugger& debugger, std::istream& in, std::ostream& out) {
  std::string line;
  while (std::getline(in, line)) {
    out << kPrompt << line << "\n";
    if (!debugger.execute(line, out)) break;
    out.flush();
  }
}

void run_interactive(Debugger& debugger, const std::filesystem::path& history) {
  std::vector<std::string> words = Debugger::command_names();
  for (const auto& [label, address] : debugger.engine().target().labels) words.push_back(label);
  for (const char* extra : {"breakpoints", "watch", "snapshots", "read", "write", "access", "change", "if", "as",
                            "f32", "i32", "hex"}) {
    words.emplace_back(extra);
  }
  completion_words = &words;
  rl_attempted_completion_function = complete;
  using_history();
  if (!history.empty()) read_history(history.c_str());
  std::string previous;
  while (true) {
    char* raw = readline(kPrompt);
    if (raw == nullptr) break;  // end of input (Ctrl-D)
    std::string line = raw;
    std::free(raw);
    // An empty line repeats the last command, as in gdb.
    if (line.find_first_not_of(" \t") == std::string::npos) line = previous;
    if (line.empty()) continue;
    if (line != previous) add_history(line.c_str());
    previous = line;
    const bool go_on = debugger.execute(line, std::cout);
    std::cout.flush();
    if (!go_on) break;
  }
  if (!history.empty()) write_history(history.c_str());
  completion_words = nullptr;
}

}  // namespace gcvu::harness::debug
