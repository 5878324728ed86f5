#pragma once
// How a draw split over threads hands out its work as the threads free up: the rows in `units` sets of interleaved
// bands (unit u draws RowBand{units, u}), the batch's primitives in `chunks` runs in order, a task one run of one
// unit. A thread claims the next run of the unit least far along that no thread holds, so a thread that gets less
// of a core (it shares one with the dump decoder, or it also feeds the GS) simply draws fewer tasks. Every pixel
// lies in one unit and each unit's runs go in order, one thread at a time, so memory does not depend on who drew
// what; the lock between one thread's release and the next one's claim orders their writes.

#include <cstdint>
#include <mutex>
#include <vector>

namespace gcvu::gs {

class BandClaims {
 public:
  struct Task {
    int unit = -1;  // -1: none held yet
    int chunk = 0;
  };

  // `reverse_chunks` (GsConfig::break_chunk_order, tests only) hands out each unit's runs last to first.
  BandClaims(int units, int chunks, bool reverse_chunks = false);

  // Claims the next task into `task`, which holds the caller's previous one (or none): the next run of the caller's
  // previous unit while it is at most kLeadKept runs ahead of the free unit least far along (its rows are still in
  // the caller's cache), else of that unit. False when every unit is finished or held by another thread.
  bool claim(Task& task);
  // The task's run is drawn (and anything its pipeline held back written): its unit is free for the next.
  void release(const Task& task);

  static constexpr int kLeadKept = 1;

  int units() const { return int(drawn_.size()); }
  int chunks() const { return chunks_; }

 private:
  std::mutex mutex_;
  std::vector<int> drawn_;     // runs of each unit drawn or being drawn
  std::vector<uint8_t> held_;  // whether a thread holds the unit
  int chunks_;
  bool reverse_chunks_;
};

}  // namespace gcvu::gs
