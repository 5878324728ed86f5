#pragma once
// The Graphics Synthesizer: register writes from the GIF become transfers, CLUT loads and primitives, drawn into
// local memory as PCSX2's software renderer draws them (reference/gs.md). It knows nothing of the GIF: the clocked
// system and the dump replayer feed it register writes and image data.
//
// Draws are batched as PCSX2 batches them: vertices accumulate into one draw until a register write changes the
// state the draw depends on, a transfer touches memory, or flush() is called (a VSync). Per-draw decisions
// (filter choice, flat shading) are taken over the whole batch, as PCSX2's vertex trace takes them.

#include <array>
#include <cstdint>
#include <memory>
#include <span>

#include "emu/common/qword.hpp"
#include "emu/common/state_hasher.hpp"
#include "emu/gs/clut/clut.hpp"
#include "emu/gs/gs_config.hpp"
#include "emu/gs/gs_observer.hpp"
#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/registers/privileged_registers.hpp"
#include "emu/gs/transfer/transfer_unit.hpp"

namespace gcvu::gs {

// How a register write reached the GS. PACKED and A+D writes of RGBAQ differ in one rule PCSX2 follows
// (reference/gs.md §2: an A+D RGBAQ with Q=0 reads Q=1.0; a PACKED STQ's Q=0 becomes FLT_MIN).
enum class WriteOrigin : uint8_t { kAddressData, kPacked };

// The raw general-register file, by address (0x00-0x7F), as last written; the state a dump saves.
using GeneralRegisterFile = std::array<uint64_t, 128>;

struct GsStats {
  uint64_t draws = 0;       // flushed batches
  uint64_t primitives = 0;  // primitives rasterized
  uint64_t pixels = 0;      // pixels that reached the per-pixel stage
  uint64_t transfers = 0;   // TRXDIR writes that started a transfer
};

class Gs {
 public:
  explicit Gs(GsConfig config = {});
  ~Gs();
  // Deep copies (gs_copy.cpp): memory, registers, the open draw batch and the textures kept decoded, so that a copy
  // draws on exactly as the original would. Draw threads and scratch buffers are not copied.
  Gs(const Gs& other);
  Gs& operator=(const Gs& other);

  // A write to general register `address` (0x00-0x7F).
  void write_register(uint8_t address, uint64_t value, WriteOrigin origin = WriteOrigin::kAddressData);
  // IMAGE data (or HWREG) for an armed host->local transfer; `following` holds the bytes after `data` in the GIF
  // stream, which some uploads read (TransferUnit::write).
  void write_image(std::span<const uint8_t> data, std::span<const uint8_t> following = {});
  void write_image(const Qword& data);
  // Local->host data (what a dump's ReadFIFO2 reads).
  void read_image(std::span<uint8_t> out);

  void write_privileged(uint32_t offset, uint64_t value);  // offset within the 8 KiB block, 8-byte aligned
  uint64_t privileged(uint32_t offset) const;
  // Sets a privileged register without its write rule (a saved state or a dump's registers packet).
  void restore_privileged(uint32_t offset, uint64_t value) { privileged_[(offset / 8) % privileged_.size()] = value; }
  std::span<const uint64_t> privileged_block() const { return privileged_; }

  // Draws everything batched so far.
  void flush();
  // A VSync: flushes, then ages the textures kept decoded between draws (PCSX2 GSRendererSW::VSync).
  void vsync();

  // Restores a saved register file without running any write rule (no CLUT load, no flush, no transfer start),
  // including the vertex queue's current attributes. A dump's saved Q is PCSX2's PACKED temporary Q, which belongs
  // to the GIF's path decoders, not the GS.
  void restore_registers(const GeneralRegisterFile& registers);

  LocalMemory& memory() { return memory_; }
  const LocalMemory& memory() const { return memory_; }
  const GeneralRegisterFile& registers() const;
  const Clut& clut() const { return clut_; }
  const GsStats& stats() const;
  const GsConfig& config() const { return config_; }
  // Reports draws and transfers to `observer` (null: none) from now on; copies of this GS report to nobody.
  void set_observer(GsObserver* observer) { observer_ = observer; }
  // Feeds the GS's state to `hasher` (gs_state_hash.hpp says what is covered).
  void hash_state(StateHasher& hasher) const;

 private:
  struct Core;  // register handlers, vertex queue and draw batching (gs/gs.cpp, gs/primitive/)
  GsConfig config_;
  LocalMemory memory_;
  Clut clut_;
  TransferUnit transfer_;
  std::array<uint64_t, kPrivilegedSize / 8> privileged_{};
  std::unique_ptr<Core> core_;
  GsObserver* observer_ = nullptr;
};

}  // namespace gcvu::gs
