#pragma once
// The threads a GS draws with: the calling thread plus workers started on first use and kept until the GS goes,
// so a draw split into bands (gs/raster/row_band.hpp) does not pay for starting threads. A run's first
// splittable draws stay on the calling thread until they have drawn enough to repay the start (worth_splitting).
// Each thread has its own pixel workspace.

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "emu/gs/pixel/pixel_pipeline.hpp"

namespace gcvu::gs {

class RasterWorkers {
 public:
  RasterWorkers();
  ~RasterWorkers();
  RasterWorkers(const RasterWorkers&) = delete;
  RasterWorkers& operator=(const RasterWorkers&) = delete;

  // Runs task(0) .. task(count - 1) at once, task(0) on the calling thread, and returns when all have finished
  // (rethrowing the first exception a task threw). Task t uses workspace(t).
  void run(int count, const std::function<void(int)>& task);

  // Whether a draw that may be split over threads should be: once the workers run, or once the pixels of the
  // splittable draws kept on the calling thread (deferred) reach `start_after_pixels`. Starting the workers costs
  // more than a short run's few split draws gain; the output does not depend on it.
  bool worth_splitting(uint64_t start_after_pixels) const {
    return !threads_.empty() || deferred_pixels_ >= start_after_pixels;
  }
  // Counts the pixels of a draw that could have been split but was drawn on the calling thread.
  void defer(uint64_t pixels) { deferred_pixels_ += pixels; }

  // Thread t's workspace (t = 0: the calling thread's; the others exist once run() has had that many tasks).
  PixelWorkspace& workspace(int thread);

 private:
  void ensure_threads(int count);
  void work(int index);

  std::vector<std::unique_ptr<PixelWorkspace>> workspaces_;
  std::vector<std::thread> threads_;  // thread i runs task i + 1
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  const std::function<void(int)>* task_ = nullptr;
  int task_count_ = 0;
  uint64_t deferred_pixels_ = 0;
  uint64_t generation_ = 0;  // counts run() calls, so a worker runs each task once
  int pending_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
};

}  // namespace gcvu::gs
