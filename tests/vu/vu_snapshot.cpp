#include "tests/vu/vu_snapshot.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

namespace gcvu::test {

VuSnapshot::VuSnapshot(const vu::Vu1& vu, const RecordingPath1* path1, bool memory_and_kicks) {
  const vu::Registers& r = vu.registers();
  section("VF");
  for (int n = 0; n < vu::kVfCount; ++n) {
    for (int lane = 0; lane < 4; ++lane) add(r.vf_lane(n, lane));
  }
  section("VI");
  for (int n = 0; n < vu::kViCount; ++n) add(r.vi(n));
  section("ACC");
  for (uint32_t lane : r.acc()) add(lane);
  section("Q P I R MAC status clip TPC");
  for (uint64_t value : {uint64_t{r.q}, uint64_t{r.p}, uint64_t{r.i}, uint64_t{r.r}, uint64_t{r.mac},
                         uint64_t{r.status}, uint64_t{r.clip}, uint64_t{r.tpc}}) {
    add(value);
  }
  if (memory_and_kicks) {
    section("data memory word");
    for (uint32_t qword = 0; qword < vu::kDataQwords; ++qword) {
      for (int lane = 0; lane < 4; ++lane) add(vu.data().word(qword, lane));
    }
  }
  section("cycle start_cycle running stop_reason");
  add(vu.cycle());
  add(vu.start_cycle());
  add(vu.running() ? 1 : 0);
  add(static_cast<uint64_t>(vu.stop_reason()));
  stop_message_ = vu.stop_message();
  const vu::Vu1Stats& stats = vu.stats();
  section("stats pairs stall_cycles xgkicks");
  add(stats.pairs);
  add(stats.stall_cycles);
  add(stats.xgkicks);
  section("stall cycles by cause");
  for (uint64_t cycles : stats.stall_cycles_by_cause) add(cycles);
  section("FMAC writes in flight (reg fields issue ready)");
  for (const vu::FmacWrite& write : vu.fmac().in_flight(vu.cycle())) {
    for (uint64_t value : {uint64_t{write.reg}, uint64_t{write.fields}, write.issue, write.ready}) add(value);
  }
  section("FMAC drain cycle");
  add(vu.fmac().drain_cycle());
  section("flags in flight (issue ready mac sticky clip)");
  for (const vu::PendingFlags& flags : vu.flags().in_flight()) {
    for (uint64_t value : {flags.issue, flags.ready, uint64_t{flags.sets_mac}, uint64_t{flags.mac},
                           uint64_t{flags.extra_sticky}, uint64_t{flags.sets_clip}, uint64_t{flags.clip_judgement}}) {
      add(value);
    }
  }
  section("FDIV and EFU pending (busy issue ready value)");
  for (const vu::PendingResult* pending : {&vu.fdiv().pending(), &vu.efu().pending()}) {
    for (uint64_t value : {uint64_t{pending->busy}, pending->issue, pending->ready, uint64_t{pending->value},
                           uint64_t{pending->status_id}}) {
      add(value);
    }
  }
  const vu::XgkickUnit& kick = vu.xgkick();
  section("XGKICK unit (busy address next free sent transfers)");
  for (uint64_t value : {uint64_t{kick.busy()}, uint64_t{kick.next_address()}, kick.next_cycle(), kick.free_cycle(),
                         kick.qwords_sent(), kick.transfers()}) {
    add(value);
  }
  if (path1 != nullptr && memory_and_kicks) {
    section("XGKICK qword (x y z w address cycle)");
    for (const RecordingPath1::Qword& qword : path1->qwords) {
      for (uint32_t lane : qword.value) add(lane);
      add(qword.address);
      add(qword.cycle);
    }
  }
  section("end");
}

std::string VuSnapshot::where(size_t index) const {
  const Section* found = &sections_.front();
  for (const Section& s : sections_) {
    if (s.start <= index) found = &s;
  }
  return fmt::format("{} [{}]", found->name, index - found->start);
}

std::string VuSnapshot::difference(const VuSnapshot& other) const {
  const size_t common = std::min(values_.size(), other.values_.size());
  for (size_t n = 0; n < common; ++n) {
    if (values_[n] != other.values_[n]) {
      return fmt::format("{}: {:#x} != {:#x}", where(n), values_[n], other.values_[n]);
    }
  }
  if (values_.size() != other.values_.size()) {
    return fmt::format("{} values != {} (first extra at {})", values_.size(), other.values_.size(),
                       common < values_.size() ? where(common) : other.where(common));
  }
  if (stop_message_ != other.stop_message_)
    return fmt::format("stop message '{}' != '{}'", stop_message_, other.stop_message_);
  return "";
}

void expect_same(const VuSnapshot& reference, const VuSnapshot& blocks, const std::string& what) {
  const std::string difference = reference.difference(blocks);
  if (!difference.empty()) ADD_FAILURE() << what << ": per-pair vs block runner: " << difference;
}

}  // namespace gcvu::test
