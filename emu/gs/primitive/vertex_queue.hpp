#pragma once
// Primitive assembly: vertices kicked by XYZ2/XYZF2 (drawing) or XYZ3/XYZF3/ADC (not drawing) gather into the
// current primitive type's window; complete primitives that survive the kick-time culls become indices into the
// batch (reference/gs.md §2 "Vertex counts", "Culling at kick"; PCSX2 GSState::VertexKick).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/primitive/gs_vertex.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs {

// Vertices per primitive of each PRIM type (0 for the prohibited type 7).
int vertices_per_primitive(PrimitiveType type);

// The vertex count at which PCSX2 closes a batch (MaxVerticesForPrim: its 16-bit index buffer expands points
// and lines to quads, sprites to two triangles).
uint32_t batch_vertex_limit(PrimitiveType type);

// Rectangle in 12.4 window units, right/bottom inclusive.
struct FixedRect {
  int32_t left = 0;
  int32_t top = 0;
  int32_t right = 0;
  int32_t bottom = 0;
};

// What a kick culls against: the context's XYOFFSET and its scissor in 12.4 as the golden corpus's PCSX2 build
// (ade5762) holds them (GSDrawingContext::UpdateScissor, GSState::UpdateScissor), and whether the scissor is
// invalid. Later PCSX2 builds widen the scissor by half a pixel; ade5762 does not.
struct KickCull {
  int32_t offset_x = 0;  // XYOFFSET.OFX, 12.4
  int32_t offset_y = 0;
  FixedRect scissor;  // SCISSOR << 4, both ends inclusive, no slack
  bool scissor_empty = false;
};

KickCull make_kick_cull(const Scissor& scissor, const Xyoffset& offset);

class VertexQueue {
 public:
  // A PRIM write (or a type change): the window restarts and any partial primitive is dropped.
  void set_type(PrimitiveType type);
  PrimitiveType type() const { return type_; }

  // Whether the next drawing kick completes a primitive (the moment PCSX2 checks for a state change).
  bool completes_primitive() const {
    return count_per_primitive_ > 0 && tail_ + 1 - head_ >= uint32_t(count_per_primitive_);
  }

  // Kicks `vertex`. `draw` false for XYZ3/XYZF3/ADC. Returns true when a primitive was added to the batch.
  bool kick(const GsVertex& vertex, bool draw, const KickCull& cull, bool fst);

  std::span<const GsVertex> vertices() const { return {vertices_.data(), next_}; }
  std::span<const uint32_t> indices() const { return indices_; }
  bool batch_empty() const { return indices_.empty(); }
  // Vertices held, including the open window (PCSX2 flushes when this reaches its per-type buffer limit).
  uint32_t held_vertices() const { return tail_; }

  // After the batch was drawn: drops its primitives and keeps the vertices of the open window.
  void clear_batch();

 private:
  struct Xy {
    int32_t x, y;
  };
  PrimitiveType type_ = PrimitiveType::kPoint;
  int count_per_primitive_ = 1;
  std::vector<GsVertex> vertices_;
  std::vector<uint32_t> indices_;
  uint32_t head_ = 0;              // first vertex of the open window
  uint32_t tail_ = 0;              // one past the last kicked vertex
  uint32_t next_ = 0;              // one past the last vertex a primitive uses
  std::array<Xy, 4> recent_xy_{};  // the last kicked positions (after XYOFFSET), for the culls
  uint32_t recent_count_ = 0;
  Xy fan_centre_{};
};

}  // namespace gcvu::gs
