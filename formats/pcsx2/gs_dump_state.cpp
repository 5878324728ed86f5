#include "formats/pcsx2/gs_dump_state.hpp"

#include <bit>

#include <fmt/format.h>

#include "formats/core/byte_reader.hpp"
#include "formats/core/byte_writer.hpp"

namespace gcvu::formats {

namespace {

constexpr size_t kGifPathCount = 4;

GsDumpContextRegisters read_context(ByteReader& reader) {
  GsDumpContextRegisters context;
  context.xyoffset = reader.u64("XYOFFSET");
  context.tex0 = reader.u64("TEX0");
  context.tex1 = reader.u64("TEX1");
  context.clamp = reader.u64("CLAMP");
  context.miptbp1 = reader.u64("MIPTBP1");
  context.miptbp2 = reader.u64("MIPTBP2");
  context.scissor = reader.u64("SCISSOR");
  context.alpha = reader.u64("ALPHA");
  context.test = reader.u64("TEST");
  context.fba = reader.u64("FBA");
  context.frame = reader.u64("FRAME");
  context.zbuf = reader.u64("ZBUF");
  return context;
}

int32_t i32(ByteReader& reader, std::string_view what) { return static_cast<int32_t>(reader.u32(what)); }

void read_stored_transfer(ByteReader& reader, GsDumpTransferState& transfer) {
  transfer.w = i32(reader, "transfer w");
  transfer.h = i32(reader, "transfer h");
  transfer.bitbltbuf = reader.u64("transfer BITBLTBUF");
  transfer.trxpos = reader.u64("transfer TRXPOS");
  transfer.trxreg = reader.u64("transfer TRXREG");
  for (int32_t& edge : transfer.rect) edge = i32(reader, "transfer rect");
  transfer.total = i32(reader, "transfer total");
  transfer.start = i32(reader, "transfer start");
  transfer.end = i32(reader, "transfer end");
  transfer.write = reader.u8("transfer write flag") != 0;
  transfer.stored = true;
}

// What PCSX2 assumes for a v8 state: the last transfer was a write described by the current registers.
void derive_transfer(const GsDumpState& state, GsDumpTransferState& transfer) {
  transfer.w = static_cast<int32_t>(state.trxreg & 0xfff);          // RRW
  transfer.h = static_cast<int32_t>((state.trxreg >> 32) & 0xfff);  // RRH
  transfer.bitbltbuf = state.bitbltbuf;
  transfer.trxpos = state.trxpos;
  transfer.trxreg = state.trxreg;
  auto dsax = static_cast<int32_t>((state.trxpos >> 32) & 0x7ff);
  auto dsay = static_cast<int32_t>((state.trxpos >> 48) & 0x7ff);
  transfer.rect = {dsax, dsay, dsax + transfer.w, dsay + transfer.h};
  transfer.total = transfer.start = transfer.end = 0;
  transfer.write = true;
  transfer.stored = false;
}

void write_context(const GsDumpContextRegisters& context, ByteWriter& out) {
  for (uint64_t value : {context.xyoffset, context.tex0, context.tex1, context.clamp, context.miptbp1, context.miptbp2,
                         context.scissor, context.alpha, context.test, context.fba, context.frame, context.zbuf}) {
    out.u64(value);
  }
}

void write_stored_transfer(const GsDumpTransferState& transfer, ByteWriter& out) {
  out.u32(static_cast<uint32_t>(transfer.w));
  out.u32(static_cast<uint32_t>(transfer.h));
  out.u64(transfer.bitbltbuf);
  out.u64(transfer.trxpos);
  out.u64(transfer.trxreg);
  for (int32_t edge : transfer.rect) out.u32(static_cast<uint32_t>(edge));
  out.u32(static_cast<uint32_t>(transfer.total));
  out.u32(static_cast<uint32_t>(transfer.start));
  out.u32(static_cast<uint32_t>(transfer.end));
  out.u8(transfer.write ? 1 : 0);
}

}  // namespace

uint32_t gs_state_size(uint32_t version) {
  switch (version) {
    case 8: return kGsStateSizeV8;
    case 9: return kGsStateSizeV9;
    default: return 0;
  }
}

GsDumpState read_gs_dump_state(std::span<const uint8_t> bytes, uint64_t state_offset, uint32_t state_size,
                               const std::string& source) {
  if (state_offset > bytes.size()) {
    throw FormatError(source, state_offset,
                      fmt::format("GS state starts past the end of the data ({})", hex_offset(bytes.size())));
  }
  ByteReader whole(bytes, source);
  whole.seek(static_cast<size_t>(state_offset), "GS state");
  uint32_t version = whole.peek_u32("GS state version");
  uint32_t expected = gs_state_size(version);
  if (expected == 0) whole.fail(fmt::format("unsupported GS state version {} (supported: 8, 9)", version));
  if (state_size != expected) {
    whole.fail(fmt::format("GS state size {} does not match the {} bytes of a version {} state", state_size, expected,
                           version));
  }
  ByteReader reader = whole.sub(state_size, "GS state");

  GsDumpState state;
  state.version = reader.u32("GS state version");
  state.prim = reader.u64("PRIM");
  state.prmodecont = reader.u64("PRMODECONT");
  state.texclut = reader.u64("TEXCLUT");
  state.scanmsk = reader.u64("SCANMSK");
  state.texa = reader.u64("TEXA");
  state.fogcol = reader.u64("FOGCOL");
  state.dimx = reader.u64("DIMX");
  state.dthe = reader.u64("DTHE");
  state.colclamp = reader.u64("COLCLAMP");
  state.pabe = reader.u64("PABE");
  state.bitbltbuf = reader.u64("BITBLTBUF");
  state.trxdir = reader.u64("TRXDIR");
  state.trxpos = reader.u64("TRXPOS");
  state.trxreg = reader.u64("TRXREG");
  state.trxreg_obsolete = reader.u64("obsolete TRXREG");
  for (GsDumpContextRegisters& context : state.contexts) context = read_context(reader);
  state.rgbaq = reader.u64("RGBAQ");
  state.st = reader.u64("ST");
  state.uv = reader.u32("UV");
  state.fog = reader.u32("FOG");
  state.xyz = reader.u64("XYZ");
  reader.skip(8, "obsolete register");
  state.transfer.x = i32(reader, "transfer x");
  state.transfer.y = i32(reader, "transfer y");
  if (state.version >= 9) {
    read_stored_transfer(reader, state.transfer);
  } else {
    derive_transfer(state, state.transfer);
  }
  state.local_memory_offset = reader.source_offset();
  reader.skip(kGsLocalMemorySize, "GS local memory");
  for (size_t path = 0; path < kGifPathCount; ++path) {
    GsDumpGifPathState& gif = state.gif_paths[path];
    gif.tag_low = reader.u64("GIF path tag");
    gif.tag_high = reader.u64("GIF path tag REGS");
    gif.register_index = reader.u32("GIF path register index");
  }
  state.q = std::bit_cast<float>(reader.u32("internal Q"));
  reader.require(reader.at_end(), "GS state has bytes after Q");  // cannot happen while the sizes above agree
  return state;
}

void write_gs_dump_state(const GsDumpState& state, std::span<const uint8_t> local_memory, ByteWriter& out,
                         const std::string& destination) {
  if (gs_state_size(state.version) == 0) {
    throw FormatError(destination, 0, fmt::format("unsupported GS state version {} (supported: 8, 9)", state.version));
  }
  if (local_memory.size() != kGsLocalMemorySize) {
    throw FormatError(
        destination, 0,
        fmt::format("GS local memory is {} bytes, a state holds {}", local_memory.size(), kGsLocalMemorySize));
  }
  out.u32(state.version);
  for (uint64_t value :
       {state.prim, state.prmodecont, state.texclut, state.scanmsk, state.texa, state.fogcol, state.dimx, state.dthe,
        state.colclamp, state.pabe, state.bitbltbuf, state.trxdir, state.trxpos, state.trxreg, state.trxreg_obsolete}) {
    out.u64(value);
  }
  for (const GsDumpContextRegisters& context : state.contexts) write_context(context, out);
  out.u64(state.rgbaq);
  out.u64(state.st);
  out.u32(state.uv);
  out.u32(state.fog);
  out.u64(state.xyz);
  out.u64(0);  // obsolete register
  out.u32(static_cast<uint32_t>(state.transfer.x));
  out.u32(static_cast<uint32_t>(state.transfer.y));
  if (state.version >= 9) write_stored_transfer(state.transfer, out);
  out.append(local_memory);
  for (const GsDumpGifPathState& gif : state.gif_paths) {
    out.u64(gif.tag_low);
    out.u64(gif.tag_high);
    out.u32(gif.register_index);
  }
  out.u32(std::bit_cast<uint32_t>(state.q));
}

}  // namespace gcvu::formats
