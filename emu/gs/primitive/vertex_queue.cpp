#include "emu/gs/primitive/vertex_queue.hpp"

#include <algorithm>

namespace gcvu::gs {

int vertices_per_primitive(PrimitiveType type) {
  switch (type) {
    case PrimitiveType::kPoint: return 1;
    case PrimitiveType::kLine:
    case PrimitiveType::kLineStrip:
    case PrimitiveType::kSprite: return 2;
    case PrimitiveType::kTriangle:
    case PrimitiveType::kTriangleStrip:
    case PrimitiveType::kTriangleFan: return 3;
    case PrimitiveType::kProhibited: return 0;
  }
  return 0;
}

uint32_t batch_vertex_limit(PrimitiveType type) {
  switch (type) {
    case PrimitiveType::kPoint:
    case PrimitiveType::kLine:
    case PrimitiveType::kLineStrip:
    case PrimitiveType::kProhibited: return 65535 / 4 - 4;
    case PrimitiveType::kSprite: return 65535 / 2 - 2;
    default: return 65535 - 3;
  }
}

KickCull make_kick_cull(const Scissor& scissor, const Xyoffset& offset) {
  KickCull cull;
  cull.offset_x = int32_t(offset.ofx());
  cull.offset_y = int32_t(offset.ofy());
  cull.scissor = {int32_t(scissor.scax0() << 4), int32_t(scissor.scay0() << 4), int32_t(scissor.scax1() << 4),
                  int32_t(scissor.scay1() << 4)};
  // PCSX2 compares the start with the exclusive end (X1 + 1), so only X0 > X1 + 1 (or the same in y) is invalid.
  cull.scissor_empty = scissor.scax0() > scissor.scax1() + 1 || scissor.scay0() > scissor.scay1() + 1;
  return cull;
}

void VertexQueue::set_type(PrimitiveType type) {
  type_ = type;
  count_per_primitive_ = vertices_per_primitive(type);
  // Vertices kicked since the last complete primitive are dropped (PCSX2 ApplyPRIM).
  if (indices_.empty()) next_ = 0;
  head_ = tail_ = next_;
  vertices_.resize(next_);
}

namespace {

bool is_area_class(PrimitiveType type) {
  return type == PrimitiveType::kTriangle || type == PrimitiveType::kTriangleStrip ||
         type == PrimitiveType::kTriangleFan || type == PrimitiveType::kSprite;
}

bool is_triangle_class(PrimitiveType type) {
  return type == PrimitiveType::kTriangle || type == PrimitiveType::kTriangleStrip ||
         type == PrimitiveType::kTriangleFan;
}

}  // namespace

bool VertexQueue::kick(const GsVertex& vertex, bool draw, const KickCull& cull, bool fst) {
  if (count_per_primitive_ == 0) return false;  // prohibited type: nothing assembles
  vertices_.resize(tail_);
  vertices_.push_back(vertex);
  const Xy xy{int32_t(vertex.x) - cull.offset_x, int32_t(vertex.y) - cull.offset_y};
  recent_xy_[recent_count_ & 3] = xy;
  if (type_ == PrimitiveType::kTriangleFan && tail_ == head_) fan_centre_ = xy;
  ++tail_;
  ++recent_count_;
  const uint32_t n = uint32_t(count_per_primitive_);
  if (tail_ - head_ < n) return false;

  bool skip = !draw || cull.scissor_empty;
  if (!skip) {
    const Xy v0 = recent_xy_[(recent_count_ - 1) & 3];
    const Xy v1 = recent_xy_[(recent_count_ - 2) & 3];
    const Xy v2 = type_ == PrimitiveType::kTriangleFan ? fan_centre_ : recent_xy_[(recent_count_ - 3) & 3];
    FixedRect box{v0.x, v0.y, v0.x, v0.y};
    auto add = [&box](Xy p) {
      box.left = std::min(box.left, p.x);
      box.top = std::min(box.top, p.y);
      box.right = std::max(box.right, p.x);
      box.bottom = std::max(box.bottom, p.y);
    };
    if (n >= 2) add(v1);
    if (n == 3) add(v2);
    if (is_area_class(type_)) {
      // No pixel centre in [min, max) in x or in y: both ends round up to the same whole pixel.
      auto ceil_pixel = [](int32_t v) { return (v + 15) >> 4; };
      skip |= ceil_pixel(box.left) == ceil_pixel(box.right) || ceil_pixel(box.top) == ceil_pixel(box.bottom);
    }
    // The unrounded box against the inclusive scissor: a point at x = SCAX1 + 1/8 rounds to pixel SCAX1 but is
    // culled here.
    const FixedRect& s = cull.scissor;
    skip |= box.right < s.left || box.bottom < s.top || box.left > s.right || box.top > s.bottom;
    if (is_triangle_class(type_)) {
      auto same = [](Xy a, Xy b) { return a.x == b.x && a.y == b.y; };
      skip |= same(v0, v1) || same(v1, v2) || same(v0, v2);
    }
  }

  if (skip) {
    switch (type_) {
      case PrimitiveType::kLineStrip:
      case PrimitiveType::kTriangleStrip: ++head_; break;
      case PrimitiveType::kTriangleFan: break;
      default: tail_ = head_; break;
    }
    vertices_.resize(tail_);
    return false;
  }

  switch (type_) {
    case PrimitiveType::kPoint:
      indices_.push_back(head_);
      head_ += 1;
      next_ = head_;
      break;
    case PrimitiveType::kLine:
    case PrimitiveType::kTriangle:
    case PrimitiveType::kSprite:
      for (uint32_t i = 0; i < n; ++i) indices_.push_back(head_ + i);
      // A sprite's first vertex takes the second's Q (PCSX2 keeps one Q per sprite).
      if (type_ == PrimitiveType::kSprite && !fst) vertices_[head_].q = vertices_[head_ + 1].q;
      head_ += n;
      next_ = head_;
      break;
    case PrimitiveType::kLineStrip:
    case PrimitiveType::kTriangleStrip:
      for (uint32_t i = 0; i < n; ++i) indices_.push_back(head_ + i);
      head_ += 1;
      next_ = head_ + n - 1;
      break;
    case PrimitiveType::kTriangleFan:
      indices_.push_back(head_);
      indices_.push_back(tail_ - 2);
      indices_.push_back(tail_ - 1);
      next_ = tail_;
      break;
    case PrimitiveType::kProhibited: break;
  }
  return true;
}

void VertexQueue::clear_batch() {
  // Keep the open window's vertices at the front so strips and fans continue across the flush.
  // In place, so the vector keeps its capacity: a new one per batch regrew through push_back on every draw.
  const uint32_t keep_from = head_;
  vertices_.erase(vertices_.begin(), vertices_.begin() + keep_from);
  vertices_.resize(tail_ - keep_from);
  tail_ -= keep_from;
  head_ = 0;
  next_ = 0;
  indices_.clear();
}

}  // namespace gcvu::gs
