#include "harness/frame/lighting.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <vector>

#include "emu/vu/float/float_unit.hpp"
#include "emu/vu/float/fmac_kernel.hpp"
#include "emu/vu/float/vector_ops.hpp"
#include "harness/frame/float_word.hpp"

namespace gcvu::harness::frame {

namespace {

uint32_t mul(uint32_t a, uint32_t b) { return vu::mul(a, b).value; }
uint32_t add(uint32_t a, uint32_t b) { return vu::add(a, b).value; }
uint32_t dot3(const std::array<uint32_t, 3>& a, const std::array<uint32_t, 3>& b) {
  return add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]));
}

DirectionalLight blend(const DirectionalLight& a, const DirectionalLight& b, uint32_t t, uint32_t one_minus_t) {
  const auto mix = [&](uint32_t x, uint32_t y) { return add(mul(x, one_minus_t), mul(y, t)); };
  DirectionalLight out;
  for (size_t i = 0; i < 3; ++i) {
    out.direction[i] = mix(a.direction[i], b.direction[i]);
    out.colour[i] = mix(a.colour[i], b.colour[i]);
  }
  out.w = mix(a.w, b.w);
  const uint32_t inverse = vu::rsqrt(vu::kOne, dot3(out.direction, out.direction)).value;
  for (uint32_t& component : out.direction) component = mul(component, inverse);
  return out;
}

// The set a select names, blended when it says so; nullopt when a named set is missing.
std::optional<LightSet> selected_set(uint16_t select, const LightBank& bank) {
  const size_t first = select & 0xf;
  const size_t second = (select >> 4) & 0xf;
  const uint32_t blend_bits = (select >> 8) & 0xff;
  if (first >= bank.size()) return std::nullopt;
  if (blend_bits == 0) return bank[first];
  if (second >= bank.size()) return std::nullopt;
  const uint32_t t = mul(vu::itof(blend_bits, vu::FixedPoint::k0), float_word(1.0 / 256.0));
  const uint32_t one_minus_t = vu::sub(vu::kOne, t).value;
  return LightSet{blend(bank[first].a, bank[second].a, t, one_minus_t),
                  blend(bank[first].b, bank[second].b, t, one_minus_t)};
}

}  // namespace

DirectionalLight make_light(std::array<double, 3> towards_light, std::array<double, 3> colour, double w) {
  const double length = std::sqrt(towards_light[0] * towards_light[0] + towards_light[1] * towards_light[1] +
                                  towards_light[2] * towards_light[2]);
  DirectionalLight light;
  for (size_t i = 0; i < 3; ++i) {
    light.direction[i] = float_word(length == 0 ? 0.0 : towards_light[i] / length);
    light.colour[i] = float_word(colour[i]);
  }
  light.w = float_word(w);
  return light;
}

LightBank default_light_bank() {
  return {
      {make_light({0.5, 0.3, 0.8}, {110, 100, 80}, 0.0), make_light({0, 0, 1}, {30, 36, 48}, -0.25)},
      {make_light({-0.7, 0.2, 0.4}, {120, 70, 40}, 0.0), make_light({0, 0, 1}, {20, 20, 36}, -0.25)},
      {make_light({0, 0, 1}, {40, 40, 48}, 0.5), make_light({0, 0, -1}, {0, 0, 0}, 0.0)},
      {make_light({0, 0, 1}, {0, 0, 0}, 0.0), make_light({0, 0, 1}, {0, 0, 0}, 0.0)},
  };
}

const std::array<std::array<uint32_t, 2>, 256>& normal_table() {
  static const std::array<std::array<uint32_t, 2>, 256> table = [] {
    std::array<std::array<uint32_t, 2>, 256> out{};
    for (size_t i = 0; i < out.size(); ++i) {
      const double angle = static_cast<double>(i) * std::numbers::pi / 128.0;
      out[i] = {float_word(std::cos(angle)), float_word(std::sin(angle))};
    }
    return out;
  }();
  return table;
}

std::array<uint32_t, 3> record_normal(const formats::rc2::LightRecord& record) {
  const auto& azimuth = normal_table()[record.packed[0]];
  const auto& elevation = normal_table()[record.packed[1]];
  return {mul(azimuth[0], elevation[0]) ^ vu::kSignBit, mul(azimuth[1], elevation[0]) ^ vu::kSignBit,
          elevation[1] ^ vu::kSignBit};
}

std::array<uint32_t, 3> record_base(const formats::rc2::LightRecord& record) {
  const uint32_t colour = record.packed[2] | (uint32_t{record.packed[3]} << 8);
  std::array<uint32_t, 3> out{};
  for (size_t c = 0; c < 3; ++c) out[c] = vu::itof(((colour >> (5 * c)) & 31) << 3, vu::FixedPoint::k0);
  return out;
}

namespace {

uint32_t pack_colour(const std::array<uint32_t, 3>& colour) {
  uint32_t rgba = 0x80u << 24;
  for (size_t c = 0; c < 3; ++c) {
    const uint32_t clamped = vu::mini(vu::max(colour[c], 0), float_word(255.0));
    rgba |= vu::ftoi(clamped, vu::FixedPoint::k0) << (8 * c);
  }
  return rgba;
}

// The lighting's vector ops run through the FMAC kernels compiled VU1 code calls (vu/float/fmac_kernel.hpp): the
// same bits as vector_ops.hpp's mul4/add4 (the float cross-tests hold both to the reference model), built without
// the MAC flags the lighting never reads. Through mul4/add4 they were 5.3 % of a cold demo frame (perf).
struct LightingOps {
  vu::FmacKernel mul = vu::fmac_kernel(vu::FmacKernelOp::kMul, false, vu::FmacFlags::kSticky);
  vu::FmacKernel add = vu::fmac_kernel(vu::FmacKernelOp::kAdd, false, vu::FmacFlags::kSticky);
};

const LightingOps& lighting_ops() {
  static const LightingOps ops;
  return ops;
}

// The lanes in `fields` of the op's result; the others 0.
vu::Vec4 run_op(vu::FmacKernel op, const vu::Vec4& fs, const vu::Vec4& ft, vu::FieldMask fields) {
  constexpr vu::Vec4 kNoAcc{};
  vu::Vec4 out{};
  op(fs.data(), ft.data(), out.data(), kNoAcc.data(), 0, fields);
  return out;
}

vu::Vec4 kernel_mul4(const vu::Vec4& fs, const vu::Vec4& ft, vu::FieldMask fields) {
  return run_op(lighting_ops().mul, fs, ft, fields);
}
vu::Vec4 kernel_add4(const vu::Vec4& fs, const vu::Vec4& ft, vu::FieldMask fields) {
  return run_op(lighting_ops().add, fs, ft, fields);
}

}  // namespace

uint32_t light_normal(const std::array<uint32_t, 3>& normal, std::array<uint32_t, 3> colour, const LightSet& set) {
  // The header's formula with four lanes an op: each lane runs the same float op as the scalar unit (fmac_kernel.hpp),
  // so the op order, not the grouping, fixes the bits. Lanes x and y carry light A's and light B's dot products.
  constexpr vu::FieldMask kXy = vu::kFieldX | vu::kFieldY;
  constexpr vu::FieldMask kXyz = kXy | vu::kFieldZ;
  const DirectionalLight& a = set.a;
  const DirectionalLight& b = set.b;
  const vu::Vec4 xy_products =
      kernel_mul4({normal[0], normal[0], normal[1], normal[1]},
                  {a.direction[0], b.direction[0], a.direction[1], b.direction[1]}, vu::kFieldsXyzw);
  const vu::Vec4 z_products = kernel_mul4({normal[2], normal[2], 0, 0}, {a.direction[2], b.direction[2], 0, 0}, kXy);
  const vu::Vec4 xy_sums =
      kernel_add4({xy_products[0], xy_products[1], 0, 0}, {xy_products[2], xy_products[3], 0, 0}, kXy);
  const vu::Vec4 dots = kernel_add4(xy_sums, z_products, kXy);
  const vu::Vec4 back = kernel_mul4(dots, {a.w, b.w, 0, 0}, kXy);
  const uint32_t factor_a = vu::max(dots[0], back[0]);
  const uint32_t factor_b = vu::max(dots[1], back[1]);
  const vu::Vec4 term_a = kernel_mul4({a.colour[0], a.colour[1], a.colour[2], 0}, vu::broadcast(factor_a), kXyz);
  const vu::Vec4 term_b = kernel_mul4({b.colour[0], b.colour[1], b.colour[2], 0}, vu::broadcast(factor_b), kXyz);
  const vu::Vec4 with_a = kernel_add4({colour[0], colour[1], colour[2], 0}, term_a, kXyz);
  const vu::Vec4 lit = kernel_add4(with_a, term_b, kXyz);
  return pack_colour({lit[0], lit[1], lit[2]});
}

void light_normals(std::span<const std::array<uint32_t, 3>> normals, std::span<const std::array<uint32_t, 3>> bases,
                   const LightSet& set, std::span<uint32_t> out) {
  // Lane k of every op is normal k of the batch of four; the unused lanes of a last, short batch hold zeros, whose
  // results are dropped (the lighting reads no flags).
  const LightingOps& ops = lighting_ops();
  const auto all_lanes = [](vu::FmacKernel op, const vu::Vec4& fs, const vu::Vec4& ft) {
    return run_op(op, fs, ft, vu::kFieldsXyzw);
  };
  // max(d, MUL(d, L.w)) per lane, d the dot product ADD(ADD(MUL(n.x, L.x), MUL(n.y, L.y)), MUL(n.z, L.z)).
  const auto factors = [&](const std::array<vu::Vec4, 3>& normal, const DirectionalLight& light) {
    const vu::Vec4 x = all_lanes(ops.mul, normal[0], vu::broadcast(light.direction[0]));
    const vu::Vec4 y = all_lanes(ops.mul, normal[1], vu::broadcast(light.direction[1]));
    const vu::Vec4 z = all_lanes(ops.mul, normal[2], vu::broadcast(light.direction[2]));
    const vu::Vec4 dot = all_lanes(ops.add, all_lanes(ops.add, x, y), z);
    const vu::Vec4 back = all_lanes(ops.mul, dot, vu::broadcast(light.w));
    vu::Vec4 factor{};
    for (size_t lane = 0; lane < 4; ++lane) factor[lane] = vu::max(dot[lane], back[lane]);
    return factor;
  };
  for (size_t first = 0; first < normals.size(); first += 4) {
    const size_t lanes = std::min<size_t>(4, normals.size() - first);
    std::array<vu::Vec4, 3> normal{};  // [component][lane]
    std::array<vu::Vec4, 3> base{};
    for (size_t lane = 0; lane < lanes; ++lane) {
      for (size_t c = 0; c < 3; ++c) {
        normal[c][lane] = normals[first + lane][c];
        base[c][lane] = bases[first + lane][c];
      }
    }
    const vu::Vec4 factor_a = factors(normal, set.a);
    const vu::Vec4 factor_b = factors(normal, set.b);
    std::array<vu::Vec4, 3> lit{};  // [channel][lane]
    for (size_t c = 0; c < 3; ++c) {
      const vu::Vec4 term_a = all_lanes(ops.mul, vu::broadcast(set.a.colour[c]), factor_a);
      const vu::Vec4 term_b = all_lanes(ops.mul, vu::broadcast(set.b.colour[c]), factor_b);
      lit[c] = all_lanes(ops.add, all_lanes(ops.add, base[c], term_a), term_b);
    }
    for (size_t lane = 0; lane < lanes; ++lane) out[first + lane] = pack_colour({lit[0][lane], lit[1][lane], lit[2][lane]});
  }
}

uint32_t light_vertex(const formats::rc2::LightRecord& record, const LightBank& bank) {
  const std::optional<LightSet> set = selected_set(record.select, bank);
  if (!set) return pack_colour(record_base(record));
  return light_normal(record_normal(record), record_base(record), *set);
}

void light_vertices(std::span<const formats::rc2::LightRecord* const> records, const LightBank& bank,
                    std::span<uint32_t> out) {
  std::vector<size_t> order(records.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t x, size_t y) { return records[x]->select < records[y]->select; });
  std::vector<std::array<uint32_t, 3>> normals, bases;
  std::vector<uint32_t> lit;
  for (size_t run = 0; run < order.size();) {
    const uint16_t select = records[order[run]]->select;
    size_t end = run;
    while (end < order.size() && records[order[end]]->select == select) ++end;
    const std::optional<LightSet> set = selected_set(select, bank);
    if (!set) {
      for (size_t i = run; i < end; ++i) out[order[i]] = pack_colour(record_base(*records[order[i]]));
    } else {
      normals.clear();
      bases.clear();
      for (size_t i = run; i < end; ++i) {
        normals.push_back(record_normal(*records[order[i]]));
        bases.push_back(record_base(*records[order[i]]));
      }
      lit.resize(end - run);
      light_normals(normals, bases, *set, lit);
      for (size_t i = run; i < end; ++i) out[order[i]] = lit[i - run];
    }
    run = end;
  }
}

}  // namespace gcvu::harness::frame
