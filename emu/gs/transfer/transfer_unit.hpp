#pragma once
// Image transfers between the host and local memory and within local memory (BITBLTBUF/TRXPOS/TRXREG/TRXDIR,
// HWREG and GIF IMAGE data). Rules: reference/gs.md §1 "Host->local transfer" and "Local->local"
// (PCSX2 GSState::Write/Read/Move; GS manual §4).

#include <cstdint>
#include <span>
#include <vector>

#include "emu/gs/memory/local_memory.hpp"
#include "emu/gs/memory/psm.hpp"
#include "emu/gs/registers/general_registers.hpp"

namespace gcvu::gs {

class TransferUnit {
 public:
  // A TRXDIR write with the current BITBLTBUF/TRXPOS/TRXREG. XDIR 0 arms host->local, 1 arms local->host,
  // 2 copies local->local at once, 3 ends any transfer.
  void start(const Bitbltbuf& bitbltbuf, const Trxpos& trxpos, const Trxreg& trxreg, const Trxdir& trxdir,
             LocalMemory& memory);

  // Host->local data (IMAGE qwords, HWREG dwords). Bytes beyond the transfer's size are dropped; returns the
  // number of bytes taken. Does nothing unless a host->local transfer is armed.
  size_t write(std::span<const uint8_t> data, LocalMemory& memory);

  // The same, with the bytes that follow `data` in the GIF stream. PCSX2 stores odd-width PSMT4HL/PSMT4HH images
  // row by row from byte boundaries and so reads past the image's end (reference/gs.md §1, "Host->local"): into
  // the padding and the next GIF tags when the whole transfer came in one write, else into what earlier transfers
  // left in its transfer buffer.
  size_t write(std::span<const uint8_t> data, LocalMemory& memory, std::span<const uint8_t> following);

  // Local->host data: fills `out` with the next bytes of an armed local->host transfer (zeros past its end).
  void read(std::span<uint8_t> out, const LocalMemory& memory);

  // 0-3 as TRXDIR.XDIR; 3 when no transfer is active (the GS sets XDIR to 3 once the data is complete).
  uint32_t direction() const { return direction_; }
  uint64_t bytes_remaining() const { return total_bytes_ - bytes_done_; }

 private:
  // The per-format loops (transfer_unit.cpp): each takes the format as a compile-time constant.
  template <Psm kPsm>
  size_t write_pixels(std::span<const uint8_t> data, LocalMemory& memory);
  template <Psm kPsm>
  void read_pixels(std::span<uint8_t> out, const LocalMemory& memory);
  void advance_pixel();
  bool rows_byte_aligned() const;
  void stage(std::span<const uint8_t> data);
  void write_byte_aligned_rows(std::span<const uint8_t> source, std::span<const uint8_t> following,
                               LocalMemory& memory);
  void move(LocalMemory& memory) const;

  Bitbltbuf bitbltbuf_;
  Trxpos trxpos_;
  Trxreg trxreg_;
  uint32_t direction_ = 3;
  uint64_t total_bytes_ = 0;
  uint64_t bytes_done_ = 0;
  uint32_t x_ = 0;  // next pixel, relative to the rectangle
  uint32_t y_ = 0;
  std::vector<uint8_t> partial_;  // host->local: bytes of a pixel split across writes; local->host: bytes not yet read
  // PCSX2's host->local transfer buffer: the data of transfers that came in pieces, from offset 0, never cleared.
  std::vector<uint8_t> staging_;
};

}  // namespace gcvu::gs
