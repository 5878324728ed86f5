#pragma once
// Helpers for the allocation-limit tests (AllocationLimits, AssemblerLimits): files of a given size and checks on
// an error message that show the whole message when they fail.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace gcvu::test {

// A file of `size` zero bytes (sparse: cheap even at tens of MiB).
inline void make_sized_file(const std::filesystem::path& path, uint64_t size) {
  { std::ofstream create(path, std::ios::binary); }
  std::filesystem::resize_file(path, size);
}

// The message contains `part`.
inline ::testing::AssertionResult Mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << message << "\" does not mention \"" << part << "\"";
}

// The message starts with `prefix` (file:line:col or file: offset).
inline ::testing::AssertionResult Starts(const std::string& message, const std::string& prefix) {
  if (message.rfind(prefix, 0) == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << message << "\" does not start with \"" << prefix << "\"";
}

}  // namespace gcvu::test
