#!/usr/bin/env bash
# Builds Codix against the Swift standard library's *public* interface only,
# as Xcode does: Apple's SDKs ship `Swift.swiftmodule` as a .swiftinterface
# without SPI. A folder holding only that interface is put first on the
# import path, so the compiler rebuilds `Swift` from it (about 35 s the first
# time) and every `@_spi` import or private standard-library symbol fails here
# as it would in Xcode.
#
# Usage: Scripts/public-interface-build.sh [scratch folder]   (default .build-public-interface)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-public-interface}

info=$(swiftc -print-target-info)
field() {
  # The first string value after "$1" in the JSON that swiftc printed.
  printf '%s\n' "$info" | tr -d '\n' | sed -E "s/.*\"$1\"[^\"]*\"([^\"]*)\".*/\\1/"
}
lib=$(field runtimeLibraryImportPaths)
triple=$(field moduleTriple)
interface="$lib/Swift.swiftmodule/$triple.swiftinterface"
if [ ! -f "$interface" ]; then
  echo "No public interface of the standard library at $interface" >&2
  exit 1
fi

public_dir="$scratch/public-stdlib"
mkdir -p "$public_dir/Swift.swiftmodule"
cp "$interface" "$public_dir/Swift.swiftmodule/"
echo "Standard library from its public interface: $interface"

log=$(mktemp)
status=0
swift build --build-tests --scratch-path "$scratch" -Xswiftc -I -Xswiftc "$PWD/$public_dir" \
  2>&1 | tee "$log" || status=$?
if grep -q "was built from the public interface" "$log"; then
  echo "An @_spi import of the standard library: Xcode cannot build it." >&2
  exit 1
fi
if [ "$status" -ne 0 ] || grep -qE "(^|[^a-z])error:" "$log"; then
  echo "The build against the public interface failed." >&2
  exit 1
fi
echo "Public-interface build passed."
