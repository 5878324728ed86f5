#!/usr/bin/env bash
# Builds the libFuzzer targets (they are part of the 'asan' preset: clang with ASan+UBSan, the same build the
# sanitizer test run uses, so CI compiles them once) and runs each for a bounded time.
# Usage: scripts/fuzz.sh [SECONDS per target, default 60]. New inputs and crash files go to a temporary folder; the
# seed corpora (tests/fuzz/corpus/<target>, the hardware VIF1 streams in ../shared/vectors/vif) are read in place.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
cmake --workflow --preset asan
work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
status=0
for target in vif1_stream gif_stream gs_registers vutrace save_state gs_dump gameplay png golden_case rc2_level vsm_assembler; do
  mkdir -p "${work}/${target}/corpus" "${work}/${target}/artifacts"
  seeds=()
  # The committed seed corpus (read in place; what the run finds goes to the temporary corpus).
  if [ -d "tests/fuzz/corpus/${target}" ]; then seeds+=("tests/fuzz/corpus/${target}"); fi
  if [ "${target}" = vif1_stream ] && [ -d ../shared/vectors/vif ]; then
    for dir in ../shared/vectors/vif/*/; do seeds+=("${dir}"); done
  fi
  if [ "${target}" = gs_dump ] && [ -d ../shared/golden-pcsx2 ]; then
    for dump in ../shared/golden-pcsx2/scene_b_ct16/*.gs ../shared/golden-pcsx2/scene_c_xz/*.gs.xz; do
      [ -e "${dump}" ] && cp "${dump}" "${work}/${target}/corpus/"
    done
  fi
  if [ "${target}" = vsm_assembler ]; then
    for source in ../shared/dvp-as-tests/*.s microcode/*/*.vsm; do
      [ -e "${source}" ] && cp "${source}" "${work}/${target}/corpus/"
    done
  fi
  echo "== fuzz ${target}: ${seconds} s"
  if ! "build/asan/tests/fuzz/gcvu_fuzz_${target}" -max_total_time="${seconds}" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="${work}/${target}/artifacts/" -print_final_stats=1 \
      "${work}/${target}/corpus" "${seeds[@]}" 2>"${work}/${target}/log"; then
    status=1
    tail -n 60 "${work}/${target}/log"
    for crash in "${work}/${target}/artifacts/"*; do
      [ -e "${crash}" ] && echo "crash input (base64): $(base64 -w0 "${crash}")"
    done
  else
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "${work}/${target}/log" || true
  fi
done
exit "${status}"
