#pragma once
// A fixed-size, zero-filled byte buffer that costs nothing until touched: it comes from fresh zero pages, where
// std::vector would write all of it up front (32 MiB of EE RAM: ≈150 ms per EeMemory on a busy machine, paid by
// every test and every run that builds one; the GS's 4 MiB local memory).
//
// A buffer of 2 MiB or more is mapped on 2 MiB boundaries and asks the kernel for transparent huge pages
// (madvise(MADV_HUGEPAGE), which Debian's default "madvise" setting honours): the first write into each 2 MiB then
// costs one fault instead of 512. Each 4 KiB fault costs about 10 us on the development VM, so loading the demo
// frame's 700 KB into a new EE RAM took 1.7 ms of BM_TfragDemoFrame's 30 (0.07-0.11 ms with huge pages). Where
// the system has no such pages the buffer is still fresh zero pages; the bytes never depend on it. Under
// AddressSanitizer every buffer comes from calloc, so accesses past its end still meet the sanitizer's redzone.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gcvu {

class ZeroedBytes {
 public:
  explicit ZeroedBytes(size_t size);
  ~ZeroedBytes();
  // Copies stay possible (EeMemory was a plain value before), just not cheap.
  ZeroedBytes(const ZeroedBytes& other) : ZeroedBytes(other.size_) { std::memcpy(data(), other.data(), size_); }
  ZeroedBytes& operator=(const ZeroedBytes& other);
  ZeroedBytes(ZeroedBytes&& other) noexcept;
  ZeroedBytes& operator=(ZeroedBytes&& other) noexcept;

  uint8_t* data() { return bytes_; }
  const uint8_t* data() const { return bytes_; }
  size_t size() const { return size_; }

 private:
  void release() noexcept;

  uint8_t* bytes_ = nullptr;
  size_t size_ = 0;
  // The whole mapping bytes_ lies in (mapping_bytes_ == 0: bytes_ came from calloc).
  void* mapping_ = nullptr;
  size_t mapping_bytes_ = 0;
};

}  // namespace gcvu
