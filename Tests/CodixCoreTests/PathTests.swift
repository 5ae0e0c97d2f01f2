import Testing

@testable import CodixCore

// MARK: - Parsing

@Test(arguments: [
  ("response.users[0].name", [PathComponent.key("response"), "users", 0, "name"]),
  ("response[0]users[1]name", ["response", 0, "users", 1, "name"]),
  ("response.[0].users.[1].name", ["response", 0, "users", 1, "name"]),
  ("items[-1]", ["items", -1]),
  ("[2][3]", [2, 3]),
  ("my_id", ["my_id"]),
  ("first name.last name", ["first name", "last name"]),
  (#"response["my.user"]"#, ["response", "my.user"]),
  (#"a["q\"uote"]["back\\slash"]"#, ["a", #"q"uote"#, #"back\slash"#]),
  (#"[""]"#, [""]),
  ("ключ.значение", ["ключ", "значение"]),
])
func parsesValidPaths(text: String, components: [PathComponent]) {
  let path = Path(text)
  #expect(path.syntaxError == nil)
  #expect(path.components == components)
}

@Test func theEmptyStringIsTheRoot() {
  #expect(Path("").isRoot)
  #expect(Path("").components.isEmpty)
  #expect(Path.root == Path([]))
}

@Test(arguments: [
  ("a[0", 1, "`[` is never closed"),
  ("a[]", 2, "empty brackets"),
  ("a[x]", 2, "expected a digit"),
  ("a..b", 2, "empty key"),
  ("a.", 1, "cannot end with"),
  (".a", 0, "cannot start with"),
  ("a]", 1, "`]` without a matching `[`"),
  ("a[1x]", 3, "expected a digit or `]`"),
  ("a[-]", 3, "expected a digit"),
  ("a[99999999999999999999]", 2, "does not fit in an Int"),
  (#"a["open]"#, 1, "never closed"),
  (#"a["x"y]"#, 5, "expected `]` after a quoted key"),
  ("ключ..x", 5, "empty key"),
])
func rejectsMalformedPaths(text: String, offset: Int, reason: String) throws {
  let path = Path(text)
  let error = try #require(path.syntaxError)
  #expect(error.kind == .invalidPath)
  #expect(error.found == "\"\(text.replacingOccurrences(of: "\"", with: "\\\""))\"")
  let message = try #require(error.message)
  #expect(message.contains(reason), "\(message)")
  #expect(message.contains("at offset \(offset)."), "\(message)")
  #expect(message.hasSuffix("\n" + String(repeating: " ", count: offset) + "^"))
}

@Test func bracketSeparatorsAreRejected() {
  #expect(Path("a[b", separator: "[").syntaxError?.kind == .invalidPath)
  #expect(Path("a/b", separator: "/").components == ["a", "b"])
  #expect(Path("a→b→c", separator: "→").components == ["a", "b", "c"])
}

@Test func malformedPathsThrowWhenUsed() {
  #expect(throws: CodixError.self) { try Path("a..b").validComponents() }
}

// MARK: - Printing

@Test(arguments: [
  "response.users[0].name", "items[-1]", "[0][1]", #"response["my.user"]"#, #"a[""]"#,
  #"a["q\"uote"]"#, "",
])
func canonicalTextRoundTrips(text: String) {
  let path = Path(text)
  #expect(path.description == text)
  #expect(Path(path.description) == path)
}

@Test func otherSpellingsPrintCanonically() {
  #expect(Path("response[0]users[1]name").description == "response[0].users[1].name")
  #expect(Path("response.[0].users.[1].name").description == "response[0].users[1].name")
  #expect(Path("a/b.c", separator: "/").description == #"a["b.c"]"#)
}

@Test func componentPathsRoundTripWithAnyKey() {
  let keys = ["a.b", "[0]", "x]", "\"", "\\", "", " ", "-1", "Index 3", "é"]
  for key in keys {
    let path = Path(["root", .key(key), 2])
    #expect(Path(path.description) == path, "\(key) -> \(path.description)")
  }
}

// MARK: - Building

@Test func literalsAndInterpolation() {
  let index = 4
  let path: Path = "users[\(index)].name"
  #expect(path.components == ["users", 4, "name"])
  let array: Path = ["response", "my.user", -1]
  #expect(array.components == [.key("response"), .key("my.user"), .index(-1)])
}

@Test func appending() {
  #expect(Path("a").appending("b[0]") == Path("a.b[0]"))
  #expect(Path.root.appending("a") == Path("a"))
  #expect(Path("a").appending(component: .index(2)).description == "a[2]")
  #expect(Path("a..b").appending("c").syntaxError != nil)
}

@Test func equalityIgnoresSpelling() {
  #expect(Path("a.b") == Path(["a", "b"]))
  #expect(Path("a") == Path(["a"]))
  #expect(Set([Path("a[0]"), Path("a.[0]")]).count == 1)
  #expect(Path("a..b") != Path("a.b"))
}

@Test func aPathBuiltFromTextIsTheSameAsItsLiteral() {
  for text in ["a", "a.b.c", "a[0].b", "users[*].name", "a..b", ""] {
    let literal = Path(stringLiteral: text)
    let built = Path(text)
    #expect(built == literal, "\(text)")
    #expect(built.description == literal.description, "\(text)")
    #expect(built.components == literal.components, "\(text)")
    #expect(built.dottedText == literal.dottedText, "\(text)")  // the same fast walk
  }
  #expect(Path("a.b.c").dottedText == "a.b.c")
}

@Test func literalsAreSortedByShapeBeforeTheyAreWalked() {
  // One plain key is kept as it is, quotes included.
  for text in ["id", "a\"b", "Zé", "x-1", "*"] {
    #expect(Path(stringLiteral: text).singleKey == text, "\(text)")
  }
  // Plain keys joined by dots are kept as the text, walked key by key.
  for text in ["a.b", "A.B", "é.x", "1.-.*", "user_name.first_name"] {
    #expect(Path(stringLiteral: text).dottedText == text, "\(text)")
  }
  // Anything else goes to the full parser: brackets, empty keys, a quote
  // beside a dot.
  for text in [".", "a.", ".a", "a..b", "a.\"b", "[", "a]b", "a[0]", "a.b[*]"] {
    let path = Path(stringLiteral: text)
    #expect(path.singleKey == nil && path.dottedText == nil, "\(text)")
  }
  #expect(Path(stringLiteral: "a..b").syntaxError != nil)
  #expect(Path(stringLiteral: "a.\"b").components == [.key("a"), .key("\"b")])
}

@Test func codixKeysFitInsideAnExistentialAndKeepTheirIndex() {
  // Foundation passes keys on as `any CodingKey`: a key of more than three
  // words would be copied to the heap at every write.
  #expect(MemoryLayout<CodixKey>.size <= 3 * MemoryLayout<Int>.size)
  #expect(CodixKey("id").intValue == nil)
  #expect(CodixKey(index: 3).intValue == 3)
  #expect(CodixKey(index: 3).stringValue == "Index 3")
  #expect(CodixKey(intValue: -2)?.intValue == -2)
  #expect(CodixKey(intValue: Int.min) == nil)
  #expect(CodixKey(stringValue: "7").intValue == nil)
}
