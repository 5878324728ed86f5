#include "emu/gs/raster/raster_workers.hpp"

namespace gcvu::gs {

RasterWorkers::RasterWorkers() { workspaces_.push_back(std::make_unique<PixelWorkspace>()); }

RasterWorkers::~RasterWorkers() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

PixelWorkspace& RasterWorkers::workspace(int thread) { return *workspaces_.at(size_t(thread)); }

void RasterWorkers::ensure_threads(int count) {
  while (int(workspaces_.size()) < count) workspaces_.push_back(std::make_unique<PixelWorkspace>());
  while (int(threads_.size()) < count - 1) {
    const int index = int(threads_.size()) + 1;
    threads_.emplace_back([this, index] { work(index); });
  }
}

void RasterWorkers::run(int count, const std::function<void(int)>& task) {
  if (count <= 1) {
    task(0);
    return;
  }
  ensure_threads(count);
  {
    std::lock_guard lock(mutex_);
    task_ = &task;
    task_count_ = count;
    pending_ = count - 1;
    error_ = nullptr;
    ++generation_;
  }
  start_.notify_all();
  std::exception_ptr own_error;
  try {
    task(0);
  } catch (...) {
    own_error = std::current_exception();
  }
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
  task_ = nullptr;
  if (own_error) std::rethrow_exception(own_error);
  if (error_) std::rethrow_exception(error_);
}

void RasterWorkers::work(int index) {
  uint64_t seen = 0;
  std::unique_lock lock(mutex_);
  while (true) {
    start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
    if (stopping_) return;
    seen = generation_;
    if (index >= task_count_) continue;
    const std::function<void(int)>* task = task_;
    lock.unlock();
    std::exception_ptr error;
    try {
      (*task)(index);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !error_) error_ = error;
    if (--pending_ == 0) done_.notify_one();
  }
}

}  // namespace gcvu::gs
