#pragma once
// Hands each GIF qword to several observers (the GIF holds one): a run that records a GS dump and counts strips.

#include <vector>

#include "emu/gif/gif_qword_observer.hpp"

namespace gcvu::harness {

class GifObserverFanOut final : public gif::GifQwordObserver {
 public:
  void add(gif::GifQwordObserver* observer) {
    if (observer != nullptr) observers_.push_back(observer);
  }
  // What the GIF should hold: nothing when no one observes (the GIF then skips the call a qword), the one observer
  // itself, or this fan-out.
  gif::GifQwordObserver* target() {
    if (observers_.empty()) return nullptr;
    return observers_.size() == 1 ? observers_.front() : this;
  }
  void on_gif_qword(gif::Path path, const Qword& data, uint64_t cycle, bool ended_packet) override {
    for (gif::GifQwordObserver* observer : observers_) observer->on_gif_qword(path, data, cycle, ended_packet);
  }

 private:
  std::vector<gif::GifQwordObserver*> observers_;
};

}  // namespace gcvu::harness
