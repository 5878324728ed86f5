#include "emu/gif/path_decoder.hpp"

#include <algorithm>
#include <cstring>

#include "emu/gif/gs_registers.hpp"
#include "emu/gif/packed_decoder.hpp"
#include "emu/gif/register_descriptor.hpp"
#include "emu/gif/reglist_decoder.hpp"

namespace gcvu::gif {

bool PathDecoder::consume(const Qword& data, Path path, uint64_t cycle, GsSink& sink) {
  if (remaining_ == 0) {
    start_tag(data, path, cycle, sink);
  } else {
    consume_data(data, path, cycle, sink);
  }
  return end_packet_if_done(path, cycle, sink);
}

bool PathDecoder::end_packet_if_done(Path path, uint64_t cycle, GsSink& sink) {
  if (remaining_ != 0 || !tag_.eop) return false;
  in_packet_ = false;
  sink.end_packet(path, cycle);
  return true;
}

PathDecoder::Step PathDecoder::consume_run(std::span<const uint8_t> stream, size_t available, Path path, uint64_t cycle,
                                           GsSink& sink) {
  if (available == 0) return {};
  if (!in_image_data()) {
    Qword qword;
    std::memcpy(qword.data(), stream.data(), sizeof(Qword));
    const bool ended = consume(qword, path, cycle, sink);
    return {1, ended};
  }
  const size_t qwords = std::min<size_t>(available, remaining_);
  const size_t bytes = qwords * sizeof(Qword);
  sink.write_image_run(path, stream.first(bytes), stream.subspan(bytes), cycle);
  done_ += static_cast<uint32_t>(qwords);
  remaining_ -= static_cast<uint32_t>(qwords);
  return {qwords, end_packet_if_done(path, cycle, sink)};
}

void PathDecoder::start_tag(const Qword& data, Path path, uint64_t cycle, GsSink& sink) {
  tag_ = GifTag::decode(qword_low(data), qword_high(data));
  in_packet_ = true;
  done_ = 0;
  remaining_ = tag_.data_qwords();
  if (tag_.nloop == 0) return;
  temporary_q_ = kQOne;
  if (tag_.pre && tag_.format == GifFormat::kPacked) sink.write_register(path, gs_reg::kPrim, tag_.prim, cycle);
}

void PathDecoder::consume_data(const Qword& data, Path path, uint64_t cycle, GsSink& sink) {
  switch (tag_.format) {
    case GifFormat::kPacked: {
      const Descriptor descriptor = descriptor_at(tag_.regs, done_ % tag_.nreg);
      auto write = decode_packed(descriptor, data, temporary_q_);
      if (!write) break;
      if (descriptor == Descriptor::kAd) {
        sink.write_register(path, write->address, write->value, cycle);
      } else {
        sink.write_packed_register(path, write->address, write->value, cycle);
      }
      break;
    }
    case GifFormat::kReglist: {
      const uint32_t dwords = uint32_t{tag_.nloop} * tag_.nreg;
      const uint64_t halves[2] = {qword_low(data), qword_high(data)};
      for (uint32_t half = 0; half < 2; ++half) {
        const uint32_t index = done_ * 2 + half;
        if (index >= dwords) break;  // the odd last dword is padding
        auto write = decode_reglist(descriptor_at(tag_.regs, index % tag_.nreg), halves[half]);
        if (write) sink.write_register(path, write->address, write->value, cycle);
      }
      break;
    }
    case GifFormat::kImage:
    case GifFormat::kDisabled: sink.write_image(path, data, cycle); break;
  }
  ++done_;
  --remaining_;
}

}  // namespace gcvu::gif
