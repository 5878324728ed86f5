#pragma once
// Where the blocks of an R&C2 gameplay file sit (wrench docs/gameplay.md, "R&C2 and R&C3", and
// src/instancemgr/gameplay.cpp GC_UYA_GAMEPLAY_BLOCKS, commit ce40ca43): the file opens with a header of 39 s32
// slots, each the file offset of one block, 0 for a block that is absent. The slots gcvu reads are named here.

#include <cstddef>
#include <cstdint>

namespace gcvu::formats::rc2 {

inline constexpr size_t kGameplaySlotCount = 39;
inline constexpr size_t kGameplayHeaderSize = 4 * kGameplaySlotCount;  // 0x9c
inline constexpr size_t kShrubClassesSlot = 0x3c;
inline constexpr size_t kShrubInstancesSlot = 0x40;
inline constexpr size_t kMobyClassesSlot = 0x48;
inline constexpr size_t kMobyInstancesSlot = 0x4c;
// wrench's writer pads every block it writes (but the help messages and occlusion) to 16 bytes.
inline constexpr size_t kGameplayBlockAlignment = 16;
// Instance blocks open with 16 bytes: the count, then three words (wrench's TableHeader / MobyBlockHeader).
inline constexpr size_t kInstanceBlockHeaderSize = 0x10;

}  // namespace gcvu::formats::rc2
