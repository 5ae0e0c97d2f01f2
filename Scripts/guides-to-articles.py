#!/usr/bin/env python3
"""Copies the guides of Docs/ into a DocC catalog as articles.

The guides are written once, as Markdown for GitHub. For DocC:
- links between guides (`[Paths](Paths.md#anchor)`) become `<doc:Paths>` links;
- links to files outside Docs/ keep their text only;
- double-backtick code spans, which DocC would read as symbol links, become
  the text they show;
- the doc-example info strings (`swift fragment`, `swift continued`,
  `output`) become plain code listings;
- "Getting Started" is made from the README's first screen, its Installation
  and its two styles (everything before "## Mixing the styles").

Usage: Scripts/guides-to-articles.py <Docs folder> <catalog folder>
"""

import pathlib
import re
import sys

LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


def convert(text, guides):
    def link(match):
        label, target = match.group(1), match.group(2)
        if target.startswith(("http://", "https://", "mailto:")):
            return match.group(0)
        file, _, _ = target.partition("#")
        stem = pathlib.Path(file).stem
        if file.endswith(".md") and stem in guides:
            return f"[{label}](<doc:{stem}>)"
        if file == "" and target.startswith("#"):
            return label
        return label

    text = LINK.sub(link, text)
    # DocC reads ``X`` as a link to a symbol; a guide's double-backtick code
    # span (`` `[` is never closed ``) is plain text with code in it.
    text = re.sub(r"``\s(.+?)\s``", r"\1", text)
    text = re.sub(r"^(\s*)```swift (fragment|continued)\s*$", r"\1```swift", text, flags=re.M)
    text = re.sub(r"^(\s*)```output\s*$", r"\1```text", text, flags=re.M)
    return text


def main():
    docs, catalog = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    guides = {path.stem for path in docs.glob("*.md")}
    for path in sorted(docs.glob("*.md")):
        (catalog / path.name).write_text(convert(path.read_text(), guides))
    readme = (docs.parent / "README.md").read_text()
    start = readme.index("\n", readme.index("# Codix")) + 1
    end = readme.index("## Mixing the styles")
    getting_started = "# Getting Started\n" + readme[start:end]
    (catalog / "GettingStarted.md").write_text(convert(getting_started, guides | {"GettingStarted"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
