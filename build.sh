#!/usr/bin/env bash
# Set-up, build and run for a fresh Debian 12 machine.
#   ./build.sh run [FILE...]  install what is missing, build, launch idxscope (default: Fashion-MNIST train set)
#   ./build.sh test           install what is missing, build with warnings as errors, run every test, every fuzz
#                             target for FUZZ_SECONDS (20) seconds each, then the core tests and the kill test
#                             again under ASan + UBSan + LeakSanitizer, and under ThreadSanitizer
#   ./build.sh fuzz           only the fuzz step (FUZZ_SECONDS=600 ./build.sh fuzz for a longer run)
#   ./build.sh bench          build and run the benchmarks (figures beside numpy/PIL baselines, the event loop
#                             while loading, the malformed suite's times, the audit beside scikit-learn, the
#                             audit and map of 630,000 records beside hnswlib, the dataset map beside
#                             scikit-learn's t-SNE and R's uwot, and its frames per second); --no-scale skips the
#                             630,000 (minutes); every ratio also goes to bench/latest.tsv
#   ./build.sh bench-summary  print bench/latest.tsv (the last benchmark's ratios, committed with the code)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  cmake ninja-build g++ clang pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-base-private-dev libqt6test6 qt6-svg-dev qt6-qpa-plugins libqt6svg6
  zlib1g-dev liblzma-dev libisal-dev libdeflate-dev libcsv-dev libspng-dev libzip-dev
  libopenblas-dev libhnswlib-dev
  dataset-fashion-mnist python3 python3-numpy python3-pil libopenblas0-pthread xz-utils pigz
  xvfb xauth desktop-file-utils appstream shared-mime-info xdg-utils libglib2.0-bin dpkg-dev file nsis
  help2man man-db lintian bash-completion
  qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
  libclang-rt-14-dev
)
# Only the benchmark's baselines need these (./build.sh bench installs them).
BENCH_PACKAGES=(python3-sklearn python3-hnswlib time r-cran-uwot isal)
FASHION=/usr/share/datasets/fashion-mnist
JOBS=$(nproc 2>/dev/null || echo 2)

# Phase times: every step of a run is timed and the table printed at the end, also when a step fails.
PHASES=()
phase() { # NAME command...: runs the command as one timed phase; returns its status
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  PHASES+=("$(printf '%-24s %6d s' "$name" $((SECONDS - start)))$([[ $status -eq 0 ]] || echo "  FAILED ($status)")")
  return $status
}
print_phases() {
  local status=$?
  [[ ${#PHASES[@]} -gt 0 ]] || return $status
  echo "build.sh: phase times"
  printf '  %s\n' "${PHASES[@]}"
  printf '  %-24s %6d s\n' total "$SECONDS"
  return $status
}
trap print_phases EXIT

install_missing() { # [extra packages...]
  local missing=()
  for p in "${PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  echo "build.sh: installing ${missing[*]}" >&2
  local sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update -q &&
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# The main build keeps line tables only (-g1) too: backtraces keep their files and lines, and the build takes a
# quarter less time than with full debug information (core/insights/audit.cpp: 10.0 s against 13.2 s).
configure_build() { # DIR [cmake args...]
  local dir=$1; shift
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    "$@" >/dev/null &&
    cmake --build "$dir" -j "$JOBS"
}

# The sanitizer and fuzz builds keep only line tables as debug information (-g1, -gline-tables-only): enough for
# every report's stack with file and line, and a fifth less compile time than full debug information
# (app/gui/shell/mainwindow.cpp: 8.8 s with -g, 7.1 s with -g1).
LINES_ONLY_CLANG="-O2 -gline-tables-only -DNDEBUG"

# Fuzzing (tests/fuzz): every libFuzzer target for FUZZ_SECONDS (default 20) each, two at a time, from the seed
# corpus generated at build time; any crash, leak, sanitizer report or timeout fails the step. The corpus each target
# grows is kept in build-fuzz/corpus/ between runs. Longer runs: see docs/reliability.md, "Fuzzing".
fuzz_build() {
  CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DIDXSCOPE_FUZZ=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$LINES_ONLY_CLANG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$LINES_ONLY_CLANG" \
    -DIDXSCOPE_BUILD_APP=OFF >/dev/null &&
    cmake --build build-fuzz -j "$JOBS" --target fuzz_all
}
# The benchmark's summary, bench/latest.tsv, as a table: its comment line, then the columns aligned (with
# column(1) when bsdextrautils has it, else tab-separated as written).
bench_summary() {
  local tsv=bench/latest.tsv
  [[ -f $tsv ]] || { echo "no $tsv: ./build.sh bench writes it" >&2; return 1; }
  grep '^#' "$tsv" || true
  if command -v column >/dev/null; then grep -v '^#' "$tsv" | column -t -s $'\t'; else grep -v '^#' "$tsv"; fi
}

fuzz_run() {
  local secs=${FUZZ_SECONDS:-20} dir=build-fuzz/tests/fuzz failed=0 pids=() names=()
  for t in "$dir"/fuzz_*; do
    [[ -x $t && -f $t ]] || continue
    local name; name=$(basename "$t")
    mkdir -p "build-fuzz/corpus/$name" "build-fuzz/findings/$name"
    "$t" "build-fuzz/corpus/$name" "$dir/seeds" -max_total_time="$secs" -max_len=8192 -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="build-fuzz/findings/$name/" \
      >"build-fuzz/findings/$name.log" 2>&1 &
    pids+=($!); names+=("$name")
    if [[ ${#pids[@]} -ge $JOBS ]]; then
      wait "${pids[0]}" || { echo "fuzz: ${names[0]} FAILED (build-fuzz/findings/${names[0]}.log)" >&2; failed=1; }
      pids=("${pids[@]:1}"); names=("${names[@]:1}")
    fi
  done
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { echo "fuzz: ${names[$i]} FAILED (build-fuzz/findings/${names[$i]}.log)" >&2; failed=1; }
  done
  for log in build-fuzz/findings/fuzz_*.log; do
    echo "$(basename "$log" .log): $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') execs"
  done
  return $failed
}

# Sanitizers: AddressSanitizer + UndefinedBehaviorSanitizer, with LeakSanitizer at exit (ASAN_OPTIONS is set per
# test in tests/CMakeLists.txt). Builds and runs only the tests labelled "sanitizer": the core tests and the kill
# test; not the ones that measure memory or time (malformed, scale, bench). Not the GUI (its fault and cancel tests
# run in the main build): compiling the app a third time, under ASan, took 250 s of a CI run that must stay under
# 40 minutes on 2 cores, and the code that reads untrusted bytes is the core's, which the fuzzers also run under
# ASan.
sanitizer_build() {
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DIDXSCOPE_WERROR=ON -DIDXSCOPE_SANITIZE=ON \
    -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DCMAKE_C_FLAGS_DEBUG=-g1 \
    -DIDXSCOPE_BUILD_APP=OFF >/dev/null &&
    cmake --build build-asan -j "$JOBS" --target sanitizer_tests
}
sanitizer_run() {
  ctest --test-dir build-asan --output-on-failure -j "$JOBS" -L sanitizer
}

# ThreadSanitizer: the core tests (the parallel statistics engine, progressive loading read while it runs, cancel)
# and the kill test. Not the GUI's: with a Qt that is not built for ThreadSanitizer, every hand-over through
# QThreadPool reads as a race (tests/CMakeLists.txt). tests/tsan.supp allows only Qt Test's watchdog at exit.
thread_build() {
  # No -Werror: GCC 12 warns falsely (maybe-uninitialized inside Qt headers) when ThreadSanitizer is on; the main
  # build holds the warnings to errors.
  cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DIDXSCOPE_WERROR=OFF -DIDXSCOPE_TSAN=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DIDXSCOPE_BUILD_APP=OFF >/dev/null &&
    cmake --build build-tsan -j "$JOBS" --target thread_tests
}
thread_run() {
  ctest --test-dir build-tsan --output-on-failure -j "$JOBS" -L thread
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
    phase packages install_missing
    phase build configure_build build -DIDXSCOPE_WERROR=ON
    phase tests ctest --test-dir build --output-on-failure -j "$JOBS"
    phase "fuzz build" fuzz_build
    phase "fuzz run" fuzz_run
    phase "asan build" sanitizer_build
    phase "asan tests" sanitizer_run
    phase "tsan build" thread_build
    phase "tsan tests" thread_run
    ;;
  fuzz)
    phase packages install_missing
    phase "fuzz build" fuzz_build
    phase "fuzz run" fuzz_run
    ;;
  bench-summary)
    bench_summary
    ;;
  bench)
    scale=1
    if [[ ${1:-} == --no-scale ]]; then scale=0; shift; fi
    install_missing "${BENCH_PACKAGES[@]}"
    configure_build build
    cmake --build build -j "$JOBS" --target bench_programs
    # Every ratio beside its peer also goes to bench/latest.tsv (committed with the figures it gives; .ci/run
    # prints it after the tests, for information only).
    mkdir -p bench
    export IDXSCOPE_BENCH_TSV=$PWD/bench/latest.tsv
    {
      echo "# ./build.sh bench $*, $(date -u +%Y-%m-%d), $(nproc) cores; ratio = the peer's figure / idxscope's (above 1: idxscope is faster)"
      printf 'work\tidxscope\tpeer and its settings\tpeer\tunit\tratio\twant\n'
    } >"$IDXSCOPE_BENCH_TSV"
    ./build/tests/bench/idxbench "$@"
    if [[ $# -eq 0 ]]; then # the whole benchmark: also the event loop's pauses, the malformed suite's times and
      # the audit beside scikit-learn, 630,000 records beside hnswlib, the map beside t-SNE and uwot, the
      # comparison beside numpy and difflib
      QT_QPA_PLATFORM=offscreen ./build/tests/bench/idxguibench --load-gap
      ./build/tests/malformed/malformedbench
      ./build/tests/bench/auditbench
      [[ $scale -eq 0 ]] || ./build/tests/bench/auditscalebench
      ./build/tests/bench/mapbench
      ./build/tests/bench/diffbench
      QT_QPA_PLATFORM=offscreen ./build/tests/bench/idxguibench --map-frames "$FASHION/train-images-idx3-ubyte.gz"
    fi
    echo
    echo "Summary (bench/latest.tsv):"
    bench_summary
    ;;
  package-test) # the .deb installed on a clean Debian 12 (debootstrap; root; downloads): not part of test
    install_missing debootstrap
    configure_build build
    status=0
    bash tests/packaging/clean_install.sh build resources/sample/fashion-sample-images-idx3-ubyte.gz || status=$?
    if [[ $status -eq 77 ]]; then status=0; fi # it said why it skipped
    exit $status
    ;;
  *)
    echo "usage: ./build.sh run [FILE...] | test | fuzz | bench | bench-summary | package-test" >&2
    exit 2
    ;;
esac
