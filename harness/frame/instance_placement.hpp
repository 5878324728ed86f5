#pragma once
// Where a placed instance's bounding sphere lies, and whether it is drawn at all. The shrub and moby programs have
// no clipper (moby's clip test only drops triangles), so an instance is drawn whole or not at all.

#include <array>

#include "harness/frame/camera.hpp"
#include "harness/frame/instance.hpp"

namespace gcvu::harness::frame {

// The class's bounding sphere (class-local centre and radius, world units) carried by the instance's axes and
// position: world centre, and the radius grown by the longest axis.
std::array<double, 4> instance_sphere(const Instance& instance, const std::array<float, 4>& class_sphere);

// Drawn when the sphere lies in front of the near plane, projects inside the guard band and meets the frustum.
bool instance_visible(const Camera& camera, const std::array<double, 4>& sphere);

}  // namespace gcvu::harness::frame
