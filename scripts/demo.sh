#!/usr/bin/env bash
# Sets up, builds the release configuration and runs gcvu's main job: `gcvu run` on the embedded demo level,
# writing build/demo/frame.png.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --workflow --preset release
./build/release/gcvu run --out build/demo
