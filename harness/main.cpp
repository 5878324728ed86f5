#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

#include "harness/cli/command.hpp"
#include "harness/process/heap_tuning.hpp"

int main(int argc, char** argv) {
  gcvu::harness::keep_freed_memory_in_process();
  std::vector<std::string> args(argv + 1, argv + argc);
  gcvu::harness::Io io{std::cout, std::cerr, isatty(STDERR_FILENO) != 0};
  int code = gcvu::harness::run_gcvu(args, io);
  std::cout.flush();
  return code;
}
