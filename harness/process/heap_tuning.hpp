#pragma once
// How the process's heap keeps memory it frees. gcvu allocates and frees many buffers of a few MiB (a GS memory
// image, a decompressed dump, a reference VRAM per VSync); glibc by default returns each to the kernel (mmap for
// blocks over its threshold, trimming the heap's top), so the next one is paged in again, zero-filled, one 4 KiB
// fault at a time.

namespace gcvu::harness {

// Keeps freed blocks of up to 32 MiB (glibc's largest mmap threshold) in the process for reuse, and lets up to
// 512 MiB of free memory stay at the heap's top. Measured on the 2-core development VM, `gcvu regress` of both
// PCSX2 corpora (220 cases, --jobs 2): 1,028,688 page faults and 17.8 s of CPU before, 17,093 and 3.5 s after;
// the bytes are the same (the allocator only decides where memory comes from). Call it first thing in main();
// returns false where the C library has no such settings (not glibc) or refuses them. Under ASan the sanitizer's
// allocator serves malloc and these settings have no effect.
bool keep_freed_memory_in_process();

}  // namespace gcvu::harness
