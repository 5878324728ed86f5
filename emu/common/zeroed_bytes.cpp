#include "emu/common/zeroed_bytes.hpp"

#include <cstdlib>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace gcvu {
namespace {

constexpr size_t kHugePageBytes = size_t{2} << 20;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kMapHugePages = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kMapHugePages = false;
#else
constexpr bool kMapHugePages = true;
#endif
#else
constexpr bool kMapHugePages = true;
#endif

}  // namespace

ZeroedBytes::ZeroedBytes(size_t size) : size_(size) {
#if defined(__linux__)
  if (kMapHugePages && size >= kHugePageBytes) {
    // Map one huge page more than asked, so that a 2 MiB boundary lies within the first one; anonymous memory is
    // zero-filled by the kernel.
    const size_t mapped = size + kHugePageBytes;
    void* mapping = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping != MAP_FAILED) {
      const uintptr_t start = reinterpret_cast<uintptr_t>(mapping);
      const uintptr_t aligned = (start + kHugePageBytes - 1) & ~uintptr_t{kHugePageBytes - 1};
      bytes_ = reinterpret_cast<uint8_t*>(aligned);
      mapping_ = mapping;
      mapping_bytes_ = mapped;
      // Advice only: without huge pages the buffer works the same, one 4 KiB fault at a time.
      madvise(bytes_, size, MADV_HUGEPAGE);
      return;
    }
  }
#endif
  bytes_ = static_cast<uint8_t*>(std::calloc(size, 1));
  if (!bytes_) throw std::bad_alloc();
}

ZeroedBytes::~ZeroedBytes() { release(); }

void ZeroedBytes::release() noexcept {
#if defined(__linux__)
  if (mapping_bytes_ != 0) {
    munmap(mapping_, mapping_bytes_);
    bytes_ = nullptr;
    return;
  }
#endif
  std::free(bytes_);
  bytes_ = nullptr;
}

ZeroedBytes& ZeroedBytes::operator=(const ZeroedBytes& other) {
  if (this == &other) return *this;
  // Same size (a GS or EE RAM reset to a saved copy, as the fuzz targets do per input): into the pages this buffer
  // already has, as std::vector's assignment did, instead of a fresh buffer that faults in every page again.
  if (size_ == other.size_ && bytes_ != nullptr) {
    std::memcpy(bytes_, other.bytes_, size_);
    return *this;
  }
  *this = ZeroedBytes(other);
  return *this;
}

ZeroedBytes::ZeroedBytes(ZeroedBytes&& other) noexcept
    : bytes_(std::exchange(other.bytes_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      mapping_(std::exchange(other.mapping_, nullptr)),
      mapping_bytes_(std::exchange(other.mapping_bytes_, 0)) {}

ZeroedBytes& ZeroedBytes::operator=(ZeroedBytes&& other) noexcept {
  if (this != &other) {
    release();
    bytes_ = std::exchange(other.bytes_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapping_ = std::exchange(other.mapping_, nullptr);
    mapping_bytes_ = std::exchange(other.mapping_bytes_, 0);
  }
  return *this;
}

}  // namespace gcvu
