#pragma once
// Runs a VIF1 stream through the clocked system, as `gcvu vif-run` does: a raw stream (loaded into EE RAM at 0 and
// sent by a normal-mode transfer) or a DMA chain inside an EE RAM image, with optional starting micro and data
// memories; keeps the per-microprogram reports, the final VU1 data memory and every GS write the GIF produced.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "emu/gif/gs_write_recorder.hpp"
#include "emu/system/clocked_system.hpp"
#include "emu/system/microprogram_report.hpp"
#include "emu/system/system_config.hpp"
#include "emu/vu/state/memory.hpp"

namespace gcvu::harness {

struct VifRunRequest {
  // Either a raw VIF1 stream (whole qwords) ...
  std::span<const uint8_t> stream;
  // ... or an EE RAM image (at most 32 MiB, loaded at address 0) with the address of the chain's first tag.
  std::span<const uint8_t> ee_image;
  std::optional<uint32_t> chain_address;
  // Optionally also a chain in the same image for the GIF's DMA channel (channel 2 → PATH3), started with it.
  std::optional<uint32_t> gif_chain_address;
  std::span<const uint8_t> micro;  // micro-memory image loaded at instruction 0 (may be empty)
  std::span<const uint8_t> data;   // data-memory image loaded at 0 (may be empty)
  system::SystemConfig config;
  bool mask_undefined = false;  // VIF1 ERR.ME1: skip undefined VIFcodes instead of stopping on them (ER1)
};

struct VifRunResult {
  system::RunResult run;
  std::vector<system::MicroprogramReport> programs;
  std::array<uint8_t, vu::kDataBytes> data{};
  std::vector<gif::GsEvent> gs_events;
  std::string gs_listing;
  uint32_t vif_stat = 0;
  uint64_t dma_qwords = 0;
  uint64_t dma_tags = 0;
  uint64_t gif_dma_qwords = 0;  // moved by the GIF channel (channel 2), if it was started
  uint64_t vif_words = 0;
  std::array<uint64_t, 3> gif_packets{};  // PATH1, PATH2, PATH3
};

// The caller checks the inputs (and names the file when they are wrong): a raw stream is a whole number of qwords
// and fits EE RAM, an EE image fits EE RAM, micro and data images are at most 16 KiB. Throws std::invalid_argument
// when they are not.
VifRunResult run_vif_stream(const VifRunRequest& request);

// run_vif_stream's three steps before the run, for callers that drive the machine themselves (gcvu debug): the
// starting VU memories and VIF1 ERR.ME1, the stream or image in EE memory, the transfer(s) started.
void prepare_vif_machine(const VifRunRequest& request, system::ClockedSystem& machine);
void load_vif_ee(const VifRunRequest& request, system::ClockedSystem& machine);
void start_vif_transfer(const VifRunRequest& request, system::ClockedSystem& machine);

}  // namespace gcvu::harness
