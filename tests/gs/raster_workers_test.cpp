// The GS's draw threads (gs/raster/raster_workers.hpp): every task of a run runs exactly once, task 0 on the
// calling thread, the pool is reused across runs of different sizes, and a task's exception reaches the caller.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "emu/gs/raster/raster_workers.hpp"

namespace gcvu::gs {
namespace {

TEST(RasterWorkers, RunsEachTaskOnceAndTaskZeroOnTheCaller) {
  RasterWorkers workers;
  for (const int count : {3, 1, 2, 4, 2}) {
    std::vector<std::atomic<int>> runs(static_cast<size_t>(count));
    std::thread::id first;
    workers.run(count, [&](int t) {
      runs[size_t(t)]++;
      if (t == 0) first = std::this_thread::get_id();
    });
    for (int t = 0; t < count; ++t) EXPECT_EQ(runs[size_t(t)].load(), 1) << "task " << t << " of " << count;
    EXPECT_EQ(first, std::this_thread::get_id());
  }
}

TEST(RasterWorkers, EachTaskHasItsOwnWorkspace) {
  RasterWorkers workers;
  std::vector<PixelWorkspace*> seen(3, nullptr);
  workers.run(3, [&](int t) { seen[size_t(t)] = &workers.workspace(t); });
  EXPECT_NE(seen[0], seen[1]);
  EXPECT_NE(seen[1], seen[2]);
  EXPECT_NE(seen[0], seen[2]);
}

TEST(RasterWorkers, AWorkerExceptionReachesTheCaller) {
  RasterWorkers workers;
  EXPECT_THROW(workers.run(2,
                           [](int t) {
                             if (t == 1) throw std::runtime_error("band 1");
                           }),
               std::runtime_error);
  // The pool still works afterwards.
  std::atomic<int> total = 0;
  workers.run(2, [&](int t) { total += t + 1; });
  EXPECT_EQ(total.load(), 3);
}

}  // namespace
}  // namespace gcvu::gs
