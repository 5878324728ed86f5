#include "tests/vu/vu_program.hpp"

#include <fmt/format.h>

#include "microcode/assembler/assembler.hpp"
#include "tests/vu/vu_snapshot.hpp"

namespace gcvu::test {

bool RecordingPath1::transfer_qword(const vu::Vec4& qword, uint32_t address, uint64_t cycle) {
  qwords.push_back({qword, address, cycle});
  return tracker_.feed(qword);
}

namespace {

std::unique_ptr<VuRun> run_code(const std::vector<uint8_t>& code, vu::Vu1Config config, void (*prepare)(vu::Vu1&)) {
  auto run = std::make_unique<VuRun>(config);
  run->vu.load_micro(code);
  if (prepare != nullptr) prepare(run->vu);
  run->vu.start(0);
  run->reason = run->vu.run();
  return run;
}

}  // namespace

std::unique_ptr<VuRun> run_vsm(std::string_view source, vu::Vu1Config config, void (*prepare)(vu::Vu1&)) {
  microcode::Program program = microcode::assemble_source(source, "test.vsm");
  auto run = run_code(program.code, config, prepare);
  // Consistency check: the same program through the other execution paths (interp, blocks, jit) must leave
  // everything the same.
  std::unique_ptr<VuRun> reference;
  std::vector<std::unique_ptr<VuRun>> others;
  for (vu::Engine engine : {vu::Engine::kInterp, vu::Engine::kBlocks, vu::Engine::kJit}) {
    if (engine == config.engine) continue;
    vu::Vu1Config other = config;
    other.engine = engine;
    other.jit_compile_after = 0;  // the JIT's code from each block's first entry
    (engine == vu::Engine::kInterp ? reference : others.emplace_back()) = run_code(program.code, other, prepare);
  }
  // And tiered (Vu1Config::jit_compile_after): the block runner first, then the code, mixed within the run.
  vu::Vu1Config tiered = config;
  tiered.engine = vu::Engine::kJit;
  tiered.jit_compile_after = 1;
  others.emplace_back() = run_code(program.code, tiered, prepare);
  const VuRun& interp = reference != nullptr ? *reference : *run;
  if (reference != nullptr) {
    expect_same(VuSnapshot(interp.vu, &interp.path1), VuSnapshot(run->vu, &run->path1), "run_vsm");
  }
  for (const auto& other : others) {
    expect_same(VuSnapshot(interp.vu, &interp.path1), VuSnapshot(other->vu, &other->path1),
                fmt::format("run_vsm ({}, compile after {})", vu::engine_name(other->vu.config().engine),
                            other->vu.config().jit_compile_after));
  }
  return run;
}

std::vector<std::vector<vu::Vec4>> RecordingPath1::gif_packets() const {
  std::vector<std::vector<vu::Vec4>> out(1);
  size_t i = 0;
  while (i < qwords.size()) {
    const vu::Vec4 tag = qwords[i].value;
    const size_t data = (tag[0] & 0x7fff) * ((tag[1] >> 28) == 0 ? 16 : (tag[1] >> 28));
    for (size_t k = 0; k <= data && i + k < qwords.size(); ++k) out.back().push_back(qwords[i + k].value);
    i += data + 1;
    if ((tag[0] >> 15) & 1) out.emplace_back();
  }
  out.pop_back();
  return out;
}

}  // namespace gcvu::test
