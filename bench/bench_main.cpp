// The benchmark executable's main: Google Benchmark's, with the heap set up as gcvu's own main sets it, so a
// benchmark that allocates per iteration measures what `gcvu` does rather than the kernel's page faults.
#include <benchmark/benchmark.h>

#include "harness/process/heap_tuning.hpp"

int main(int argc, char** argv) {
  gcvu::harness::keep_freed_memory_in_process();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
