#pragma once
// The camera and the frame's projection: where the EE looks from, and the per-frame constants the tfrag microcode
// takes (microcode/tfrag/tfrag_abi.hpp, kMatrixAddr..kFogClampAddr). World units; Z is up in our levels.
//
// Choices (the record leaves them to us):
// - yaw turns about +Z from +X towards +Y, pitch raises the view towards +Z, both in degrees. View axes:
//   forward f = (cos p cos y, cos p sin y, sin p), right r = (sin y, -cos y, 0), up u = r x f.
// - 640 x 448 frame, square pixels, horizontal field of view 60 degrees: focal length 320 / tan(30 deg) pixels.
// - Guard band: +-kGuardBandPixels around the frame centre at GS (2048, 2048) on both axes; clip.x, clip.y are
//   the pixel offset / kGuardBandPixels times w, so |clip.x|, |clip.y| <= clip.w is inside the guard band.
// - clip.w = depth along f (world units); clip.z = a*depth + b with -w at the near plane, +w at the far plane.
// - Screen: x = 2048 + G*clip.x/w, y = 2048 + G*clip.y/w (GS y grows downwards, so clip.y = -up offset),
//   Z = kZHalf - kZHalf*clip.z/w: Z24, larger = nearer (TEST_1 ZTST GEQUAL, Z cleared to 0).
// - Fog: F = fog_offset + fog_scale/w, 255 (no fog) at kFogNear, 0 (fog colour) at kFogFar, clamped 0..255.
// - The matrix takes the lists' fixed-point positions (1024 per world unit, origin added by the VIF), so its
//   columns carry the 1/1024 scale. Values are computed in double and rounded to float once.

#include <array>
#include <cstdint>

namespace gcvu::harness::frame {

inline constexpr int kFrameWidth = 640;
inline constexpr int kFrameHeight = 448;
inline constexpr double kGsCentre = 2048.0;
inline constexpr double kHorizontalFovDegrees = 60.0;
inline constexpr double kGuardBandPixels = 2000.0;
inline constexpr double kNearPlane = 1.0;     // world units
inline constexpr double kFarPlane = 4096.0;   // world units
inline constexpr double kZHalf = 8388607.0;   // Z = kZHalf * (1 - clip.z / w): 0 .. 2^24 - 2
inline constexpr double kFogNear = 128.0;     // world units of depth: no fog nearer
inline constexpr double kFogFar = 512.0;      // full fog colour from here
inline constexpr double kFixedPerWorldUnit = 1024.0;

struct Camera {
  double x = 0, y = 0, z = 0;  // world units
  double yaw = 0;              // degrees
  double pitch = 0;            // degrees
};

struct ViewBasis {
  std::array<double, 3> right{}, up{}, forward{};
};
ViewBasis view_basis(const Camera& camera);

// Focal length in pixels.
double focal_length();

// The frame constants as float bit patterns, in the ABI's order (9 quadwords less the two GIF tag templates).
struct FrameConstants {
  std::array<std::array<uint32_t, 4>, 4> matrix{};  // columns c0..c3 (kMatrixAddr..+3)
  std::array<uint32_t, 4> screen_scale{};           // (sx, sy, sz, fog_scale)
  std::array<uint32_t, 4> screen_offset{};          // (ox, oy, oz, fog_offset)
  std::array<uint32_t, 4> fog_clamp{};              // (0.0, 255.0, 0, 0)
};
FrameConstants frame_constants(const Camera& camera);

// The clip transform of frame_constants in double and world units (not the lists' fixed point): rows r0..r3 with
// clip_i = r_i.xyz . p + r_i.w. For passes that fold their own model transform in (mobies).
std::array<std::array<double, 4>, 4> world_to_clip_rows(const Camera& camera);

// The same projection as one homogeneous transform from world units straight to the screen, in double: rows r0..r3
// with h_i = r_i.xyz . p + r_i.w, and screen X = h0 / h3, Y = h1 / h3 (GS pixels, centre 2048), Z = h2 / h3 (Z24,
// larger = nearer), h3 = depth. For programs that divide once and skip the guard-band step (shrubs, mobies).
using Rows4 = std::array<std::array<double, 4>, 4>;
Rows4 world_to_screen_rows(const Camera& camera);
// Depth along the view direction and how far outside the frame the sphere's projection may reach before it leaves
// the guard band: true when the sphere lies in front of the near plane and its projection stays within the band.
bool sphere_inside_guard_band(const Camera& camera, const std::array<double, 4>& sphere);

// Frustum culling: true when the sphere (world centre and radius) lies entirely outside one of the view frustum's
// six planes (near, far, and the four through the frame's edges; not the guard band). Done in double: culling only
// decides which patches are sent, the GS scissor and the microcode's clip test decide the pixels.
bool sphere_outside_frustum(const Camera& camera, const std::array<float, 4>& sphere);

}  // namespace gcvu::harness::frame
