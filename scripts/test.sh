#!/usr/bin/env bash
# Builds the release and the sanitizer (ASan+UBSan) configurations and runs the whole CTest suite in both.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
status=0
for preset in release asan; do
  echo "== ${preset}: build"
  cmake --workflow --preset "${preset}"
  echo "== ${preset}: test"
  ctest --preset "${preset}" -j "${jobs}" || status=1
done
echo "== fuzz: build and run each target for 60 s"
bash scripts/fuzz.sh 60 || status=1
exit "${status}"
