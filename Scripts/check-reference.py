#!/usr/bin/env python3
"""Checks that the docs agree with the code and with themselves.

1. Options. The options table of Docs/WrappersReference.md ("## Options") is
   the one list of the wrapper options Codix teaches, and the compatibility
   table of Docs/Migration.md lists the spellings kept for Kodable and the
   original Codix. Every option the code declares on `KodableOption` is in
   exactly one of the two, and every option either names exists in the code.

2. No contradictions. Two tables state facts as yes/no columns:
   - the options table: "lossy reading" (does the option make the property
     read lossily?) and "array elements" (does it act on each element of an
     array?);
   - the lossy decoding table ("## Lossy decoding"): "lossy" (is the type
     read lossily?).
   A sentence of the README or of a guide that names a row's subject (an
   option such as `.lossless`; a type, also by its plain name: "sets",
   "dictionaries", "arrays") and speaks of the fact ("lossy", "element")
   states it with a polarity: negative when its clause holds a negation
   ("not", "never", "no", "neither", "nor", "n't"), positive otherwise. A
   sentence whose stated polarity is the opposite of the table's cell is
   reported. The rule, made precise:
   - prose only: code blocks, tables and headings are not read;
   - a paragraph or list item is split into sentences, a sentence into
     clauses at ";" and ":"; a clause states the fact when the fact's word
     follows the subject within 12 words, and its polarity is negative when
     a negation stands between the two;
   - an elliptical clause, a subject then only a verb ("only arrays are
     lossy; sets are not"), states the fact its sentence names;
   - a sentence that starts with "It" or "They" is about the last subject
     its paragraph named ("`.lossless` applies to numbers. It does not
     reach the elements of an array." states `.lossless` elements = no);
   - a cell that is not "yes" or "no" (a dash, "with `.lossless`") states
     nothing, and a line of Docs/Migration.md is not read (it quotes the
     older libraries' rules).

3. One spelling per concept. The README, the guides, the DocC landing
   pages and the demo (Sources/CodixDemo) teach the primary spellings only; a compatibility spelling
   (COMPATIBILITY below) may appear on a line that points to Migration.md,
   in a DocC topic entry (``DateFromString``), and anywhere in Migration.md.

4. Every guide is listed: each Docs/*.md is linked from the README and is a
   `<doc:>` topic of the CodixCore landing page.

5. Names at a glance: every public type, protocol and type alias of the
   three library modules is named in the README's "Names at a glance" table,
   or, for a name kept for compatibility, in Docs/Migration.md.

6. Quoted declarations: a `swift fragment` block of the docs that declares
   `enum PathComponent` lists the cases the code declares.

7. The contradiction rule checks itself on every run: the sentences of
   SELF_TEST it must flag, and those it must leave alone.

Usage: Scripts/check-reference.py
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "Docs"
REFERENCE = DOCS / "WrappersReference.md"
MIGRATION = DOCS / "Migration.md"
README = ROOT / "README.md"

# Plain-language names of the lossy decoding table's types, beside their code.
TYPE_ALIASES = {
    "`Bool`": [r"`Bool`"],
    "`String`": [r"`String`"],
    "`[Element]`": [r"`\[Element\]`", r"`Array`", r"\barrays?\b"],
    "`Set<Element>`": [r"`Set<Element>`", r"`Set`", r"\bsets\b"],
    "`[Key: Value]`": [r"`\[Key: Value\]`", r"`Dictionary`", r"\bdictionar(?:y|ies)\b"],
}
FACT_WORDS = {
    "lossy reading": r"\blossy\b|\blossily\b",
    "lossy": r"\blossy\b|\blossily\b",
    "array elements": r"\belements?\b",
}
ELLIPSIS = re.compile(r"(?:is|are|do|does)(?:\s+(?:not|never|too|also))?\s*[.;]?|"
                      r"(?:isn't|aren't|don't|doesn't)\s*[.;]?")
WINDOW = 12  # words from a subject to the fact it states
NEGATION = re.compile(r"\b(?:not|never|no|neither|nor)\b|n't\b", re.I)

# Spellings kept for Kodable and the original Codix: taught only in Migration.md.
COMPATIBILITY = [
    (r"\.enforceType\b(?!Decoding)", "`.enforceType` (teach `.enforceTypeDecoding`)"),
    (r"(?<![\w`])\.lossy\b", "`.lossy` (lossy reading is the default)"),
    (r"\.range\(", "`.range(_:)` (teach `.clamping(to:)`)"),
    (r"\.modifier\(", "`.modifier(_:)` (teach `.overrideValue` / `.validation`)"),
    (r"@\w+\([^\n]*\.key\(", "`.key(…)` in a wrapper (teach the key argument)"),
    (r"@\w+\([^\n]*\bdefault:", "`default:` in a wrapper (teach `= value`)"),
    (r"@CodableDate\(\.\w+(?:\([^)]*\))?\s*,\s*\"", "`@CodableDate(.strategy, \"key\")` (key first)"),
    (r"@Coding\([^\n]*\bdecode:[^\n]*\bencode:", "`@Coding(_:decode:encode:)` (teach a transformer)"),
    (r"(?<!sorted\()\busing:\s*\{", "a closure as a transformer (teach a `Transformer`)"),
    (r"\bKodableTransform", "`KodableTransform(able)` (teach `@Coding(_:using:)`)"),
    (r"\bDateFromString\b", "`DateFromString` (teach `DateCodingStrategy.format`)"),
    (r"\bDateFromTimeIntervalSince1970\b(?!\(unit: \.millisecond)",
     "`DateFromTimeIntervalSince1970` in seconds (teach `.timestamp`)"),
]


def guides():
    return sorted(DOCS.glob("*.md"))


def prose_blocks(path):
    """Yields (first line number, text) of each paragraph or list item."""
    lines = path.read_text(encoding="utf-8").splitlines()
    block, start, fence = [], None, False

    def flush():
        nonlocal block, start
        if block:
            yield start, " ".join(block)
        block, start = [], None

    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped.startswith("```"):
            yield from flush()
            fence = not fence
            continue
        if fence:
            continue
        if not stripped or stripped.startswith(("|", "#", "<!--")):
            yield from flush()
            continue
        if re.match(r"^(\s*)([-*]|\d+\.)\s", line):
            yield from flush()
        if start is None:
            start = number
        block.append(stripped)
    yield from flush()


def tables(path, heading):
    """The rows (lists of cells) of the first table after `heading`, with its header."""
    text = path.read_text(encoding="utf-8")
    index = text.find("\n" + heading + "\n")
    if index < 0:
        sys.exit(f"{path.relative_to(ROOT)}: no heading {heading!r}")
    rows = []
    for line in text[index:].splitlines()[1:]:
        if line.startswith("|"):
            cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
                rows.append(cells)
        elif rows:
            break
    if not rows:
        sys.exit(f"{path.relative_to(ROOT)}: no table after {heading!r}")
    return rows[0], rows[1:]


def option_names(cell):
    return re.findall(r"`\.(\w+)", cell)


def code_options():
    names = set()
    for path in (ROOT / "Sources/CodixWrappers/Options").glob("KodableOption*.swift"):
        names.update(re.findall(r"public static (?:var|func) (\w+)", path.read_text()))
    return names


def check_options(problems):
    header, rows = tables(REFERENCE, "## Options")
    if [cell.lower() for cell in header[:4]] != ["option", "for", "lossy reading", "array elements"]:
        problems.append(
            f"Docs/WrappersReference.md: the options table's columns must start with "
            f"option | for | lossy reading | array elements, not {' | '.join(header)}")
    taught = {}
    for row in rows:
        for name in option_names(row[0]):
            taught[name] = row
    _, compat_rows = tables(MIGRATION, "## Compatibility spellings")
    kept = set()
    for row in compat_rows:
        kept.update(option_names(row[0]))
    code = code_options()
    for name in sorted(code):
        if name in taught and name in kept:
            problems.append(f".{name} is in both the reference's options table and Migration.md's")
        elif name not in taught and name not in kept:
            problems.append(
                f".{name} (KodableOption) is in neither the options table of "
                f"Docs/WrappersReference.md nor the compatibility table of Docs/Migration.md")
    for name in sorted(set(taught) - code):
        problems.append(f"Docs/WrappersReference.md lists .{name}, which KodableOption does not declare")
    return header, rows


def facts(problems):
    """(subject patterns, fact, value, where) from the two fact tables."""
    result = []
    header, rows = tables(REFERENCE, "## Options")
    for row in rows:
        for column, fact in ((2, "lossy reading"), (3, "array elements")):
            value = row[column].lower() if column < len(row) else ""
            if value in ("yes", "no"):
                for name in option_names(row[0]):
                    pattern = r"(?<![\w.])\." + re.escape(name) + r"\b"
                    result.append(([pattern], fact, value, f"options table, .{name}"))
    header, rows = tables(REFERENCE, "## Lossy decoding")
    if [cell.lower() for cell in header[:2]] != ["type", "lossy"]:
        problems.append("Docs/WrappersReference.md: the lossy decoding table must start with type | lossy")
        return result
    for row in rows:
        value = row[1].lower()
        if value in ("yes", "no") and row[0] in TYPE_ALIASES:
            result.append((TYPE_ALIASES[row[0]], "lossy", value, f"lossy decoding table, {row[0]}"))
        elif value in ("yes", "no"):
            problems.append(f"Docs/WrappersReference.md: no plain names known for {row[0]} "
                            f"(add them to TYPE_ALIASES in Scripts/check-reference.py)")
    return result


def stated(clause, subject_end, fact_pattern, elliptical):
    """The polarity a clause states about a subject ending at `subject_end`,
    or None when it states nothing: the fact's word must follow the subject
    within WINDOW words (an elliptical clause takes the rest of the clause)."""
    if elliptical:
        # "…; sets and dictionaries are not.": a verb, maybe a negation, the end.
        between = clause[subject_end:]
        if not ELLIPSIS.fullmatch(between.strip()):
            return None
    else:
        match = re.compile(fact_pattern).search(clause, subject_end)
        if not match:
            return None
        between = clause[subject_end:match.start()]
        if len(between.split()) > WINDOW:
            return None
    return "no" if NEGATION.search(between) else "yes"


def check_contradictions(problems, known, blocks=None):
    files = [README] + [path for path in guides() if path != MIGRATION]
    if blocks is None:
        blocks = [(path, line, text) for path in files for line, text in prose_blocks(path)]
    for path, line, text in blocks:
        last_subject = None
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z`*(])", text):
            pronoun = re.match(r"(It|They)\b", sentence)
            for position, clause in enumerate(re.split(r";|:\s", sentence)):
                mentions = []
                for entry in known:
                    for pattern in entry[0]:
                        match = re.search(pattern, clause)
                        if match:
                            mentions.append((entry, match.end()))
                            break
                if pronoun and last_subject is not None and position == 0:
                    mentions = [(entry, len(pronoun.group(0))) for entry in known
                                if entry[0] == last_subject[0]] + mentions
                elif mentions:
                    last_subject = mentions[-1][0]
                last_end = max((end for _, end in mentions), default=0)
                for (patterns, fact, value, where), end in mentions:
                    pattern = FACT_WORDS[fact]
                    elliptical = not re.search(pattern, clause)
                    if elliptical and not re.search(pattern, sentence):
                        continue
                    # An ellipsis speaks of every subject before its verb.
                    said = stated(clause, last_end if elliptical else end, pattern, elliptical)
                    if said is not None and said != value:
                        table, subject = where.split(", ", 1)
                        where_text = path.relative_to(ROOT) if path.is_absolute() else path
                        problems.append(
                            f"{where_text}:{line}: says {fact} = {said} for "
                            f"{subject}, but the {table} says {value}: \"{sentence.strip()}\"")


def check_spellings(problems):
    files = [README] + [path for path in guides() if path != MIGRATION]
    files += sorted(ROOT.glob("Sources/*/*.docc/*.md"))
    files += sorted((ROOT / "Sources/CodixDemo").glob("*.swift"))
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if "Migration" in line or re.fullmatch(r"\s*- ``[\w.]+``\s*", line):
                continue  # points to Migration.md, or a DocC topic entry (a name, not a lesson)
            for pattern, name in COMPATIBILITY:
                if re.search(pattern, line):
                    problems.append(
                        f"{path.relative_to(ROOT)}:{number}: {name}, a spelling kept for "
                        f"migration, taught outside Docs/Migration.md: {line.strip()}")
                    break


def check_guides_listed(problems):
    readme = README.read_text(encoding="utf-8")
    landing = (ROOT / "Sources/CodixCore/CodixCore.docc/CodixCore.md").read_text(encoding="utf-8")
    for path in guides():
        if f"(Docs/{path.name}" not in readme:
            problems.append(f"README.md does not link Docs/{path.name}")
        if f"<doc:{path.stem}>" not in landing:
            problems.append(f"Sources/CodixCore/CodixCore.docc/CodixCore.md does not list <doc:{path.stem}>")


def check_names(problems):
    readme = README.read_text(encoding="utf-8")
    start = readme.find("## Names at a glance")
    if start < 0:
        problems.append("README.md has no \"## Names at a glance\" section")
        return
    end = readme.find("\n## ", start + 1)
    glance = readme[start:end if end > 0 else len(readme)]
    named = set(re.findall(r"`@?(\w+)", glance))
    migration = MIGRATION.read_text(encoding="utf-8")
    declaration = re.compile(
        r"^(?:@[\w(). ,:]+\s+)*(?:public|open)\s+(?:final\s+)?"
        r"(?:struct|class|enum|protocol|typealias|actor)\s+(\w+)")
    for module in ("CodixCore", "CodixPath", "CodixWrappers"):
        for path in sorted((ROOT / "Sources" / module).rglob("*.swift")):
            for line in path.read_text(encoding="utf-8").splitlines():
                match = declaration.match(line)
                if not match:
                    continue
                name = match.group(1)
                if name not in named and f"`{name}`" not in migration:
                    problems.append(
                        f"{path.relative_to(ROOT)}: public {name} is not in the README's "
                        f"\"Names at a glance\" (nor, as a compatibility name, in Docs/Migration.md)")


def check_quoted_declarations(problems):
    source = (ROOT / "Sources/CodixCore/Path/PathComponent.swift").read_text(encoding="utf-8")
    cases = set(re.findall(r"^\s*case (\w+)", source, re.M))
    for path in [README] + guides():
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```swift fragment\n(.*?)```", text, re.S):
            match = re.search(r"enum PathComponent\b[^{]*\{(.*?)\n\}", block, re.S)
            if match:
                quoted = set(re.findall(r"case (\w+)", match.group(1)))
                if quoted != cases:
                    problems.append(
                        f"{path.relative_to(ROOT)}: quotes enum PathComponent with cases "
                        f"{sorted(quoted)}, the code declares {sorted(cases)}")


# Sentences the rule must flag, and sentences it must leave alone, checked
# on every run against the real tables: a rule that stops catching the
# first kind fails here before it misses one in a guide.
SELF_TEST = [
    ("flag", "Only `Array` is lossy; sets and dictionaries are not."),
    ("flag", "`.lossless` applies to numbers. It does not reach the elements of an array."),
    ("flag", "`.enforceTypeDecoding` reads the property lossily."),
    ("keep", "Arrays, sets and dictionaries are all lossy: what fails is dropped."),
    ("keep", "`.lossless` reaches the elements of an array too."),
    ("keep", "A `Bool` is lossy by default, so it reads `0`/`1` with no extra code."),
    ("keep", "The raw value is read strictly, then with the lossy fallbacks (unless `.enforceTypeDecoding`)."),
]


def self_test(known):
    failures = []
    for expected, sentence in SELF_TEST:
        found = []
        check_contradictions(found, known, [(pathlib.Path("self-test"), 1, sentence)])
        if (expected == "flag") != bool(found):
            failures.append(f"the contradiction rule should {expected} {sentence!r}: {found}")
    return failures


def main():
    problems = []
    check_options(problems)
    known = facts(problems)
    problems += self_test(known)
    check_contradictions(problems, known)
    check_spellings(problems)
    check_guides_listed(problems)
    check_names(problems)
    check_quoted_declarations(problems)
    if problems:
        print("\n".join(problems))
        print(f"{len(problems)} problem(s).", file=sys.stderr)
        return 1
    print(f"Reference: {len(code_options())} options, each in one table; {len(known)} facts, no "
          f"sentence contradicts them; primary spellings only; every guide listed; every "
          f"public name at a glance.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
