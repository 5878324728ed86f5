// The frame constants (harness/frame/camera.hpp), checked by carrying the ABI's per-vertex sequence out in double
// on hand-picked points and comparing with the documented projection worked by hand: focal length
// 320 / tan(30 deg) = 554.2562584 pixels, screen = 2048 + f * offset / depth, GS y downwards, Z = 2^23 - 1 at
// clip.z = 0, fog 255 at depth 128 and 0 at depth 512.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "harness/frame/camera.hpp"

namespace gcvu::harness::frame {
namespace {

double f(uint32_t bits) { return std::bit_cast<float>(bits); }

// screen = offset + scale * clip / clip.w, with fog from 1/w (the ABI's order, in double).
std::array<double, 4> project(const FrameConstants& c, std::array<double, 3> world) {
  std::array<double, 4> clip{};
  for (size_t lane = 0; lane < 4; ++lane) {
    clip[lane] = f(c.matrix[3][lane]);
    for (size_t axis = 0; axis < 3; ++axis) clip[lane] += f(c.matrix[axis][lane]) * world[axis] * 1024.0;
  }
  std::array<double, 4> screen{};
  for (size_t lane = 0; lane < 3; ++lane) {
    screen[lane] = f(c.screen_offset[lane]) + f(c.screen_scale[lane]) * clip[lane] / clip[3];
  }
  screen[3] = f(c.screen_offset[3]) + f(c.screen_scale[3]) / clip[3];
  return screen;
}

TEST(FrameCamera, ProjectsHandPickedPoints) {
  const FrameConstants c = frame_constants(Camera{10, 20, 5, 0, 0});  // looking along +X
  const auto ahead = project(c, {110, 20, 5});
  EXPECT_NEAR(ahead[0], 2048.0, 1e-3);
  EXPECT_NEAR(ahead[1], 2048.0, 1e-3);
  const auto up_left = project(c, {110, 30, 15});  // 10 up and 10 left (+Y is left when facing +X)
  EXPECT_NEAR(up_left[0], 2048.0 - 55.42562584, 1e-2);
  EXPECT_NEAR(up_left[1], 2048.0 - 55.42562584, 1e-2);
  EXPECT_NEAR(project(c, {138, 20, 5})[3], 255.0, 1e-2);  // depth 128
  EXPECT_NEAR(project(c, {522, 20, 5})[3], 0.0, 1e-2);    // depth 512
  // Nearer is larger Z.
  EXPECT_GT(project(c, {20, 20, 5})[2], project(c, {200, 20, 5})[2]);
}

TEST(FrameCamera, YawNinetyLooksAlongY) {
  const FrameConstants c = frame_constants(Camera{0, 0, 0, 90, 0});
  const auto ahead = project(c, {0, 100, 0});
  EXPECT_NEAR(ahead[0], 2048.0, 1e-2);
  EXPECT_NEAR(ahead[1], 2048.0, 1e-2);
  EXPECT_GT(project(c, {10, 100, 0})[0], 2048.0);  // +X is to the right when facing +Y
}

TEST(FrameCamera, CullsSpheresOutsideTheFrustum) {
  const Camera camera{0, 0, 0, 0, 0};
  EXPECT_FALSE(sphere_outside_frustum(camera, {100, 0, 0, 1}));
  EXPECT_TRUE(sphere_outside_frustum(camera, {-100, 0, 0, 10}));   // behind
  EXPECT_TRUE(sphere_outside_frustum(camera, {100, 100, 0, 10}));  // 45 deg left, the half-angle is 30
  EXPECT_FALSE(sphere_outside_frustum(camera, {100, 100, 0, 60})); // ... unless it is big enough to reach in
  EXPECT_TRUE(sphere_outside_frustum(camera, {5000, 0, 0, 10}));   // past the far plane
}

}  // namespace
}  // namespace gcvu::harness::frame
