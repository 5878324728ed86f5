#include "tests/vu/vu_program.hpp"

#include "microcode/assembler/assembler.hpp"

namespace gcvu::test {

bool RecordingPath1::transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) {
  qwords.push_back({qword, address, cycle});
  return tracker_.feed(qword);
}

std::unique_ptr<VuRun> run_vsm(std::string_view source, vu::Vu1Config config, void (*prepare)(vu::Vu1&)) {
  auto run = std::make_unique<VuRun>(config);
  microcode::Program program = microcode::assemble_source(source, "test.vsm");
  run->vu.load_micro(program.code);
  if (prepare != nullptr) prepare(run->vu);
  run->vu.start(0);
  run->reason = run->vu.run();
  return run;
}

}  // namespace gcvu::test
