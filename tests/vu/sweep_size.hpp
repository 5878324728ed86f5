#pragma once
// Sizes of the seeded cross-test sweeps: the given default (smaller in unoptimised and sanitizer builds), or the
// number in the environment variable `variable` when set, for long runs by hand.

#include <cstdlib>

namespace gcvu::test {

inline long sweep_size(const char* variable, long optimised_default) {
  if (const char* text = std::getenv(variable); text != nullptr && *text != '\0') return std::strtol(text, nullptr, 10);
#ifdef NDEBUG
  return optimised_default;
#else
  return optimised_default / 10;
#endif
}

}  // namespace gcvu::test
