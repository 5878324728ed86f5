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
  void on_gif_qword(gif::Path path, const Qword& data, uint64_t cycle, bool ended_packet) override {
    for (gif::GifQwordObserver* observer : observers_) observer->on_gif_qword(path, data, cycle, ended_packet);
  }

 private:
  std::vector<gif::GifQwordObserver*> observers_;
};

}  // namespace gcvu::harness
