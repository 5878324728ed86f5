#pragma once
// What the GIF sends the GS (register writes, IMAGE data) and the frame boundaries the caller adds (VSync, display
// settings, a task reading the GS), handed to the GS in order: directly on the caller's thread, or, with
// GsConfig::own_thread, through a bounded single-producer single-consumer queue (record_ring.hpp) to a GS thread,
// as PCSX2's MTGS does, so that the emulation (DMA, VIF1, VU1, GIF) and the rasterization overlap. The GS keeps its
// rasterizer workers either way. The output never depends on the choice.
//
// The rule that keeps it exact: nothing but the GS thread touches the GS while records are queued. A reader calls
// settled(), which waits for the queue to drain, or posts a task that runs on the GS thread in queue order. The
// points that read GS state, found by listing every use of the GS object in emu/system and harness/:
// - gcvu run (harness/run/level_run.cpp): each frame's end (GS statistics, the display registers from FRAME_1 and
//   SCISSOR_1, the VSync) is a task; with --gs-dump the GIF recorder's VSync reads the privileged block, so it
//   drains; the frame PNG, --vram, the statistics and the wall time drain at the end.
// - gcvu run --state (harness/run/state_run.cpp): loading GS.bin before the run, the display and VSync after it
//   (drain), the frame, memory, statistics and the dump's privileged block.
// - gcvu replay, gcvu regress and the golden tests (harness/replay/gs_replay.cpp): each VSync and its callback
//   (frame PNG, --vram, --expect, the regress comparisons) is a task, as are a Registers packet (privileged block)
//   and a ReadFIFO2 readback (local->host transfer, a GS-to-host read whose data goes nowhere); the statistics drain
//   at the end. A replay with a draw recorder (--draw-log, mismatch localisation) or a sink of its own stays on one
//   thread: the recorder's packet offsets are set between GS calls.
// - Not threaded: gcvu debug (harness/debug/: views, snapshots, GS copies and state hashes read the GS between
//   any two cycles), the VIF/VU commands and the benchmarks' frame programs; they feed the GS through GsFromGif.
// - Feedback into the emulation: none today. SIGNAL and FINISH set CSR bits inside the GS and LABEL writes SIGLBLID,
//   but no unit of the clocked system reads CSR, waits on an interrupt or reads GS memory back (BUSDIR) during a
//   run, so no GIF write needs an answer before the emulation goes on. A unit that starts to must call settled() at
//   that cycle.
// GsConfig::own_thread is off for library callers; gcvu run and replay turn it on by default
// (harness/cli/gs_options.hpp). Measured on a 2-core machine shared with other builds: `gcvu run --frames 60` uses the
// same CPU time either way, the emulation thread and the GS thread each take about half of it, and the wall time
// gains where the other core has room (34.5-39.8 frames/s on against 24.6-34.3 off at load average 6.7). `gcvu
// replay --draw-all` on the fill benchmarks spends only 12-19 % decoding the dump, so it gains little on 2 cores.
// Bad input: an exception the GS thread catches (from the GS, an observer or a task) is thrown again on the caller's
// thread, with its message unchanged, at the next call after the queue drained up to it; the records behind it are
// dropped, as a single-threaded run would never have sent them.

#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <thread>

#include "emu/gif/gs_sink.hpp"
#include "emu/gs/gs.hpp"
#include "emu/system/record_ring.hpp"

namespace gcvu::system {

class GsFeed final : public gif::GsSink {
 public:
  // Feeds `gs`, through a GS thread when `threaded`.
  GsFeed(gs::Gs& gs, bool threaded);
  explicit GsFeed(gs::Gs& gs) : GsFeed(gs, gs.config().own_thread) {}
  // Stops the GS thread, dropping what it has not taken yet (a caller that wants it all settles first; one that
  // leaves through an exception does not wait for work nobody will read).
  ~GsFeed() override;
  GsFeed(const GsFeed&) = delete;
  GsFeed& operator=(const GsFeed&) = delete;

  bool threaded() const { return ring_ != nullptr; }

  void write_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override;
  void write_packed_register(gif::Path, uint8_t address, uint64_t value, uint64_t) override;
  void write_image(gif::Path, const Qword& data, uint64_t) override;
  void write_image_run(gif::Path, std::span<const uint8_t> data, std::span<const uint8_t> following,
                       uint64_t) override;
  void end_packet(gif::Path, uint64_t) override;

  // A VSync (Gs::vsync), in order.
  void vsync();
  // Runs task(gs, argument) on the GS in order (on the GS thread when threaded, else now). `task` must stay alive
  // until the feed has settled or gone (declare it before the feed); it may keep state, since the tasks of one feed run one at a time.
  template <typename Task>
  void post(Task& task, uint64_t argument = 0) {
    post_call(&call<Task>, &task, argument);
  }

  // Waits until the GS has taken everything sent so far (rethrowing an error it met) and returns it: the only way
  // to read the GS while the feed lives.
  gs::Gs& settled();

 private:
  enum class Kind : uint8_t { kRegister, kPackedRegister, kImage, kImageRun, kVsync, kTask };
  using TaskCall = void (*)(void* task, gs::Gs& gs, uint64_t argument);
  template <typename Task>
  static void call(void* task, gs::Gs& gs, uint64_t argument) {
    (*static_cast<Task*>(task))(gs, argument);
  }

  void post_call(TaskCall call, void* task, uint64_t argument);
  // Queues one fixed-size record (after rethrowing an error the GS thread left); defined in gs_feed.cpp.
  template <typename Record>
  void push(const Record& record);
  void apply(std::span<const uint8_t> record);
  void consume();
  void rethrow_error();

  gs::Gs& gs_;
  std::unique_ptr<RecordRing> ring_;  // null: direct
  std::thread thread_;
  std::atomic<bool> failed_{false};
  std::atomic<bool> dropping_{false};  // the feed is going: records left are not applied
  std::exception_ptr error_;  // written by the GS thread before failed_ is set
};

}  // namespace gcvu::system
