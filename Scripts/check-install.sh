#!/usr/bin/env bash
# Proves that the README's install line works for the version it names: a
# throwaway consumer package depends on a clone of this repository through a
# file:// URL, with the README's own version requirement, and must resolve
# to that version and build the README's first example.
#
# - The version in the line must be CodixVersion.current.
# - The copy is this commit tagged with the version when the tag is missing
#   (a release not tagged yet); an existing tag is used as it is.
#
# Usage: Scripts/check-install.sh [work folder]   (default .build-install-check)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${1:-.build-install-check}
case "$work" in /*) ;; *) work="$root/$work" ;; esac

line=$(grep -m1 -E '^\.package\(url: "[^"]+", .+\),$' README.md || true)
if [ -z "$line" ]; then
  echo "README.md has no install line: .package(url: \"…\", <requirement>)," >&2
  exit 1
fi
requirement=$(printf '%s\n' "$line" | sed -E 's/^\.package\(url: "[^"]+", (.+)\),$/\1/')
named=$(printf '%s\n' "$requirement" | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1)
current=$(sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/CodixCore/CodixVersion.swift)
if [ "$named" != "$current" ]; then
  echo "The README's install line names $named, but CodixVersion.current is $current." >&2
  exit 1
fi
echo "README: $requirement (CodixVersion.current $current)"

rm -rf "$work/Codix" "$work/Consumer"
mkdir -p "$work"
# A repository holding only the release: the tag if it exists, else this
# commit tagged (works from a shallow or detached checkout, as CI's).
git init -q "$work/Codix"
if git -C "$root" rev-parse -q --verify "refs/tags/$named" >/dev/null; then
  git -C "$work/Codix" fetch -q "$root" "refs/tags/$named:refs/tags/$named"
else
  git -C "$work/Codix" fetch -q "$root" HEAD
  git -C "$work/Codix" tag "$named" FETCH_HEAD
  echo "Tagged $(git -C "$work/Codix" rev-parse --short FETCH_HEAD) $named in the copy (the tag is not in the repository yet)."
fi

# The consumer: the README's products and its first example.
mkdir -p "$work/Consumer/Sources/App"
cat >"$work/Consumer/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [
    .package(url: "file://$work/Codix", $requirement),
  ],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "CodixWrappers", package: "Codix"),
        .product(name: "CodixPath", package: "Codix"),
      ]),
  ]
)
EOF
# The README's first swift block (the model on its first screen).
awk '/^```swift$/ { inside = 1; next } inside && /^```/ { exit } inside { print }' README.md \
  >"$work/Consumer/Sources/App/main.swift"

swift package --package-path "$work/Consumer" --disable-dependency-cache resolve
resolved=$(grep -A6 '"identity" : "codix"' "$work/Consumer/Package.resolved" |
  sed -nE 's/.*"version" : "([^"]+)".*/\1/p')
if [ -z "$resolved" ]; then
  echo "The install line did not resolve Codix to a version." >&2
  exit 1
fi
case "$resolved" in
  "${named%.*}".*) ;;
  *)
    echo "The install line resolved Codix $resolved, not $named or a patch of it." >&2
    exit 1
    ;;
esac
echo "Resolved Codix $resolved."
swift build --package-path "$work/Consumer" --disable-dependency-cache >/dev/null
"$(swift build --package-path "$work/Consumer" --show-bin-path)/App" >/dev/null
echo "Install line checked: it resolves Codix $resolved and builds the README's first example."
