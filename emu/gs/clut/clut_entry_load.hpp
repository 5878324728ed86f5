#pragma once
// The copy of a 32-bit CLUT load's colours from local memory into the CLUT's 16-bit entries (Clut::write_tex0): the
// low half of each colour to its entry, the high half 256 entries on. A portable build and an AVX2 one that gathers
// eight colours at once (the same entries).

#include <cstdint>

namespace gcvu::gs {

// entries[i] and entries[i + 256] from the CT32 colour at word address addresses[i], for i < count.
using WideEntryLoadFn = void (*)(const uint8_t* memory, const uint32_t* addresses, uint32_t count, uint16_t* entries);

void load_wide_entries_portable(const uint8_t* memory, const uint32_t* addresses, uint32_t count, uint16_t* entries);
void load_wide_entries_avx2(const uint8_t* memory, const uint32_t* addresses, uint32_t count,
                            uint16_t* entries);  // AVX2 CPUs only

// load_wide_entries_avx2 where the CPU has AVX2, else the portable build.
WideEntryLoadFn load_wide_entries();

}  // namespace gcvu::gs
