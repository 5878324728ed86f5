#!/usr/bin/env bash
# Builds the release and the sanitizer (ASan+UBSan) configurations and runs the whole CTest suite in both, then the
# libFuzzer targets for 60 s each. Ends with one summary line per stage (its time and result), so a slow or red
# stage is visible without reading the log.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
status=0
summary=()

# Runs one stage ("name" then the command), timing it and recording the result; a failing stage does not stop the
# others, so one run shows every red stage.
stage() {
  local name="$1"
  shift
  echo "== ${name}"
  local start=${SECONDS}
  local result=ok
  "$@" || { result=FAILED; status=1; }
  summary+=("$(printf '%-24s %5d s  %s' "${name}" $((SECONDS - start)) "${result}")")
}

for preset in release asan; do
  stage "${preset}: build" cmake --workflow --preset "${preset}"
  stage "${preset}: test" ctest --preset "${preset}" -j "${jobs}"
done
stage "fuzz: run 60 s each" bash scripts/fuzz.sh 60

echo "== summary"
printf '%s\n' "${summary[@]}"
exit "${status}"
