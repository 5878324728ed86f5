#include "harness/vu_run/kick_dump.hpp"

#include <fmt/format.h>

namespace gcvu::harness {

std::string format_kick_dump(const std::vector<KickedQword>& qwords) {
  std::string text;
  for (const KickedQword& q : qwords) {
    text += fmt::format(
        "{{\"transfer\":{},\"cycle\":{},\"address\":{},\"qword\":[\"{:08x}\",\"{:08x}\",\"{:08x}\",\"{:08x}\"],"
        "\"end\":{}}}\n",
        q.transfer, q.cycle, q.address, q.value[0], q.value[1], q.value[2], q.value[3], q.ends_transfer);
  }
  return text;
}

}  // namespace gcvu::harness
