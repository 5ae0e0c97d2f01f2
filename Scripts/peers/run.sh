#!/bin/bash
# Prints the peer table: JSONDecoder, CodixJSONDecoder, ReerJSON and IkigaJSON
# on twitter.json, citm_catalog.json, canada.json and two small responses,
# every value checked against JSONDecoder's first (Docs/Performance.md, "Peers").
#
#   CODIX_PEERS=/tmp/peers Scripts/peers/run.sh [--rounds N] [--only TEXT] [--scale F]
#
# --only keeps the rows whose name contains TEXT; --scale multiplies each
# row's decodes per round (0.01 to run one row under valgrind).
#
# CODIX_PEERS holds git checkouts named ReerJSON, yyjson, IkigaJSON, swift-nio,
# swift-atomics, swift-collections and swift-system (Docs/Performance.md says
# which versions); a peer whose checkout is missing is left out of the table.
# Their own dependencies resolve to those checkouts (SwiftPM mirrors), so
# nothing is downloaded. The harness builds in release in one folder,
# CODIX_PEERS_BUILD (default /tmp/codix-peers-build), through the shared lock
# /tmp/codix-swift.lock. Not part of Codix's package, not run by CI.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
peers=${CODIX_PEERS:-}
scratch=${CODIX_PEERS_BUILD:-/tmp/codix-peers-build}
lock=/tmp/codix-swift.lock
# Builds wait for the shared lock where flock exists (Linux), else run as they are.
locked() {
  if command -v flock >/dev/null; then flock "$lock" "$@"; else "$@"; fi
}

# The harness is staged in the build folder with the corpora's models
# (Tests/CodixCorpus), so the repository stays as it is.
mkdir -p "$scratch/src"
rm -rf "$scratch/src/Sources"
cp -R "$root/Scripts/peers/Harness/Package.swift" "$root/Scripts/peers/Harness/Sources" \
  "$scratch/src/"
mkdir -p "$scratch/src/Sources/PeersHarness/Corpus"
cp "$root"/Tests/CodixCorpus/*.swift "$scratch/src/Sources/PeersHarness/Corpus/"

# CODIX_ROOT: the Codix to compare (default: this checkout).
export CODIX_ROOT=${CODIX_ROOT:-$root}
if [[ -n "$peers" ]]; then
  export CODIX_PEERS=$(cd "$peers" && pwd)
  # SwiftPM's mirrors file: each dependency's URL mapped to its checkout.
  mirrors=""
  for pair in ibireme/yyjson apple/swift-nio apple/swift-atomics apple/swift-collections \
    apple/swift-system; do
    name=${pair#*/}
    if [[ -d "$CODIX_PEERS/$name/.git" ]]; then
      mirrors+="${mirrors:+,}{\"original\":\"https://github.com/$pair.git\",\"mirror\":\"$CODIX_PEERS/$name\"}"
    fi
  done
  mkdir -p "$scratch/src/.swiftpm/configuration"
  echo "{\"object\":[$mirrors],\"version\":1}" >"$scratch/src/.swiftpm/configuration/mirrors.json"
else
  echo "CODIX_PEERS is not set: only JSONDecoder and CodixJSONDecoder are compared."
fi
for peer in ReerJSON IkigaJSON; do
  [[ -n "$peers" && -f "$peers/$peer/Package.swift" ]] || echo "$peer: not found under CODIX_PEERS."
done

locked swift build -c release --package-path "$scratch/src" \
  --scratch-path "$scratch/build"
"$scratch/build/release/PeersHarness" --data "$root/Tests/Data" "$@"
