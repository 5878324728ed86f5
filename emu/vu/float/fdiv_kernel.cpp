#include "emu/vu/float/fdiv_kernel.hpp"

#include "emu/vu/float/divider.hpp"

namespace gcvu::vu {

namespace {

uint64_t packed(const FdivResult& result) { return result.value | uint64_t{result.flags} << 32; }

uint64_t div_kernel(uint32_t fs, uint32_t ft) { return packed(div(fs, ft)); }
uint64_t sqrt_kernel(uint32_t, uint32_t ft) { return packed(sqrt(ft)); }
uint64_t rsqrt_kernel(uint32_t fs, uint32_t ft) { return packed(rsqrt(fs, ft)); }

}  // namespace

FdivKernel fdiv_kernel(FdivKernelOp op) {
  switch (op) {
    case FdivKernelOp::kDiv: return &div_kernel;
    case FdivKernelOp::kSqrt: return &sqrt_kernel;
    case FdivKernelOp::kRsqrt: return &rsqrt_kernel;
  }
  return nullptr;
}

}  // namespace gcvu::vu
