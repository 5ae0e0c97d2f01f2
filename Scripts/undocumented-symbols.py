#!/usr/bin/env python3
"""Fails when a public symbol of the library modules has no doc comment.

Reads the symbol graphs the compiler wrote (Scripts/build-docs.sh) and lists
every public declaration without documentation. Members that only implement
a standard protocol's requirement (`==`, `hash(into:)`, `description`,
`init(from:)`, `encode(to:)`) and compiler-synthesized members inherit their
protocol's documentation and are not listed.

Usage: Scripts/undocumented-symbols.py <symbol-graph-dir>
"""

import json
import pathlib
import sys

INHERITED = {
    "==(_:_:)", "hash(into:)", "description", "debugDescription", "init(from:)",
    "encode(to:)", "init(stringLiteral:)", "init(integerLiteral:)",
    "init(arrayLiteral:)", "init(stringInterpolation:)", "hashValue",
}
MODULES = ("CodixCore", "CodixPath", "CodixWrappers")


def main():
    folder = pathlib.Path(sys.argv[1])
    missing = []
    for path in sorted(folder.glob("*.symbols.json")):
        if not path.name.startswith(MODULES):
            continue
        graph = json.loads(path.read_text())
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise:
                continue
            name = symbol["names"]["title"]
            if name in INHERITED:
                continue
            if symbol.get("docComment", {}).get("lines"):
                continue
            where = symbol.get("location", {}).get("uri", "").split("/Sources/")[-1]
            line = symbol.get("location", {}).get("position", {}).get("line", 0) + 1
            path_components = ".".join(symbol.get("pathComponents", [name]))
            missing.append(f"Sources/{where}:{line}: {path_components}")
    if missing:
        print("\n".join(sorted(set(missing))))
        print(f"{len(set(missing))} public symbol(s) have no doc comment.", file=sys.stderr)
        return 1
    print("Every public symbol has a doc comment.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
