#pragma once
// XGKICK's PATH1 port in the clocked system: hands each qword to the GIF and tells the VU where the transfer ends
// (after the data of a packet whose tag had EOP), as the GIF, which follows PATH1's packets anyway, reports it.

#include "emu/gif/gif_unit.hpp"
#include "emu/vu/xgkick/path1_port.hpp"

namespace gcvu::system {

class Path1ToGif final : public vu::Path1Port {
 public:
  explicit Path1ToGif(gif::GifUnit& gif) : gif_(&gif) {}

  bool transfer_qword(const vu::Vec4& qword, uint32_t /*address*/, uint64_t cycle) override {
    gif_->offer_path1(qword, cycle);
    in_transfer_ = !gif_->path1_packet_ended();
    return !in_transfer_;
  }
  // A transfer has sent its first qword and not yet its last.
  bool in_transfer() const { return in_transfer_; }
  void hash_state(StateHasher& hasher) const { hasher.add(in_transfer_); }

 private:
  gif::GifUnit* gif_;  // a pointer so that the port can be copied (system snapshots)
  bool in_transfer_ = false;
};

}  // namespace gcvu::system
