#!/usr/bin/env bash
# Builds Tests/SwiftUIStandIn, a consumer package whose files import a module
# named SwiftUI (a stand-in declaring `Path`) beside Codix:
# - a view and a wrapper model in one file build unchanged, also under the
#   upcoming feature MemberImportVisibility, and the program runs;
# - a view and a path-style model build with the documented one-line answer
#   (`typealias Path = SwiftUI.Path`), an app's own `JSONValue` and `Variant`
#   need nothing, another module's `JSONValue` needs one line;
# - the same file without the answer fails with "ambiguous": the stand-in
#   reproduces the clash it guards against.
# Linux only: on Apple platforms the real SwiftUI is the module of that name.
#
# Usage: Scripts/check-swiftui-standin.sh [scratch folder]   (default .build-swiftui-standin)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-swiftui-standin}
package=Tests/SwiftUIStandIn

if [ "$(uname)" = Darwin ]; then
  echo "Skipped on macOS: the stand-in module is named SwiftUI."
  exit 0
fi

build() {
  swift build --package-path "$package" --scratch-path "$scratch" --target "$1" 2>&1
}

for target in ViewAndWrapperModel ViewAndWrapperModelStrictImports ViewAndPathModel OwnNames \
  OtherModuleNames; do
  echo "Building $target"
  if ! log=$(build "$target"); then
    printf '%s\n' "$log" >&2
    echo "$target does not build: a file importing SwiftUI beside Codix broke." >&2
    exit 1
  fi
  if printf '%s\n' "$log" | grep -E "(^|[^a-z])warning:" | grep -v "^warning: '" >/dev/null; then
    printf '%s\n' "$log" >&2
    echo "$target built with warnings." >&2
    exit 1
  fi
done

swift build --package-path "$package" --scratch-path "$scratch" --product ViewAndWrapperModel \
  >/dev/null
"$scratch/debug/ViewAndWrapperModel" >/dev/null

echo "Building PathClash (must fail)"
if log=$(build PathClash); then
  echo "PathClash built: the stand-in no longer reproduces the Path clash." >&2
  exit 1
fi
if ! printf '%s\n' "$log" | grep -q "'Path' is ambiguous"; then
  printf '%s\n' "$log" >&2
  echo "PathClash failed for another reason than the Path clash." >&2
  exit 1
fi
echo "SwiftUI stand-in: all files build, the clash is reproduced and answered."
