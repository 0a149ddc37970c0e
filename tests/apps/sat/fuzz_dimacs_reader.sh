#!/usr/bin/env bash
# Builds the DIMACS reader's libFuzzer target with clang (ASan + UBSan, leak
# detection on) and runs it for a bounded time. Exit status 0: no crash, no
# leak, no unexpected exception found.
#
#   tests/apps/sat/fuzz_dimacs_reader.sh [SECONDS]   (default 60)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
seconds=${1:-60}
build=${STACKSPLIT_FUZZ_BUILD:-$root/build-fuzz}
compiler=${CXX_FUZZ:-$(command -v clang++ || command -v clang++-14)}

cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSTACKSPLIT_FUZZ=ON >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
cmake --build "$build" --target sat_dimacs_fuzz -j2

# Seeds: the malformed corpus and the bundled examples; new inputs go to corpus/.
corpus="$build/fuzz/dimacs-corpus"
seeds="$build/fuzz/dimacs-seeds"
mkdir -p "$corpus" "$seeds"
cp "$here"/malformed/* "$seeds"/
for f in "$root"/examples/*.cnf; do [ -e "$f" ] && cp "$f" "$seeds"/; done

cd "$build/fuzz"
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  "$build/tests/apps/sat/sat_dimacs_fuzz" -max_total_time="$seconds" -max_len=8192 \
  -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -dict="$here/dimacs.dict" \
  "$corpus" "$seeds"
