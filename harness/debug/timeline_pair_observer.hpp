#pragma once
// Feeds a Timeline from Vu1::set_observer: each executed pair with the VU as the pair left it.

#include "emu/vu/interpreter/vu1.hpp"
#include "harness/debug/timeline.hpp"

namespace gcvu::harness::debug {

class TimelinePairObserver : public vu::PairObserver {
 public:
  TimelinePairObserver(Timeline& timeline, const vu::Vu1& vu) : timeline_(timeline), vu_(vu) {}
  void on_pair(const vu::PairEvent& event) override { timeline_.on_pair(event, vu_); }

 private:
  Timeline& timeline_;
  const vu::Vu1& vu_;
};

}  // namespace gcvu::harness::debug
