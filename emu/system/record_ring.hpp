#pragma once
// A bounded single-producer single-consumer queue of variable-sized records in one ring of bytes, allocated once.
// The producer reserves a record, fills it and commits it; commits become visible to the consumer when the producer
// publishes (in batches: a publish costs a sequentially consistent store). Either side that has nothing to do spins
// briefly, then sleeps on a condition variable; the other side wakes it only when it sleeps, and the producer wakes
// a sleeping consumer only once a batch worth waking for is queued (or when asked: a drain, a task, the end).

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>

namespace gcvu::system {

class RecordRing {
 public:
  // `capacity` bytes (a power of two, at least 512 KiB).
  explicit RecordRing(size_t capacity);
  RecordRing(const RecordRing&) = delete;
  RecordRing& operator=(const RecordRing&) = delete;

  // The largest payload a record can carry (a quarter of the ring, so a record always fits once the ring drains).
  size_t max_payload() const { return capacity_ / 4; }

  // Producer: room for a record of `payload` bytes (at most max_payload()), contiguous, waiting while the ring is
  // full. Returns where the payload goes; commit() ends the record.
  uint8_t* reserve(size_t payload);
  void commit();
  // Makes every committed record visible; wakes a sleeping consumer if `wake` or enough is queued.
  void publish(bool wake);
  // Waits until the consumer has popped every record (publishing and waking it first).
  void wait_empty();

  // Consumer: the next record's payload, waiting for one; empty once the ring is closed and drained.
  std::span<const uint8_t> front();
  // Done with the front record (the producer sees the space once the consumer waits or has popped a batch).
  void pop();

  // Producer: no more records; the consumer's front() returns empty once it has popped the rest.
  void close();

 private:
  struct Header {
    uint32_t size;  // payload bytes, rounded up to 8; kWrap: the rest of the ring is unused, go to its start
    uint32_t unused;
  };
  static constexpr uint32_t kWrap = UINT32_MAX;

  static size_t record_bytes(size_t payload) { return sizeof(Header) + ((payload + 7) & ~size_t{7}); }
  size_t free_bytes() const { return capacity_ - size_t(write_ - tail_.load(std::memory_order_acquire)); }
  void release_popped();
  void wait_for_space(size_t bytes);

  const size_t capacity_;
  std::unique_ptr<uint8_t[]> bytes_;
  // Producer side.
  uint64_t write_ = 0;          // end of the committed records
  uint64_t reserved_end_ = 0;   // end of the record being filled
  uint64_t published_ = 0;      // last value stored in head_
  // Consumer side.
  uint64_t read_ = 0;           // start of the front record
  uint64_t popped_ = 0;         // end of the records popped but not yet released to the producer
  // Shared. head_: end of the published records; tail_: end of the records the consumer has finished.
  alignas(64) std::atomic<uint64_t> head_{0};
  alignas(64) std::atomic<uint64_t> tail_{0};
  alignas(64) std::atomic<bool> consumer_sleeping_{false};
  std::atomic<bool> producer_sleeping_{false};
  std::atomic<bool> closed_{false};
  std::mutex mutex_;
  std::condition_variable consumer_wake_;
  std::condition_variable producer_wake_;
};

}  // namespace gcvu::system
