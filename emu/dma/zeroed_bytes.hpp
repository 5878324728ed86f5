#pragma once
// A fixed-size, zero-filled byte buffer that costs nothing until touched: calloc hands large blocks out as fresh
// zero pages, where std::vector would write all 32 MiB of EE RAM up front (≈150 ms per EeMemory on a busy machine,
// paid by every test and every run that builds one).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

namespace gcvu::dma {

class ZeroedBytes {
 public:
  explicit ZeroedBytes(size_t size) : bytes_(static_cast<uint8_t*>(std::calloc(size, 1))), size_(size) {
    if (!bytes_) throw std::bad_alloc();
  }
  // Copies stay possible (EeMemory was a plain value before), just not cheap.
  ZeroedBytes(const ZeroedBytes& other) : ZeroedBytes(other.size_) { std::memcpy(data(), other.data(), size_); }
  ZeroedBytes& operator=(const ZeroedBytes& other) {
    if (this != &other) *this = ZeroedBytes(other);
    return *this;
  }
  ZeroedBytes(ZeroedBytes&&) noexcept = default;
  ZeroedBytes& operator=(ZeroedBytes&&) noexcept = default;

  uint8_t* data() { return bytes_.get(); }
  const uint8_t* data() const { return bytes_.get(); }
  size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(uint8_t* bytes) const { std::free(bytes); }
  };
  std::unique_ptr<uint8_t, Free> bytes_;
  size_t size_;
};

}  // namespace gcvu::dma
