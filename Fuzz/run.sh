#!/usr/bin/env bash
# Builds the fuzz target (Fuzz/Sources) against the package's library
# modules, instrumented for libFuzzer, in .build-fuzz, and runs it.
#
#   Fuzz/run.sh                       # 90 seconds
#   Fuzz/run.sh -max_total_time=0     # until stopped (Ctrl-C); any libFuzzer option
#   Fuzz/run.sh .build-fuzz/crash-…   # replays one input
#
# CODIX_FUZZ_SANITIZERS (default "fuzzer") adds sanitizers to the build:
# "fuzzer,address" checks every memory access, at about half the speed.
# New inputs that reach new code go to .build-fuzz/corpus; an input that
# finds a difference or a crash is written to .build-fuzz/crash-<sha1>.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-fuzz
sanitizers=${CODIX_FUZZ_SANITIZERS:-fuzzer}
# One build of the library per set of sanitizers, so that switching rebuilds nothing.
build=$scratch/${sanitizers//,/-}
target=$scratch/codix-fuzz-${sanitizers//,/-}

echo "== fuzz target: building the library with -sanitize=$sanitizers"
# The library modules only (no executable links against libFuzzer's main).
for module in CodixPath CodixWrappers; do
  swift build -c release --scratch-path "$build" --target "$module" -Xswiftc -sanitize="$sanitizers"
done
bin=$(swift build -c release --scratch-path "$build" --show-bin-path)
objects=()
for module in CodixCore CodixPath CodixWrappers; do
  objects+=("$bin/$module.build"/*.o)
done
swiftc -O -sanitize="$sanitizers" -parse-as-library -swift-version 6 \
  -I "$bin/Modules" Fuzz/Sources/*.swift "${objects[@]}" -o "$target"

mkdir -p "$scratch/corpus"
# Swift's own crash backtracer would take the signal of a difference
# (fatalError) before libFuzzer's handler, which then writes no crash file.
export SWIFT_BACKTRACE=enable=no
echo "== fuzz target: running"
if [ "$#" -gt 0 ] && [ -f "$1" ]; then
  exec "$target" "$@"
fi
has_time=false
for argument in "$@"; do
  case "$argument" in -max_total_time=*) has_time=true ;; esac
done
time_limit=()
$has_time || time_limit=(-max_total_time=90)
exec "$target" "${time_limit[@]}" -max_len=4096 -timeout=20 -dict=Fuzz/json.dict \
  -artifact_prefix="$scratch/" -print_final_stats=1 "$@" \
  "$scratch/corpus" Fuzz/corpus Tests/Data/JSONTestSuite/test_parsing
