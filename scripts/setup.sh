#!/usr/bin/env bash
# Installs every Debian 12 package gcvu's build and tests need, and nothing else. Safe to run again.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config
  libboost-program-options-dev libpng-dev zlib1g-dev libxxhash-dev
  libzstd-dev liblzma-dev libzip-dev nlohmann-json3-dev
  libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libreadline-dev libxbyak-dev tmux
  clang libclang-rt-14-dev
)
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${packages[@]}"
