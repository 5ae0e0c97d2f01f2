#!/usr/bin/env bash
# Builds the DocC archives of CodixCore, CodixPath and CodixWrappers with the
# toolchain's own `docc` (no package plug-in): symbol graphs from the
# compiler, each module's catalog (Sources/<Module>/<Module>.docc), and, in
# CodixCore's, the guides of Docs/ as articles. Fails on any DocC warning
# (an unresolved link, for one) and on any public symbol without a doc comment.
#
# Usage: Scripts/build-docs.sh        archives in .build-docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build-docs
symbols="$out/symbol-graphs"
# A fresh build folder: a module that is already built writes no symbol graph.
rm -rf "$symbols" "$out/catalogs" "$out/build"
mkdir -p "$symbols" "$out/catalogs"

echo "Symbol graphs"
for module in CodixCore CodixPath CodixWrappers; do
  swift build --scratch-path "$out/build" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$symbols" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
done

echo "Public symbols without a doc comment"
python3 Scripts/undocumented-symbols.py "$symbols"

status=0
for module in CodixCore CodixPath CodixWrappers; do
  catalog="$out/catalogs/$module.docc"
  cp -R "Sources/$module/$module.docc" "$catalog"
  if [ "$module" = CodixCore ]; then
    # The guides, written once in Docs/, become the catalog's articles.
    python3 Scripts/guides-to-articles.py Docs "$catalog"
  fi
  module_symbols="$out/symbol-graphs-$module"
  rm -rf "$module_symbols"
  mkdir -p "$module_symbols"
  cp "$symbols/$module".symbols.json "$module_symbols/"
  cp "$symbols/$module"@*.symbols.json "$module_symbols/" 2>/dev/null || true
  echo "DocC: $module"
  # CodixPath and CodixWrappers link to CodixCore's symbols in its archive.
  links=(--enable-experimental-external-link-support)
  if [ "$module" != CodixCore ]; then links+=(--dependency "$out/CodixCore.doccarchive"); fi
  log=$(mktemp)
  rm -rf "$out/$module.doccarchive"
  if ! docc convert "$catalog" --additional-symbol-graph-dir "$module_symbols" \
    --fallback-display-name "$module" --fallback-bundle-identifier "codix.$module" \
    --output-path "$out/$module.doccarchive" "${links[@]}" --warnings-as-errors >"$log" 2>&1; then
    cat "$log" >&2
    status=1
  elif grep -q "warning:" "$log"; then
    cat "$log" >&2
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "The documentation has warnings." >&2
  exit 1
fi
echo "Documentation built: $out/CodixCore.doccarchive, CodixPath.doccarchive, CodixWrappers.doccarchive"
