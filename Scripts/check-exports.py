#!/usr/bin/env python3
"""Checks what each style module brings into a file from CodixCore.

- CodixPath re-exports all of CodixCore (`@_exported import CodixCore`).
- CodixWrappers re-exports every top-level public declaration of CodixCore
  one by one, except `Path`, which SwiftUI also declares
  (Sources/CodixWrappers/Exports.swift says why). A public type added to
  CodixCore and not listed there would be missing from `import CodixWrappers`;
  a listed one that no longer exists would not build.

Usage: Scripts/check-exports.py
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEFT_OUT = {"Path"}  # declared by SwiftUI too
DECLARATION = re.compile(
    r"^(?:@[\w(). ,:]+\s+)*(?:public|open)\s+(?:final\s+)?"
    r"(struct|class|enum|protocol|typealias|func|var|let)\s+(\w+)")
EXPORT = re.compile(r"^@_exported import (struct|class|enum|protocol|typealias|func|var|let) "
                    r"CodixCore\.(\w+)\s*$")


def main():
    declared = {}
    for path in sorted((ROOT / "Sources/CodixCore").rglob("*.swift")):
        for line in path.read_text(encoding="utf-8").splitlines():
            match = DECLARATION.match(line)  # column 0: top level
            if match:
                declared[match.group(2)] = (match.group(1), path.relative_to(ROOT))
    exports_file = ROOT / "Sources/CodixWrappers/Exports.swift"
    exported = {}
    for line in exports_file.read_text(encoding="utf-8").splitlines():
        match = EXPORT.match(line)
        if match:
            exported[match.group(2)] = match.group(1)
        elif line.startswith("@_exported"):
            sys.exit(f"{exports_file.relative_to(ROOT)}: not a per-declaration export: {line}")
    problems = []
    for name, (kind, path) in sorted(declared.items()):
        if name in LEFT_OUT:
            if name in exported:
                problems.append(f"{name} is exported by CodixWrappers but should be left out")
            continue
        if name not in exported:
            problems.append(
                f"{path}: public {kind} {name} is not re-exported by CodixWrappers: add\n"
                f"    @_exported import {'class' if kind == 'actor' else kind} CodixCore.{name}\n"
                f"  to Sources/CodixWrappers/Exports.swift")
        elif exported[name] != kind:
            problems.append(f"{name} is a {kind}, exported as a {exported[name]}")
    for name in sorted(set(exported) - set(declared)):
        problems.append(f"CodixWrappers exports {name}, which CodixCore does not declare")
    path_exports = (ROOT / "Sources/CodixPath/Exports.swift").read_text(encoding="utf-8")
    if not re.search(r"^@_exported import CodixCore\s*$", path_exports, re.M):
        problems.append("CodixPath must re-export all of CodixCore (@_exported import CodixCore)")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"Exports: CodixWrappers brings {len(exported)} of CodixCore's {len(declared)} "
          f"top-level declarations (all but {', '.join(sorted(LEFT_OUT))}); CodixPath all.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
