#include "emu/gs/clut/clut_load_plan.hpp"

#include "emu/gs/memory/pixel_address.hpp"

namespace gcvu::gs {

namespace {

// TEX0's PSM (20-25) and CBP, CPSM, CSM, CSA (37-60): the fields a load's addresses depend on (CLD only decides
// whether it loads).
constexpr uint64_t kPlanFields = 0x1FFFFFE003F00000ull;

uint64_t texclut_fields(const Tex0& tex0, const Texclut& texclut) { return tex0.csm() == 1 ? texclut.raw : 0; }

// CSM1: where CLUT entry `index` sits in the CLUT buffer at CBP (width 64): 4-bit CLUTs are 8x2, 8-bit CLUTs
// 16x16 with index bits 3 and 4 swapped (entries 8-15 are the second row's left half, 16-23 the first row's right
// half).
struct ClutPixel {
  uint32_t x, y;
};
constexpr ClutPixel csm1_pixel_4bit(uint32_t index) { return {index % 8, index / 8}; }
constexpr ClutPixel csm1_pixel_8bit(uint32_t index) {
  uint32_t swapped = (index & ~0x18u) | ((index & 0x08) << 1) | ((index & 0x10) >> 1);
  return {swapped % 16, swapped / 16};
}

template <Psm kPsm>
void plan_csm1(ClutLoadPlan& plan, uint32_t cbp, bool eight_bit, uint32_t first_entry, uint32_t start, uint32_t end) {
  const PixelAddress<kPsm> buffer(cbp, 1);
  plan.first_entry = first_entry + start;
  plan.count = end - start;
  for (uint32_t index = start; index < end; ++index) {
    const ClutPixel pixel = eight_bit ? csm1_pixel_8bit(index) : csm1_pixel_4bit(index);
    plan.addresses[index - start] = buffer(pixel.x, pixel.y);
  }
}

template <Psm kPsm>
void plan_csm2(ClutLoadPlan& plan, const Tex0& tex0, const Texclut& texclut, uint32_t first_entry, uint32_t count) {
  const auto row = PixelAddress<kPsm>(tex0.cbp(), texclut.cbw()).row(texclut.cov());
  const uint32_t x0 = texclut.cou() * 16;
  plan.first_entry = first_entry;
  plan.count = count;
  for (uint32_t i = 0; i < count; ++i) plan.addresses[i] = row.at(x0 + i);
}

}  // namespace

bool ClutLoadPlan::made_for(const Tex0& tex0, const Texclut& clut) const {
  return made && tex0_fields == (tex0.raw & kPlanFields) && texclut == texclut_fields(tex0, clut);
}

ClutLoadPlan plan_clut_load(const Tex0& tex0, const Texclut& texclut) {
  ClutLoadPlan plan;
  plan.made = true;
  plan.tex0_fields = tex0.raw & kPlanFields;
  plan.texclut = texclut_fields(tex0, texclut);
  const uint32_t psm = tex0.psm();
  const uint32_t cpsm = tex0.cpsm() & 0xa;
  const uint32_t csa = tex0.csa();
  plan.wide = cpsm == kClutCpsm32;

  if (tex0.csm() == 0) {
    const bool eight_bit = (psm & 7) == 3;
    const bool four_bit = (psm & 7) == 4;
    if (!eight_bit && !four_bit) return plan;
    const uint32_t entries = eight_bit ? 256 : 16;
    if (cpsm == kClutCpsm32) {
      // An 8-bit CT32 load starts at CSA's group of 16 and leaves the entries before it alone; a 4-bit one fills
      // the 16 entries at CSA.
      if (eight_bit) {
        plan_csm1<Psm::kCt32>(plan, tex0.cbp(), true, 0, (csa & 15) * 16, 256);
      } else {
        plan_csm1<Psm::kCt32>(plan, tex0.cbp(), false, (csa & 15) * 16, 0, 16);
      }
    } else if (cpsm == kClutCpsm16) {
      plan_csm1<Psm::kCt16>(plan, tex0.cbp(), eight_bit, csa * 16, 0, entries);
    } else if (cpsm == kClutCpsm16s) {
      plan_csm1<Psm::kCt16s>(plan, tex0.cbp(), eight_bit, csa * 16, 0, entries);
    }
    return plan;
  }

  // CSM2: `count` entries in a row of the buffer at CBP (width TEXCLUT.CBW) from (COU·16, COV).
  const uint32_t count = is_8bit_clut_index(psm) ? 256 : is_4bit_clut_index(psm) ? 16 : 0;
  if (count == 0) return plan;
  if (cpsm == kClutCpsm32) {
    plan_csm2<Psm::kCt32>(plan, tex0, texclut, (csa & 15) * 16, count);
  } else if (cpsm == kClutCpsm16) {
    plan_csm2<Psm::kCt16>(plan, tex0, texclut, csa * 16, count);
  } else if (cpsm == kClutCpsm16s) {
    plan_csm2<Psm::kCt16s>(plan, tex0, texclut, csa * 16, count);
  }
  return plan;
}

}  // namespace gcvu::gs
