#pragma once
// Large buffers filled once (a whole file, a dump's concatenated GIF streams): asking the kernel for transparent
// huge pages before the first touch turns thousands of 4 KiB page faults into a few 2 MiB ones. On this project's
// VMs a page fault costs several microseconds; a 17 MiB dump read and copied took ~8,000 of them, a quarter of
// replaying it. Only advice: the bytes are the same either way, and a host without THP ignores it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gcvu::formats {

// Advises huge pages for the 2 MiB-aligned part of [data, data + bytes) when it is large enough to hold some; the
// memory must be allocated and not yet touched (a vector's reserved capacity) for the advice to matter.
void advise_huge_pages(void* data, size_t bytes);
// Reserves room for `bytes` in `buffer` (nothing when it has that much) and advises huge pages for the new
// allocation, before anything touches it: how the readers size a large buffer they fill once.
void reserve_with_huge_pages(std::vector<uint8_t>& buffer, size_t bytes);

}  // namespace gcvu::formats
