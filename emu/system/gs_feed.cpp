#include "emu/system/gs_feed.hpp"

#include <algorithm>
#include <cstring>

namespace gcvu::system {

namespace {

// 4 MiB: a whole 1 MiB IMAGE run fits in one record, and the producer runs up to a few frames ahead of the GS.
constexpr size_t kRingBytes = size_t{4} << 20;

// The records' layouts; each starts with its kind.
struct RegisterRecord {
  uint8_t kind;
  uint8_t address;
  uint64_t value;
};
struct ImageRecord {
  uint8_t kind;
  Qword data;
};
struct ImageRunRecord {
  uint8_t kind;
  uint32_t data_bytes;
  uint32_t following_bytes;  // then the data's bytes and the following bytes
};
struct TaskRecord {
  uint8_t kind;
  void (*call)(void*, gs::Gs&, uint64_t);
  void* task;
  uint64_t argument;
};

template <typename Record>
Record read_record(std::span<const uint8_t> bytes) {
  Record record;
  std::memcpy(&record, bytes.data(), sizeof record);
  return record;
}

}  // namespace

GsFeed::GsFeed(gs::Gs& gs, bool threaded) : gs_(gs) {
  if (!threaded) return;
  ring_ = std::make_unique<RecordRing>(kRingBytes);
  thread_ = std::thread([this] { consume(); });
}

GsFeed::~GsFeed() {
  if (!threaded()) return;
  dropping_.store(true, std::memory_order_relaxed);
  ring_->close();
  thread_.join();
}

template <typename Record>
void GsFeed::push(const Record& record) {
  if (failed_.load(std::memory_order_acquire)) rethrow_error();
  std::memcpy(ring_->reserve(sizeof record), &record, sizeof record);
  ring_->commit();
}

void GsFeed::write_register(gif::Path, uint8_t address, uint64_t value, uint64_t) {
  if (!threaded()) return gs_.write_register(address, value, gs::WriteOrigin::kAddressData);
  push(RegisterRecord{uint8_t(Kind::kRegister), address, value});
}

void GsFeed::write_packed_register(gif::Path, uint8_t address, uint64_t value, uint64_t) {
  if (!threaded()) return gs_.write_register(address, value, gs::WriteOrigin::kPacked);
  push(RegisterRecord{uint8_t(Kind::kPackedRegister), address, value});
}

void GsFeed::write_image(gif::Path, const Qword& data, uint64_t) {
  if (!threaded()) return gs_.write_image(data);
  push(ImageRecord{uint8_t(Kind::kImage), data});
}

void GsFeed::write_image_run(gif::Path, std::span<const uint8_t> data, std::span<const uint8_t> following,
                             uint64_t) {
  // An upload with odd-width T4HL/T4HH rows reads at most one byte per row past its data, and it has at least half
  // a byte per row, so the following bytes beyond the data's own size are never read (TransferUnit::write).
  following = following.first(std::min(following.size(), data.size() + sizeof(Qword)));
  const size_t payload = sizeof(ImageRunRecord) + data.size() + following.size();
  if (!threaded() || payload > ring_->max_payload()) {
    // Too large for a record: the GS takes it here, once it has taken everything before it.
    return settled().write_image(data, following);
  }
  if (failed_.load(std::memory_order_acquire)) rethrow_error();
  const ImageRunRecord record{uint8_t(Kind::kImageRun), uint32_t(data.size()), uint32_t(following.size())};
  uint8_t* at = ring_->reserve(payload);
  std::memcpy(at, &record, sizeof record);
  std::copy(data.begin(), data.end(), at + sizeof record);
  std::copy(following.begin(), following.end(), at + sizeof record + data.size());
  ring_->commit();
}

void GsFeed::end_packet(gif::Path, uint64_t) {
  // The GS may start on the packet while the emulation goes on to the next.
  if (threaded()) ring_->publish(false);
}

void GsFeed::vsync() {
  if (!threaded()) return gs_.vsync();
  push(uint8_t(Kind::kVsync));
  ring_->publish(true);
}

void GsFeed::post_call(TaskCall call, void* task, uint64_t argument) {
  if (!threaded()) return call(task, gs_, argument);
  push(TaskRecord{uint8_t(Kind::kTask), call, task, argument});
  ring_->publish(true);
}

gs::Gs& GsFeed::settled() {
  if (!threaded()) return gs_;
  ring_->wait_empty();
  if (failed_.load(std::memory_order_acquire)) rethrow_error();
  return gs_;
}

void GsFeed::rethrow_error() {
  // Every record behind the failed one has been dropped once the ring is empty; the GS thread then waits, so the
  // error can be taken and the feed used again.
  ring_->wait_empty();
  std::exception_ptr error = std::move(error_);
  error_ = nullptr;
  failed_.store(false, std::memory_order_release);
  std::rethrow_exception(error);
}

void GsFeed::apply(std::span<const uint8_t> record) {
  switch (Kind(record[0])) {
    case Kind::kRegister:
    case Kind::kPackedRegister: {
      const auto r = read_record<RegisterRecord>(record);
      gs_.write_register(r.address, r.value,
                         Kind(r.kind) == Kind::kPackedRegister ? gs::WriteOrigin::kPacked : gs::WriteOrigin::kAddressData);
      break;
    }
    case Kind::kImage: gs_.write_image(read_record<ImageRecord>(record).data); break;
    case Kind::kImageRun: {
      const auto r = read_record<ImageRunRecord>(record);
      const auto bytes = record.subspan(sizeof r);
      gs_.write_image(bytes.first(r.data_bytes), bytes.subspan(r.data_bytes, r.following_bytes));
      break;
    }
    case Kind::kVsync: gs_.vsync(); break;
    case Kind::kTask: {
      const auto r = read_record<TaskRecord>(record);
      r.call(r.task, gs_, r.argument);
      break;
    }
  }
}

void GsFeed::consume() {
  for (auto record = ring_->front(); !record.empty(); record = ring_->front()) {
    if (!failed_.load(std::memory_order_relaxed) && !dropping_.load(std::memory_order_relaxed)) {
      try {
        apply(record);
      } catch (...) {
        error_ = std::current_exception();
        failed_.store(true, std::memory_order_release);
      }
    }
    ring_->pop();
  }
}

}  // namespace gcvu::system
