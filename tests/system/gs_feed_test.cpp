// The GS feed (system/gs_feed.hpp) with and without its GS thread: the queue keeps every record in order across
// the ring's wrap, a reader that settles sees what was drawn, and an error met on the GS thread reaches the caller
// with its message. The single-threaded feed is the reference in each cross-check.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

#include "emu/gif/gs_registers.hpp"
#include "emu/gs/gs.hpp"
#include "emu/system/gs_feed.hpp"
#include "emu/system/record_ring.hpp"

namespace gcvu {
namespace {

namespace reg = gif::gs_reg;
constexpr auto kPath = gif::Path::kPath1;

// A sequence of records of every size from 0 to the largest, several times round the ring, each filled with bytes
// derived from its index: the consumer gets them all, in order, intact.
TEST(RecordRing, RecordsOfEverySizeArriveInOrderAcrossTheWrap) {
  system::RecordRing ring(512 * 1024);
  constexpr uint32_t kRecords = 6000;
  auto size_of = [&](uint32_t index) { return size_t(index * 2654435761u) % (ring.max_payload() / 32) + 4; };
  std::vector<uint32_t> bad;
  std::thread consumer([&] {
    for (uint32_t index = 0;; ++index) {
      const auto record = ring.front();
      if (record.empty()) {
        if (index != kRecords) bad.push_back(index);
        return;
      }
      uint32_t stamp;
      std::memcpy(&stamp, record.data(), 4);
      bool intact = stamp == index && record.size() >= size_of(index);
      for (size_t at = 4; intact && at < size_of(index); ++at) intact = record[at] == uint8_t(index + at);
      if (!intact) bad.push_back(index);
      ring.pop();
    }
  });
  size_t total = 0;
  for (uint32_t index = 0; index < kRecords; ++index) {
    const size_t size = size_of(index);
    uint8_t* at = ring.reserve(size);
    std::memcpy(at, &index, 4);
    for (size_t i = 4; i < size; ++i) at[i] = uint8_t(index + i);
    ring.commit();
    total += size;
    if (index % 500 == 0) ring.wait_empty();  // the producer's drain, now and then
  }
  ring.close();
  consumer.join();
  EXPECT_GT(total, size_t{4} * 512 * 1024) << "the test must go round the ring several times";
  EXPECT_TRUE(bad.empty()) << bad.size() << " records lost or damaged, first " << bad.front();
}

// Draws a red 16x8 sprite into a 64-pixel-wide CT32 frame at FBP 0.
void draw_sprite(gif::GsSink& sink) {
  sink.write_register(kPath, reg::kFrame1, uint64_t{1} << 16, 0);
  sink.write_register(kPath, reg::kScissor1, uint64_t{63} << 16 | uint64_t{63} << 48, 0);
  sink.write_register(kPath, reg::kTest1, 0, 0);
  sink.write_register(kPath, reg::kPrim, 6, 0);  // sprite
  sink.write_register(kPath, reg::kRgbaq, 0x800000ff, 0);
  sink.write_register(kPath, reg::kXyz2, 0, 0);
  sink.write_register(kPath, reg::kXyz2, uint64_t{16 * 16} | uint64_t{8 * 16} << 16, 0);
}

// A local->host transfer of the frame's top-left 16x8 CT32 pixels, armed through the feed and read back after it
// settles: the read sees the sprite the queue drew before it (Gs::read_image flushes the open batch).
std::vector<uint32_t> read_back(system::GsFeed& feed) {
  feed.write_register(kPath, reg::kBitbltbuf, uint64_t{1} << 16, 0);  // SBP 0, SBW 1, SPSM CT32
  feed.write_register(kPath, reg::kTrxpos, 0, 0);
  feed.write_register(kPath, reg::kTrxreg, uint64_t{16} | uint64_t{8} << 32, 0);
  feed.write_register(kPath, reg::kTrxdir, 1, 0);  // local->host
  std::vector<uint32_t> pixels(16 * 8);
  feed.settled().read_image(std::span(reinterpret_cast<uint8_t*>(pixels.data()), pixels.size() * 4));
  return pixels;
}

TEST(GsFeed, ReadbackAfterADrawSeesTheDrawnPixels) {
  for (const bool threaded : {false, true}) {
    gs::Gs gs;
    system::GsFeed feed(gs, threaded);
    EXPECT_EQ(feed.threaded(), threaded);
    draw_sprite(feed);
    const std::vector<uint32_t> pixels = read_back(feed);
    for (size_t i = 0; i < pixels.size(); ++i) {
      ASSERT_EQ(pixels[i], 0x800000ffu) << "pixel " << i << (threaded ? " with" : " without") << " the GS thread";
    }
    // Settled, the memory itself shows it too, and so does the GS's account.
    EXPECT_EQ(feed.settled().stats().draws, 1u);
    uint32_t first;
    std::memcpy(&first, gs.memory().bytes().data(), 4);
    EXPECT_EQ(first, 0x800000ffu);
  }
}

// A task posted behind the draw runs after it, on the GS, and a VSync between them flushes the batch first.
TEST(GsFeed, TasksRunInQueueOrder) {
  for (const bool threaded : {false, true}) {
    gs::Gs gs;
    std::vector<uint64_t> draws_seen;
    auto note = [&draws_seen](gs::Gs& state, uint64_t tag) { draws_seen.push_back(state.stats().draws * 10 + tag); };
    system::GsFeed feed(gs, threaded);
    feed.post(note, 1);
    draw_sprite(feed);
    feed.post(note, 2);  // the batch is still open: no draw yet
    feed.vsync();
    feed.post(note, 3);
    feed.settled();
    EXPECT_EQ(draws_seen, (std::vector<uint64_t>{1, 2, 13}));
  }
}

class ThrowingObserver : public gs::GsObserver {
 public:
  void on_draw(const gs::DrawEvent&) override { throw std::runtime_error("observer: draw 0 is not allowed here"); }
  void on_transfer(const gs::TransferEvent&) override {}
  void on_image_data(uint64_t) override {}
};

std::string error_of(bool threaded) {
  gs::Gs gs;
  ThrowingObserver observer;
  gs.set_observer(&observer);
  system::GsFeed feed(gs, threaded);
  try {
    draw_sprite(feed);
    feed.vsync();  // the draw, and the error, happen here (single-threaded) or on the GS thread
    for (int i = 0; i < 1000; ++i) feed.write_register(kPath, reg::kRgbaq, i, 0);
    feed.settled();
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "no error";
}

TEST(GsFeed, AnErrorOnTheGsThreadReachesTheCallerWithItsMessage) {
  EXPECT_EQ(error_of(false), "observer: draw 0 is not allowed here");
  EXPECT_EQ(error_of(true), error_of(false));
}

TEST(GsFeed, AfterAnErrorTheRecordsBehindItAreDroppedAndTheFeedGoesOn) {
  gs::Gs gs;
  system::GsFeed feed(gs, true);
  auto fail = [](gs::Gs&, uint64_t) { throw std::invalid_argument("task failed"); };
  auto count = [](gs::Gs& state, uint64_t) { state.write_register(reg::kRgbaq, 7); };
  feed.post(fail);
  // The error surfaces at the feed's next call after the GS thread met it: the write, when the thread was quick,
  // else settled(). Either way the write is dropped (a single-threaded caller never got this far).
  EXPECT_THROW(
      {
        try {
          feed.write_register(kPath, reg::kRgbaq, 5, 0);
          feed.settled();
        } catch (const std::invalid_argument& error) {
          EXPECT_STREQ(error.what(), "task failed");
          throw;
        }
      },
      std::invalid_argument);
  EXPECT_EQ(gs.registers()[reg::kRgbaq], 0u);
  feed.post(count);
  EXPECT_EQ(feed.settled().registers()[reg::kRgbaq], 7u);
}

// An IMAGE run larger than a record can hold is handed over once the queue has drained, in order.
TEST(GsFeed, ImageRunLargerThanARecordKeepsItsPlace) {
  std::array<std::vector<uint8_t>, 2> memories;
  for (const bool threaded : {false, true}) {
    gs::Gs gs;
    system::GsFeed feed(gs, threaded);
    draw_sprite(feed);
    feed.write_register(kPath, reg::kBitbltbuf, uint64_t{16} << 48 | uint64_t{64 * 32} << 32, 0);  // DBW 16, DBP
    feed.write_register(kPath, reg::kTrxpos, 0, 0);
    feed.write_register(kPath, reg::kTrxreg, uint64_t{1024} | uint64_t{512} << 32, 0);
    feed.write_register(kPath, reg::kTrxdir, 0, 0);  // host->local, 2 MiB of CT32
    std::vector<uint8_t> image(1024 * 512 * 4);
    for (size_t i = 0; i < image.size(); ++i) image[i] = uint8_t(i * 7 + i / 4096);
    feed.write_image_run(kPath, image, {}, 0);
    draw_sprite(feed);
    const auto bytes = feed.settled().memory().bytes();
    memories[threaded].assign(bytes.begin(), bytes.end());
  }
  EXPECT_TRUE(memories[0] == memories[1]);
}

}  // namespace
}  // namespace gcvu
