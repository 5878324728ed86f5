#include "harness/run/strip_census.hpp"

#include "emu/gif/gif_tag.hpp"

namespace gcvu::harness {

namespace {

constexpr uint16_t kPrimTriangleStrip = 4;
constexpr uint64_t kRegisterAd = 0xe;
constexpr uint64_t kStripRegisters = 0x412;  // ST, RGBAQ, XYZF2

}  // namespace

uint32_t KickedStrip::suppressed() const {
  uint32_t count = 0;
  for (size_t i = 2; i < vertices.size(); ++i) count += vertices[i].adc() ? 1 : 0;
  return count;
}

void StripCensus::on_gif_qword(gif::Path path, const Qword& data, uint64_t /*cycle*/, bool /*ended_packet*/) {
  if (path != gif::Path::kPath1) return;
  if (reading_ == Reading::kTag) {
    start_packet(data);
    return;
  }
  switch (reading_) {
    case Reading::kAdGif:
      pending_ad_gif_.push_back(data);
      break;
    case Reading::kStrip:
      vertex_parts_.push_back(data);
      if (vertex_parts_.size() == 3) add_vertex({vertex_parts_[0], vertex_parts_[1], vertex_parts_[2]});
      break;
    default:
      break;
  }
  if (--qwords_left_ == 0) reading_ = Reading::kTag;
}

KickedStrip& StripCensus::current() { return keep_strips_ ? strips_.back() : current_; }

void StripCensus::add_vertex(const StripVertex& vertex) {
  vertex_parts_.clear();
  KickedStrip& strip = current();
  strip.vertices.push_back(vertex);
  if (strip.vertices.size() > 2) {
    ++triangles_;
    suppressed_ += vertex.adc() ? 1 : 0;
  }
}

void StripCensus::start_packet(const Qword& tag_qword) {
  const gif::GifTag tag = gif::GifTag::decode(qword_low(tag_qword), qword_high(tag_qword));
  const uint32_t data = tag.data_qwords();
  const bool packed = tag.format == gif::GifFormat::kPacked;
  const bool strip_registers = packed && tag.nreg == 3 && (tag.regs & 0xfff) == kStripRegisters;
  if (packed && tag.nreg == 1 && (tag.regs & 0xf) == kRegisterAd) {
    reading_ = Reading::kAdGif;  // an open strip stays open: a PRE 0 tag may continue it
  } else if (strip_registers && tag.pre && (tag.prim & 7) == kPrimTriangleStrip) {
    reading_ = Reading::kStrip;
    ++strip_count_;
    KickedStrip strip;
    strip.prim = tag.prim;
    strip.ad_gif = std::move(pending_ad_gif_);
    if (keep_strips_) {
      strips_.push_back(std::move(strip));
    } else {
      current_ = std::move(strip);
    }
    pending_ad_gif_.clear();
    vertex_parts_.clear();
    strip_open_ = true;
  } else if (strip_registers && !tag.pre && strip_open_) {
    // The GS keeps PRIM and its vertex queue: the same strip goes on (after an A+D switch or a split packet).
    reading_ = Reading::kStrip;
    KickedStrip& strip = current();
    strip.ad_gif.insert(strip.ad_gif.end(), pending_ad_gif_.begin(), pending_ad_gif_.end());
    pending_ad_gif_.clear();
  } else {
    reading_ = Reading::kOther;
    strip_open_ = false;
    ++other_packets_;
  }
  qwords_left_ = data;
  if (data == 0) reading_ = Reading::kTag;
}

}  // namespace gcvu::harness
