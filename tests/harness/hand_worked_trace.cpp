#include "tests/harness/hand_worked_trace.hpp"

#include <algorithm>
#include <functional>
#include <memory>

#include "microcode/assembler/assembler.hpp"

namespace gcvu::test {

void put_word(formats::VutraceMemory& memory, uint32_t address, uint32_t value) {
  for (int n = 0; n < 4; ++n) memory[address + n] = static_cast<uint8_t>(value >> (8 * n));
}

formats::VutraceSnapshot assembled_start(const std::string& source) {
  const microcode::Program program = microcode::assemble_source(source, "trace.vsm");
  auto micro = std::make_shared<formats::VutraceMemory>();
  std::copy(program.code.begin(), program.code.end(), micro->begin());
  formats::VutraceSnapshot state;
  state.micro = micro;
  state.data = std::make_shared<formats::VutraceMemory>();
  state.registers.vf[0] = {0, 0, 0, kOne};
  return state;
}

// The seven snapshots PCSX2's interpreter would record, one per pair, each the state after its pair.
formats::VutraceTrace hand_worked_trace(uint32_t version) {
  formats::VutraceTrace trace;
  trace.version = version;
  formats::VutraceSnapshot state = assembled_start(kHandWorkedProgram);
  state.registers.vf[1] = {kOne, 0x40000000, 0x40400000, 0x40800000};
  state.registers.vf[2] = {kHalf, kHalf, kHalf, kHalf};
  auto push = [&](uint32_t tpc, const std::function<void(formats::VutraceSnapshot&)>& change) {
    state.load.reset();
    state.store.reset();
    change(state);
    state.registers.vi[formats::vutrace_vi::kTpc][0] = tpc;
    trace.snapshots.push_back(state);
  };
  push(0x08, [](formats::VutraceSnapshot& s) { s.registers.vi[1][0] = 5; });
  push(0x10, [](formats::VutraceSnapshot& s) { s.registers.vi[2][0] = 7; });
  push(0x18, [](formats::VutraceSnapshot& s) { s.registers.vi[3][0] = 12; });
  push(0x20, [](formats::VutraceSnapshot& s) {
    s.registers.vf[3] = {0x3fc00000, 0x40200000, 0x40600000, 0x40900000};
    s.registers.vi[4][0] = 10;
  });
  push(0x28, [](formats::VutraceSnapshot& s) {
    s.registers.vf[4] = {kHalf, kOne, 0, 0};
    auto memory = std::make_shared<formats::VutraceMemory>(*s.data);
    put_word(*memory, 0xa0, 12);
    s.data = memory;
    s.store = formats::VutraceAccess{0xa0, 16};
  });
  push(0x30, [](formats::VutraceSnapshot& s) {
    auto memory = std::make_shared<formats::VutraceMemory>(*s.data);
    for (int lane = 0; lane < 4; ++lane) put_word(*memory, 0x20 + 4 * lane, s.registers.vf[3][lane]);
    s.data = memory;
    s.store = formats::VutraceAccess{0x20, 16};
  });
  push(0x38, [](formats::VutraceSnapshot&) {});
  return trace;
}

}  // namespace gcvu::test
