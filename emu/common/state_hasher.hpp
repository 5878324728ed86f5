#pragma once
// A running xxHash (XXH3, 64 bits) over a unit's state, for the debugger's "same state again" checks
// (system::state_hash, gs::state_hash). Units feed it their members one by one (their hash_state methods). Only
// values without padding go in as bytes (checked at compile time), so equal states always give equal hashes.

#define XXH_STATIC_LINKING_ONLY  // XXH3_state_t as a complete type, so the hasher needs no allocation
#include <xxhash.h>

#include <span>
#include <string_view>
#include <type_traits>

namespace gcvu {

class StateHasher {
 public:
  StateHasher() { XXH3_64bits_reset(&state_); }
  StateHasher(const StateHasher&) = delete;
  StateHasher& operator=(const StateHasher&) = delete;

  template <typename T>
  void add(const T& value) {
    static_assert(std::has_unique_object_representations_v<T>, "hash the members of a type with padding");
    XXH3_64bits_update(&state_, &value, sizeof value);
  }
  template <typename T>
  void add_span(std::span<const T> values) {
    static_assert(std::has_unique_object_representations_v<T>, "hash the members of a type with padding");
    add(values.size());
    XXH3_64bits_update(&state_, values.data(), values.size_bytes());
  }
  void add_text(std::string_view text) { add_span(std::span<const char>(text.data(), text.size())); }
  uint64_t digest() const { return XXH3_64bits_digest(&state_); }

 private:
  XXH3_state_t state_;
};

}  // namespace gcvu
