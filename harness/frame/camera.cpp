#include "harness/frame/camera.hpp"

#include <cmath>
#include <numbers>

#include "harness/frame/float_word.hpp"

namespace gcvu::harness::frame {

namespace {

using Vec3 = std::array<double, 3>;

double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }

}  // namespace

ViewBasis view_basis(const Camera& camera) {
  const double yaw = radians(camera.yaw), pitch = radians(camera.pitch);
  ViewBasis basis;
  basis.forward = {std::cos(pitch) * std::cos(yaw), std::cos(pitch) * std::sin(yaw), std::sin(pitch)};
  basis.right = {std::sin(yaw), -std::cos(yaw), 0.0};
  const Vec3& r = basis.right;
  const Vec3& f = basis.forward;
  basis.up = {r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]};
  return basis;
}

double focal_length() { return (kFrameWidth / 2.0) / std::tan(radians(kHorizontalFovDegrees / 2.0)); }

std::array<std::array<double, 4>, 4> world_to_clip_rows(const Camera& camera) {
  const ViewBasis basis = view_basis(camera);
  const Vec3 eye = {camera.x, camera.y, camera.z};
  const double k = focal_length() / kGuardBandPixels;
  const double z_a = (kFarPlane + kNearPlane) / (kFarPlane - kNearPlane);
  const double z_b = -2.0 * kFarPlane * kNearPlane / (kFarPlane - kNearPlane);
  // clip = row . (p - eye) + constant, p in world units.
  const std::array<Vec3, 4> rows = {Vec3{k * basis.right[0], k * basis.right[1], k * basis.right[2]},
                                    Vec3{-k * basis.up[0], -k * basis.up[1], -k * basis.up[2]},
                                    Vec3{z_a * basis.forward[0], z_a * basis.forward[1], z_a * basis.forward[2]},
                                    basis.forward};
  const std::array<double, 4> constants = {0.0, 0.0, z_b, 0.0};
  std::array<std::array<double, 4>, 4> out{};
  for (size_t lane = 0; lane < 4; ++lane) {
    out[lane] = {rows[lane][0], rows[lane][1], rows[lane][2], constants[lane] - dot(rows[lane], eye)};
  }
  return out;
}

FrameConstants frame_constants(const Camera& camera) {
  const std::array<std::array<double, 4>, 4> rows = world_to_clip_rows(camera);
  FrameConstants out;
  for (size_t lane = 0; lane < 4; ++lane) {
    for (size_t axis = 0; axis < 3; ++axis) out.matrix[axis][lane] = float_word(rows[lane][axis] / kFixedPerWorldUnit);
    out.matrix[3][lane] = float_word(rows[lane][3]);
  }
  const double fog_scale = 255.0 / (1.0 / kFogNear - 1.0 / kFogFar);
  out.screen_scale = {float_word(kGuardBandPixels), float_word(kGuardBandPixels), float_word(-kZHalf),
                      float_word(fog_scale)};
  out.screen_offset = {float_word(kGsCentre), float_word(kGsCentre), float_word(kZHalf),
                       float_word(-fog_scale / kFogFar)};
  out.fog_clamp = {float_word(0.0), float_word(255.0), 0, 0};
  return out;
}

Rows4 world_to_screen_rows(const Camera& camera) {
  const ViewBasis basis = view_basis(camera);
  const Vec3 eye = {camera.x, camera.y, camera.z};
  const double f = focal_length();
  const double z_a = (kFarPlane + kNearPlane) / (kFarPlane - kNearPlane);
  const double z_b = -2.0 * kFarPlane * kNearPlane / (kFarPlane - kNearPlane);
  Rows4 rows{};
  for (size_t axis = 0; axis < 3; ++axis) {
    rows[0][axis] = f * basis.right[axis] + kGsCentre * basis.forward[axis];
    rows[1][axis] = -f * basis.up[axis] + kGsCentre * basis.forward[axis];
    rows[2][axis] = kZHalf * (1.0 - z_a) * basis.forward[axis];
    rows[3][axis] = basis.forward[axis];
  }
  for (size_t row = 0; row < 4; ++row) rows[row][3] = -(rows[row][0] * eye[0] + rows[row][1] * eye[1] + rows[row][2] * eye[2]);
  rows[2][3] -= kZHalf * z_b;
  return rows;
}

bool sphere_inside_guard_band(const Camera& camera, const std::array<double, 4>& sphere) {
  const ViewBasis basis = view_basis(camera);
  const Vec3 d = {sphere[0] - camera.x, sphere[1] - camera.y, sphere[2] - camera.z};
  const double x = dot(d, basis.right), y = dot(d, basis.up), depth = dot(d, basis.forward);
  const double radius = sphere[3];
  if (depth - radius < kNearPlane) return false;
  const double f = focal_length();
  // The projection of the sphere's extent at its nearest depth, a bound on every point's pixel offset.
  const double reach = f / (depth - radius);
  return (std::abs(x) + radius) * reach < kGuardBandPixels && (std::abs(y) + radius) * reach < kGuardBandPixels;
}

bool sphere_outside_frustum(const Camera& camera, const std::array<float, 4>& sphere) {
  const ViewBasis basis = view_basis(camera);
  const Vec3 d = {sphere[0] - camera.x, sphere[1] - camera.y, sphere[2] - camera.z};
  const double x = dot(d, basis.right), y = dot(d, basis.up), depth = dot(d, basis.forward);
  const double radius = sphere[3];
  if (depth + radius < kNearPlane || depth - radius > kFarPlane) return true;
  // Side planes through the eye and the frame's edges: |x| * f <= half_width * depth, normalised.
  const double f = focal_length();
  const auto outside_side = [&](double offset, double half_extent) {
    const double length = std::sqrt(f * f + half_extent * half_extent);
    return (std::abs(offset) * f - half_extent * depth) / length > radius;
  };
  return outside_side(x, kFrameWidth / 2.0) || outside_side(y, kFrameHeight / 2.0);
}

}  // namespace gcvu::harness::frame
