#pragma once
// A GS dump built by hand for the mismatch-localisation tests, with a reference that differs in two known bytes:
// context 1 draws two overlapping sprites into a PSMCT16 frame (FBP 0, FBW 1), context 2 one sprite into a PSMCT32
// frame with a PSMZ24 Z buffer (ZBP 8) at Z 0x123456. The reference is gcvu's own memory after the VSync (a labelled
// baseline) with frame pixel (7, 2)'s byte 1 (G high bits, B, A; last written by draw #2) and Z pixel (3, 5)'s
// byte 1 (Z bits 8-15; draw #1) changed.

#include <cstdint>
#include <filesystem>

namespace gcvu::test {

struct LocalisationCase {
  std::filesystem::path dump;        // local.gs
  std::filesystem::path expect_dir;  // holds vram_0.bin
  uint32_t frame_byte = 0, z_byte = 0;
};

// Writes the dump to `dir`/local.gs and the reference to `expect_dir`/vram_0.bin.
LocalisationCase write_localisation_case(const std::filesystem::path& dir, const std::filesystem::path& expect_dir);

}  // namespace gcvu::test
