#!/usr/bin/env bash
# Builds the libFuzzer targets (they are part of the 'asan' preset: clang with ASan+UBSan, the same build the
# sanitizer test run uses, so CI compiles them once) and runs them.
#
# Usage:
#   scripts/fuzz.sh [SECONDS]        every target for SECONDS (default 60), as many at once as there are cores;
#                                    new inputs and crash files go to a temporary folder (what CI runs).
#   scripts/fuzz.sh --campaign HOURS [--executions N] [--jobs J]
#       A long campaign: every target in turn for its share of HOURS (J libFuzzer jobs, default one per core). It
#       runs the 'fuzz-campaign' preset's build (UBSan and libstdc++'s checks without ASan: 1.1-5x the inputs per
#       second), merges new coverage back into tests/fuzz/corpus/<target> (-set_cover_merge=1 keeps it small; see
#       kept_corpus for the one target whose corpus stays in the build folder), then
#       replays the whole merged corpus once under the asan preset's build (ASan+UBSan), so every input the campaign
#       kept has also run with ASan. Executions add up across campaigns in build/fuzz-campaign/totals.tsv; with
#       --executions N a target that has N stops there, and the time left goes to the others. The summary (this
#       campaign and the totals: executions, coverage, new corpus files, findings) is build/fuzz-campaign/summary.md.
# The seed corpora (tests/fuzz/corpus/<target>, and the ../shared material named below) are read in place; a
# target with a dictionary (tests/fuzz/dict/<target>.dict: the tokens of its format) gets it.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(vif1_stream gif_stream gs_registers vutrace save_state gs_dump gameplay png golden_case rc2_level
         vsm_assembler disasm)
cores=$(nproc)
campaign_hours=""
campaign_goal=0
seconds=60
if [ "${1:-}" = "--campaign" ]; then
  campaign_hours="${2:?--campaign needs a number of hours}"
  shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
      --executions) campaign_goal="${2:?--executions needs a number}"; shift 2 ;;
      --jobs) cores="${2:?--jobs needs a number}"; shift 2 ;;
      *) echo "fuzz.sh: unknown campaign option '$1'" >&2; exit 2 ;;
    esac
  done
else
  seconds="${1:-60}"
fi

fuzz_build=build/asan
if [ -n "${campaign_hours}" ]; then
  # A campaign needs only the fuzz targets, in both builds (the asan preset's for the corpus replay), not the
  # sanitized test executable, the longest compile of the asan preset.
  fuzz_targets=("${targets[@]/#/gcvu_fuzz_}")
  cmake --preset asan
  cmake --build --preset asan --target "${fuzz_targets[@]}"
  cmake --preset fuzz-campaign
  cmake --build --preset fuzz-campaign --target "${fuzz_targets[@]}"
  fuzz_build=build/fuzz-campaign
else
  cmake --workflow --preset asan
fi

# The seed folders for a target: its committed corpus, and material from ../shared where there is some.
seed_dirs() {
  local target="$1"
  if [ -d "tests/fuzz/corpus/${target}" ]; then echo "tests/fuzz/corpus/${target}"; fi
  local kept
  kept="$(kept_corpus "${target}")"
  if [ "${kept}" != "tests/fuzz/corpus/${target}" ] && [ -d "${kept}" ]; then echo "${kept}"; fi
  if [ "${target}" = vif1_stream ] && [ -d ../shared/vectors/vif ]; then
    for dir in ../shared/vectors/vif/*/; do echo "${dir}"; done
  fi
}

# Where a campaign merges what it finds: the committed corpus, except for a target seeded with third-party text
# (vsm_assembler starts from binutils' dvp-as test sources in ../shared, which must not be copied into this
# repository, and its mutants carry their text), whose corpus stays in the build folder.
kept_corpus() {
  local target="$1"
  if [ "${target}" = vsm_assembler ]; then echo "build/fuzz-campaign/kept-corpus/${target}"; else echo "tests/fuzz/corpus/${target}"; fi
}

# Copies shared files a target starts from into its working corpus (they are single files, not folders).
copy_shared_seeds() {
  local target="$1" corpus="$2"
  # gs_dump's committed seeds are packet lists cut from ../shared/golden-pcsx2's dumps: a whole dump holds 4 MiB of
  # GS state (xz-compressed, every mutation decompresses it), which kept the target near 40 inputs a second.
  if [ "${target}" = vsm_assembler ]; then
    for source in ../shared/dvp-as-tests/*.s microcode/*/*.vsm; do
      if [ -e "${source}" ]; then cp "${source}" "${corpus}/"; fi
    done
  fi
}

# Runs one target: fuzz_one TARGET WORKDIR SECONDS [extra libFuzzer flags...]; its log is WORKDIR/TARGET/log and
# the exit status says whether it found something.
fuzz_one() {
  local target="$1" work="$2" time="$3"
  shift 3
  mkdir -p "${work}/${target}/corpus" "${work}/${target}/artifacts"
  copy_shared_seeds "${target}" "${work}/${target}/corpus"
  local seeds
  mapfile -t seeds < <(seed_dirs "${target}")
  local dict=()
  if [ -f "tests/fuzz/dict/${target}.dict" ]; then dict=(-dict="tests/fuzz/dict/${target}.dict"); fi
  "${fuzz_build}/tests/fuzz/gcvu_fuzz_${target}" -max_total_time="${time}" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="${work}/${target}/artifacts/" -print_final_stats=1 "${dict[@]}" "$@" \
    "${work}/${target}/corpus" "${seeds[@]}" >"${work}/${target}/log" 2>&1
}

# What a finished run reports: its statistics, or the end of its log and every crash input.
report() {
  local target="$1" work="$2" result="$3"
  echo "== fuzz ${target}"
  if [ "${result}" = ok ]; then
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "${work}/${target}/log" || true
  else
    tail -n 60 "${work}/${target}/log"
    for crash in "${work}/${target}/artifacts/"*; do
      if [ -e "${crash}" ]; then echo "crash input (base64): $(base64 -w0 "${crash}")"; fi
    done
  fi
}

if [ -z "${campaign_hours}" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "${work}"' EXIT
  # Up to one target per core at a time; each writes its result to a file so the reports come out in order.
  for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "${cores}" ]; do wait -n || true; done
    echo "== start ${target}: ${seconds} s"
    ( if fuzz_one "${target}" "${work}" "${seconds}"; then echo ok; else echo FAILED; fi ) >"${work}/${target}.result" &
  done
  wait
  status=0
  for target in "${targets[@]}"; do
    result="$(cat "${work}/${target}.result")"
    report "${target}" "${work}" "${result}"
    if [ "${result}" != ok ]; then status=1; fi
  done
  exit "${status}"
fi

# A campaign: the time left is shared equally among the targets still to run; libFuzzer runs J jobs on the target's
# working corpus, then the new inputs are merged into the committed corpus and the result replayed under ASan.
out="build/fuzz-campaign"
mkdir -p "${out}"
totals="${out}/totals.tsv"
touch "${totals}"
# total_of TARGET COLUMN: a target's running total (2: executions, 3: seconds, 4: findings) over earlier campaigns.
total_of() { awk -F'\t' -v t="$1" -v c="$2" '$1 == t { print $c; found = 1 } END { if (!found) print 0 }' "${totals}"; }
summary="${out}/summary.md"
{
  echo "# Fuzz campaign: ${campaign_hours} h, ${cores} jobs per target, built with the fuzz-campaign preset (UBSan), corpus replayed under ASan+UBSan"
  echo
  echo "| target | executions | seconds | coverage | new corpus files | corpus replayed under ASan | findings | total executions | total findings |"
  echo "|---|---:|---:|---:|---:|---|---:|---:|---:|"
} >"${summary}"
deadline=$(( $(date +%s) + $(awk -v h="${campaign_hours}" 'BEGIN { printf "%d", h * 3600 }') ))
status=0
# The time is shared among the targets still short of the goal (those already there would otherwise hold shares
# that only the last target got back).
left=0
for target in "${targets[@]}"; do
  if [ "${campaign_goal}" -eq 0 ] || [ "$(total_of "${target}" 2)" -lt "${campaign_goal}" ]; then left=$((left + 1)); fi
done
for target in "${targets[@]}"; do
  done_before=$(total_of "${target}" 2)
  runs_flag=()
  if [ "${campaign_goal}" -gt 0 ]; then
    if [ "${done_before}" -ge "${campaign_goal}" ]; then
      echo "== campaign ${target}: ${done_before} executions already, skipped"
      continue
    fi
    runs_flag=(-runs=$(( (campaign_goal - done_before + cores - 1) / cores )))
  fi
  share=$(( ($deadline - $(date +%s)) / left ))
  left=$((left - 1))
  if [ "${share}" -le 0 ]; then echo "== campaign ${target}: no time left"; continue; fi
  rm -rf "${out:?}/${target}"
  rm -f fuzz-*.log
  echo "== campaign ${target}: up to ${share} s ($(date -u +%H:%M) UTC; ${done_before} executions before)"
  started=$(date +%s)
  result=ok
  fuzz_one "${target}" "${out}" "${share}" -jobs="${cores}" -workers="${cores}" "${runs_flag[@]}" || result=FAILED
  seconds_run=$(( $(date +%s) - started ))
  # With -jobs, libFuzzer writes one log per job (fuzz-N.log) in the working folder.
  executions=$(cat fuzz-*.log 2>/dev/null | awk '/^stat::number_of_executed_units/ { s += $2 } END { print s + 0 }')
  coverage=$(cat fuzz-*.log 2>/dev/null | grep -oE 'cov: [0-9]+' | awk '{ if ($2 > m) m = $2 } END { print m + 0 }')
  mv fuzz-*.log "${out}/${target}/" 2>/dev/null || true
  kept="$(kept_corpus "${target}")"
  mkdir -p "${kept}"
  before=$(find "${kept}" -type f | wc -l)
  # -set_cover_merge keeps the committed inputs and adds the fewest new ones that cover what the campaign found
  # (plain -merge=1 added about twice as many for the same coverage).
  "${fuzz_build}/tests/fuzz/gcvu_fuzz_${target}" -set_cover_merge=1 -timeout=10 -rss_limit_mb=2048 \
    "${kept}" "${out}/${target}/corpus" >"${out}/${target}/merge.log" 2>&1 || true
  after=$(find "${kept}" -type f | wc -l)
  # Every input the corpus keeps, once, under ASan+UBSan (-runs=0 runs the corpus and stops).
  replay="ok (${after} inputs)"
  if ! "build/asan/tests/fuzz/gcvu_fuzz_${target}" -runs=0 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="${out}/${target}/artifacts/asan-" "${kept}" \
      >"${out}/${target}/asan-replay.log" 2>&1; then
    replay="FAILED"
    result=FAILED
  fi
  findings=$(find "${out}/${target}/artifacts" -type f | wc -l)
  if [ "${findings}" -gt 0 ]; then result=FAILED; fi
  total_executions=$(( done_before + executions ))
  total_findings=$(( $(total_of "${target}" 4) + findings ))
  total_seconds=$(( $(total_of "${target}" 3) + seconds_run ))
  awk -F'\t' -v t="${target}" '$1 != t' "${totals}" >"${totals}.new"
  printf '%s\t%s\t%s\t%s\n' "${target}" "${total_executions}" "${total_seconds}" "${total_findings}" >>"${totals}.new"
  mv "${totals}.new" "${totals}"
  echo "| ${target} | ${executions} | ${seconds_run} | ${coverage} | $((after - before)) | ${replay} | ${findings} | ${total_executions} | ${total_findings} |" >>"${summary}"
  if [ "${result}" != ok ]; then status=1; report "${target}" "${out}" "${result}"; fi
done
cat "${summary}"
exit "${status}"
