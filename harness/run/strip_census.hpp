#pragma once
// Reads the PATH1 stream a tfrag frame's XGKICKs sent (as the GIF took it, raw) back into strips: each PACKED GIF
// packet whose tag starts a triangle strip (PRE with PRIM TRISTRIP, NREG 3: ST, RGBAQ, XYZF2) is one strip record
// with its vertices, and A+D packets before it are the texture switch it drew with. It is the independent view of
// what the microcode produced: `gcvu run` prints its totals and the tests compare its vertices with host
// computations. Anything else on PATH1 is counted, not decoded. A PACKED tag with the strip registers and PRE 0
// continues the open strip (the GS keeps PRIM and its vertex queue): the moby program splits a strip that way
// around A+D texture switches and full output buffers; A+D packets inside a strip join its ad_gif.

#include <array>
#include <cstdint>
#include <vector>

#include "emu/common/qword.hpp"
#include "emu/gif/gif_qword_observer.hpp"

namespace gcvu::harness {

struct StripVertex {
  Qword st{};     // S*q, T*q, q, 0 (floats)
  Qword rgbaq{};  // R, G, B, A in the low byte of each lane
  Qword xyzf{};   // X, Y 12.4 in lanes 0-1; Z << 4 in lane 2; F << 4 and the ADC bit (15) in lane 3
  bool adc() const { return (xyzf[3] & 0x8000u) != 0; }
};

struct KickedStrip {
  uint16_t prim = 0;
  std::vector<Qword> ad_gif;  // the A+D qwords sent since the previous strip (empty: no texture switch)
  std::vector<StripVertex> vertices;
  // Triangles the strip completes (vertices - 2) and how many of them the ADC bit suppresses.
  uint32_t triangles() const { return vertices.size() < 2 ? 0 : static_cast<uint32_t>(vertices.size() - 2); }
  uint32_t suppressed() const;
};

class StripCensus final : public gif::GifQwordObserver {
 public:
  explicit StripCensus(bool keep_strips) : keep_strips_(keep_strips) {}
  void on_gif_qword(gif::Path path, const Qword& data, uint64_t cycle, bool ended_packet) override;

  const std::vector<KickedStrip>& strips() const { return strips_; }  // with keep_strips
  uint64_t strip_count() const { return strip_count_; }
  uint64_t triangles() const { return triangles_; }
  uint64_t suppressed_triangles() const { return suppressed_; }
  uint64_t other_packets() const { return other_packets_; }  // PATH1 packets that are neither strips nor A+D

 private:
  enum class Reading : uint8_t { kTag, kAdGif, kStrip, kOther };
  void start_packet(const Qword& tag);
  void add_vertex(const StripVertex& vertex);
  KickedStrip& current();

  bool keep_strips_;
  Reading reading_ = Reading::kTag;
  uint32_t qwords_left_ = 0;
  std::vector<Qword> pending_ad_gif_;
  KickedStrip current_;       // the open strip without keep_strips (else strips_.back())
  bool strip_open_ = false;   // a strip was opened and no other packet has come since
  std::vector<Qword> vertex_parts_;
  std::vector<KickedStrip> strips_;
  uint64_t strip_count_ = 0;
  uint64_t triangles_ = 0;
  uint64_t suppressed_ = 0;
  uint64_t other_packets_ = 0;
};

}  // namespace gcvu::harness
