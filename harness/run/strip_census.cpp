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
      if (vertex_parts_.size() == 3) {
        current_.vertices.push_back({vertex_parts_[0], vertex_parts_[1], vertex_parts_[2]});
        vertex_parts_.clear();
      }
      break;
    default:
      break;
  }
  if (--qwords_left_ == 0) {
    if (reading_ == Reading::kStrip) finish_strip();
    reading_ = Reading::kTag;
  }
}

void StripCensus::start_packet(const Qword& tag_qword) {
  const gif::GifTag tag = gif::GifTag::decode(qword_low(tag_qword), qword_high(tag_qword));
  const uint32_t data = tag.data_qwords();
  const bool packed = tag.format == gif::GifFormat::kPacked;
  if (packed && tag.nreg == 1 && (tag.regs & 0xf) == kRegisterAd) {
    reading_ = Reading::kAdGif;
  } else if (packed && tag.nreg == 3 && (tag.regs & 0xfff) == kStripRegisters && tag.pre &&
             (tag.prim & 7) == kPrimTriangleStrip) {
    reading_ = Reading::kStrip;
    current_ = KickedStrip{};
    current_.prim = tag.prim;
    current_.ad_gif = std::move(pending_ad_gif_);
    pending_ad_gif_.clear();
    vertex_parts_.clear();
  } else {
    reading_ = Reading::kOther;
    ++other_packets_;
  }
  qwords_left_ = data;
  if (data == 0) {
    if (reading_ == Reading::kStrip) finish_strip();
    reading_ = Reading::kTag;
  }
}

void StripCensus::finish_strip() {
  ++strip_count_;
  triangles_ += current_.triangles();
  suppressed_ += current_.suppressed();
  if (keep_strips_) strips_.push_back(std::move(current_));
  current_ = KickedStrip{};
}

}  // namespace gcvu::harness
