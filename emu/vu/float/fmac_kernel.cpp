// The SSE2 instances of the compiled code's FMAC kernels (fmac_kernel.hpp) and the choice between instruction sets.

#include "emu/vu/float/fmac_kernel.hpp"

#include "emu/vu/float/vector_ops_avx2.hpp"
#include "emu/vu/float/vector_ops_sse2.hpp"

namespace gcvu::vu {

FmacKernel sse2::fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags) {
  return sse2::Ops::kernel_for(op, broadcast, flags);
}

FmacKernel fmac_kernel(FmacKernelOp op, bool broadcast, FmacFlags flags) {
  return avx2::kUseAvx2 ? avx2::fmac_kernel(op, broadcast, flags) : sse2::fmac_kernel(op, broadcast, flags);
}

}  // namespace gcvu::vu
