#include "formats/rc2/vif_list.hpp"

#include <fmt/format.h>

namespace gcvu::formats::rc2 {

VifCommand next_vif_command(ByteReader& list) {
  VifCommand command;
  command.offset = list.source_offset();
  const size_t word_position = list.position();
  command.code.word = list.u32("VIF code word");
  const size_t payload = command.code.payload_size();
  if (payload > list.remaining()) {
    list.fail_at(word_position, fmt::format("VIF command {:#010x} carries {} byte(s) of data but the list ends "
                                            "{} byte(s) after its code word (a desynchronised walk)",
                                            command.code.word, payload, list.remaining()));
  }
  command.payload = list.bytes(payload);
  return command;
}

std::vector<VifCommand> walk_vif_list(ByteReader list) {
  std::vector<VifCommand> commands;
  for_each_vif_command(list, [&](const VifCommand& command) { commands.push_back(command); });
  return commands;
}

}  // namespace gcvu::formats::rc2
