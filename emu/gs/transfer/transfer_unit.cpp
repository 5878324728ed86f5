#include "emu/gs/transfer/transfer_unit.hpp"

#include <algorithm>

#include "emu/gs/memory/pixel_access.hpp"

namespace gcvu::gs {

namespace {

uint32_t transfer_bits(Psm psm) {
  return visit_psm(psm, [](auto format) { return PsmTraits<format.value>::kTransferBits; });
}

// ceil(RRW·RRH·bpp/8), capped at the memory size as PCSX2 caps its transfer buffer.
uint64_t transfer_bytes(const Trxreg& trxreg, uint32_t bits) {
  uint64_t bytes = (uint64_t{trxreg.rrw()} * trxreg.rrh() * bits + 7) / 8;
  return std::min<uint64_t>(bytes, kLocalMemoryBytes);
}

}  // namespace

void TransferUnit::start(const Bitbltbuf& bitbltbuf, const Trxpos& trxpos, const Trxreg& trxreg, const Trxdir& trxdir,
                         LocalMemory& memory) {
  bitbltbuf_ = bitbltbuf;
  trxpos_ = trxpos;
  trxreg_ = trxreg;
  x_ = 0;
  y_ = 0;
  bytes_done_ = 0;
  total_bytes_ = 0;
  partial_.clear();
  direction_ = trxdir.xdir();
  switch (direction_) {
    case 0: total_bytes_ = transfer_bytes(trxreg, transfer_bits(psm_or_ct32(bitbltbuf.dpsm()))); break;
    case 1: total_bytes_ = transfer_bytes(trxreg, transfer_bits(psm_or_ct32(bitbltbuf.spsm()))); break;
    case 2:
      move(memory);
      direction_ = 3;
      break;
    default: break;
  }
}

void TransferUnit::advance_pixel() {
  if (++x_ == trxreg_.rrw()) {
    x_ = 0;
    ++y_;
  }
}

size_t TransferUnit::write(std::span<const uint8_t> data, LocalMemory& memory) { return write(data, memory, {}); }

size_t TransferUnit::write(std::span<const uint8_t> data, LocalMemory& memory, std::span<const uint8_t> following) {
  if (direction_ != 0) return 0;
  const auto taken = static_cast<size_t>(std::min<uint64_t>(data.size(), total_bytes_ - bytes_done_));
  // PCSX2 (GSState::Write) stores a transfer whose data comes in one piece straight from the GIF's buffer, and
  // copies one that comes in pieces into its transfer buffer first, stopping at the transfer's end.
  const bool in_one_piece = bytes_done_ == 0 && taken == total_bytes_;
  if (!in_one_piece) stage(data.first(taken));
  if (rows_byte_aligned()) {
    bytes_done_ += taken;
    if (in_one_piece) {
      write_byte_aligned_rows(data, following, memory);
    } else if (bytes_done_ == total_bytes_) {
      write_byte_aligned_rows(staging_, {}, memory);
    }
  } else {
    visit_psm(psm_or_ct32(bitbltbuf_.dpsm()),
              [&](auto format) { return write_pixels<format.value>(data.first(taken), memory); });
    bytes_done_ += taken;
  }
  if (bytes_done_ == total_bytes_) direction_ = 3;
  return taken;
}

// The transfer buffer keeps what earlier transfers left past this one's end, and the rows below may read it.
void TransferUnit::stage(std::span<const uint8_t> data) {
  const auto end = static_cast<size_t>(bytes_done_) + data.size();
  if (staging_.size() < end) staging_.resize(end);
  std::copy(data.begin(), data.end(), staging_.begin() + static_cast<std::ptrdiff_t>(bytes_done_));
}

// PCSX2 (GSLocalMemoryMultiISA.cpp WriteImage4HL/4HH -> WriteImageX) stores an odd-width T4HL/T4HH image as if
// each row began on a byte: a row of RRW pixels takes ceil(RRW/2) bytes and also writes the pixel just right of
// the rectangle from the last byte's high nibble. It stops after 2·size pixels, so when RRW·RRH is odd one more
// row of two pixels follows. PSMT4 has its own, packed, path; the GS itself packs every 4-bit format.
bool TransferUnit::rows_byte_aligned() const {
  Psm psm = psm_or_ct32(bitbltbuf_.dpsm());
  return (psm == Psm::kT4hl || psm == Psm::kT4hh) && (trxreg_.rrw() & 1) != 0;
}

// `source` starts with the transfer's data; the rows may read on into `following` and then past both (zeros: what
// lies there in PCSX2's buffers is not modelled).
void TransferUnit::write_byte_aligned_rows(std::span<const uint8_t> source, std::span<const uint8_t> following,
                                           LocalMemory& memory) {
  const uint32_t width = trxreg_.rrw();
  auto byte_at = [&](uint64_t index) -> uint32_t {
    if (index < source.size()) return source[index];
    index -= source.size();
    return index < following.size() ? following[index] : 0;
  };
  auto store = [&](auto format) {
    constexpr Psm kPsm = format.value;
    const PixelAddress<kPsm> buffer(bitbltbuf_.dbp(), bitbltbuf_.dbw());
    uint8_t* vm = memory.bytes().data();
    uint64_t pixels = 2 * total_bytes_;
    uint64_t next_byte = 0;
    for (uint32_t y = trxpos_.dsay(); pixels > 0; ++y) {
      const uint32_t row_pixels = static_cast<uint32_t>(std::min<uint64_t>(width, pixels));
      pixels -= row_pixels;
      const auto row = buffer.row(y);
      for (uint32_t x = 0; x < row_pixels; x += 2) {
        uint32_t byte = byte_at(next_byte++);
        write_element<kPsm>(vm, row.at(trxpos_.dsax() + x), byte & 0xf);
        write_element<kPsm>(vm, row.at(trxpos_.dsax() + x + 1), byte >> 4);
      }
    }
  };
  if (psm_or_ct32(bitbltbuf_.dpsm()) == Psm::kT4hl) {
    store(PsmConstant<Psm::kT4hl>{});
  } else {
    store(PsmConstant<Psm::kT4hh>{});
  }
}

template <Psm kPsm>
size_t TransferUnit::write_pixels(std::span<const uint8_t> data, LocalMemory& memory) {
  using Traits = PsmTraits<kPsm>;
  const PixelAddress<kPsm> buffer(bitbltbuf_.dbp(), bitbltbuf_.dbw());
  uint8_t* vm = memory.bytes().data();
  const uint32_t rows = trxreg_.rrh();
  auto put = [&](uint32_t value) {
    if (y_ >= rows) return;  // the half-used last byte of an odd 4-bit transfer
    write_element<kPsm>(vm, buffer(trxpos_.dsax() + x_, trxpos_.dsay() + y_), value);
    advance_pixel();
  };
  if constexpr (Traits::kTransferBits == 4) {
    for (uint8_t byte : data) {
      put(byte & 0xf);  // low nibble first
      put(byte >> 4);
    }
  } else {
    constexpr size_t kPixelBytes = Traits::kTransferBits / 8;
    for (uint8_t byte : data) {
      partial_.push_back(byte);
      if (partial_.size() < kPixelBytes) continue;
      uint32_t value = 0;
      for (size_t i = 0; i < kPixelBytes; ++i) value |= uint32_t{partial_[i]} << (8 * i);
      partial_.clear();
      put(value);
    }
  }
  return data.size();
}

void TransferUnit::read(std::span<uint8_t> out, const LocalMemory& memory) {
  std::fill(out.begin(), out.end(), uint8_t{0});
  if (direction_ != 1) return;
  out = out.first(static_cast<size_t>(std::min<uint64_t>(out.size(), total_bytes_ - bytes_done_)));
  visit_psm(psm_or_ct32(bitbltbuf_.spsm()), [&](auto format) { read_pixels<format.value>(out, memory); });
  stage(out);  // PCSX2 reads the image into the same transfer buffer
  bytes_done_ += out.size();
  if (bytes_done_ == total_bytes_) direction_ = 3;
}

template <Psm kPsm>
void TransferUnit::read_pixels(std::span<uint8_t> out, const LocalMemory& memory) {
  using Traits = PsmTraits<kPsm>;
  const PixelAddress<kPsm> buffer(bitbltbuf_.sbp(), bitbltbuf_.sbw());
  const uint8_t* vm = memory.bytes().data();
  const uint32_t rows = trxreg_.rrh();
  auto take = [&]() -> uint32_t {
    if (y_ >= rows) return 0;
    uint32_t value = read_element<kPsm>(vm, buffer(trxpos_.ssax() + x_, trxpos_.ssay() + y_));
    advance_pixel();
    return value;
  };
  for (uint8_t& byte : out) {
    if (partial_.empty()) {
      if constexpr (Traits::kTransferBits == 4) {
        uint32_t low = take();
        partial_.push_back(static_cast<uint8_t>(low | (take() << 4)));
      } else {
        uint32_t value = take();
        for (uint32_t i = 0; i < Traits::kTransferBits / 8; ++i)
          partial_.push_back(static_cast<uint8_t>(value >> (8 * i)));
      }
    }
    byte = partial_.front();
    partial_.erase(partial_.begin());
  }
}

namespace {

// PCSX2 GSState::Move's iteration order, which matters when source and destination overlap: which rows and
// columns run backwards. Kept apart from the pixel copy so the order reads as the rules it follows.
struct MovePlan {
  int sx, sy, dx, dy, w, h;
  int xinc = 1, yinc = 1;
  bool intersect = false;
};

template <Psm kSource, Psm kDestination>
void copy_rect(const MovePlan& plan, const Bitbltbuf& bitbltbuf, LocalMemory& memory) {
  const PixelAddress<kSource> source(bitbltbuf.sbp(), bitbltbuf.sbw());
  const PixelAddress<kDestination> destination(bitbltbuf.dbp(), bitbltbuf.dbw());
  uint8_t* vm = memory.bytes().data();
  auto copy_row = [&](int sy, int dy, bool backwards) {
    const auto s = source.row(static_cast<uint32_t>(sy));
    const auto d = destination.row(static_cast<uint32_t>(dy));
    auto one = [&](int x) {
      uint32_t value = read_element<kSource>(vm, s.at(static_cast<uint32_t>((plan.sx + x) & 2047)));
      write_element<kDestination>(vm, d.at(static_cast<uint32_t>((plan.dx + x) & 2047)), value);
    };
    if (backwards) {
      for (int x = plan.w - 1; x >= 0; --x) one(x);
    } else {
      for (int x = 0; x < plan.w; ++x) one(x);
    }
  };

  if (plan.xinc < 0) {
    // sx/dx already point at the right edge: walk left.
    for (int y = 0, sy = plan.sy, dy = plan.dy; y < plan.h; ++y, sy += plan.yinc, dy += plan.yinc) {
      const auto s = source.row(static_cast<uint32_t>(sy));
      const auto d = destination.row(static_cast<uint32_t>(dy));
      for (int x = 0; x < plan.w; ++x) {
        uint32_t value = read_element<kSource>(vm, s.at(static_cast<uint32_t>((plan.sx - x) & 2047)));
        write_element<kDestination>(vm, d.at(static_cast<uint32_t>((plan.dx - x) & 2047)), value);
      }
    }
    return;
  }

  // A copy within one buffer whose destination trails the source inside the same page runs away from it
  // (PCSX2: the GS buffers the copy, so the source stays ahead; Gitaroo Man).
  const int page_width = static_cast<int>(PsmTraits<kDestination>::kPageWidth);
  const int page_height = static_cast<int>(PsmTraits<kDestination>::kPageHeight);
  const int xpage = plan.sx & ~(page_width - 1);
  const int ypage = plan.sy & ~(page_height - 1);
  const bool rows_chase = plan.sy < plan.dy && ypage + page_height > plan.dy;
  const bool columns_chase = plan.sx < plan.dx && xpage + page_width > plan.dx;
  const bool same_buffer = bitbltbuf.sbp() == bitbltbuf.dbp();
  if (plan.intersect && same_buffer && (rows_chase || columns_chase)) {
    int sy = plan.sy, dy = plan.dy, step = plan.yinc;
    if (rows_chase && plan.yinc > 0) {
      sy += plan.h - 1;
      dy += plan.h - 1;
      step = -step;
    }
    for (int y = 0; y < plan.h; ++y, sy += step, dy += step) copy_row(sy, dy, columns_chase);
    return;
  }
  for (int y = 0, sy = plan.sy, dy = plan.dy; y < plan.h; ++y, sy += plan.yinc, dy += plan.yinc) {
    copy_row(sy, dy, false);
  }
}

}  // namespace

void TransferUnit::move(LocalMemory& memory) const {
  MovePlan plan{static_cast<int>(trxpos_.ssax()), static_cast<int>(trxpos_.ssay()), static_cast<int>(trxpos_.dsax()),
                static_cast<int>(trxpos_.dsay()), static_cast<int>(trxreg_.rrw()),  static_cast<int>(trxreg_.rrh())};
  if (plan.w == 0 || plan.h == 0) return;
  bool same_base = bitbltbuf_.sbp() == bitbltbuf_.dbp();
  bool x_overlap = std::max(plan.sx, plan.dx) < std::min(plan.sx, plan.dx) + plan.w;
  bool y_overlap = std::max(plan.sy, plan.dy) < std::min(plan.sy, plan.dy) + plan.h;
  plan.intersect = same_base && x_overlap && y_overlap;
  // DIRX/DIRY reverse the copy unless the rectangles intersect with the destination ahead of the source.
  // TRXPOS.DIR is DIRY (bit 59) then DIRX (bit 60).
  const bool dir_y = (trxpos_.dir() & 1) != 0;
  const bool dir_x = (trxpos_.dir() & 2) != 0;
  if (dir_x && (!plan.intersect || plan.sx < plan.dx)) {
    plan.sx += plan.w - 1;
    plan.dx += plan.w - 1;
    plan.xinc = -1;
  }
  if (dir_y && (!plan.intersect || plan.sy < plan.dy)) {
    plan.sy += plan.h - 1;
    plan.dy += plan.h - 1;
    plan.yinc = -1;
  }
  visit_psm(psm_or_ct32(bitbltbuf_.spsm()), [&](auto source) {
    visit_psm(psm_or_ct32(bitbltbuf_.dpsm()),
              [&](auto destination) { copy_rect<source.value, destination.value>(plan, bitbltbuf_, memory); });
  });
}

}  // namespace gcvu::gs
