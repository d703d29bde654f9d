#!/usr/bin/env bash
# Set-up, build and run for a fresh Debian 12 machine.
#   ./build.sh run [FILE...]  install what is missing, build, launch idxscope (default: Fashion-MNIST train set)
#   ./build.sh test           install what is missing, build with warnings as errors, run every test, then the
#                             core tests again under ASan + UBSan
#   ./build.sh bench          build and run the benchmark (prints figures beside numpy/PIL baselines)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  cmake ninja-build g++ clang pkg-config
  qt6-base-dev qt6-base-dev-tools libqt6test6 qt6-svg-dev qt6-qpa-plugins libqt6svg6
  zlib1g-dev liblzma-dev libisal-dev libdeflate-dev
  dataset-fashion-mnist python3 python3-numpy python3-pil
  xvfb xauth desktop-file-utils appstream shared-mime-info xdg-utils libglib2.0-bin dpkg-dev file nsis
  libclang-rt-14-dev
)
FASHION=/usr/share/datasets/fashion-mnist
JOBS=$(nproc 2>/dev/null || echo 2)

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "build.sh: installing ${missing[*]}" >&2
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

configure_build() { # DIR [cmake args...]
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
  cmake --build "$dir" -j "$JOBS"
}

cmd=${1:-run}
[[ $# -gt 0 ]] && shift
case $cmd in
  run)
    install_missing
    configure_build build
    if [[ $# -eq 0 ]]; then set -- "$FASHION/train-images-idx3-ubyte.gz"; fi
    exec ./build/app/idxscope "$@"
    ;;
  test)
    install_missing
    configure_build build -DIDXSCOPE_WERROR=ON
    ctest --test-dir build --output-on-failure -j "$JOBS"
    # The core tests again with AddressSanitizer + UndefinedBehaviorSanitizer.
    configure_build build-asan -DIDXSCOPE_WERROR=ON -DIDXSCOPE_SANITIZE=ON -DIDXSCOPE_BUILD_APP=OFF \
      -DCMAKE_BUILD_TYPE=Debug
    ctest --test-dir build-asan --output-on-failure -j "$JOBS"
    ;;
  bench)
    install_missing
    configure_build build
    ./build/tests/bench/idxbench "$@"
    ;;
  *)
    echo "usage: ./build.sh run [FILE...] | test | bench" >&2
    exit 2
    ;;
esac
