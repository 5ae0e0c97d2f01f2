import CodixCore
import Foundation
import Testing

// Errors point into the document: the line, column and byte offset of the
// offending value (of the object, for a missing key; of the place the scan
// stopped, for a syntax error), shown in the report as (line L, column C).

private struct Roster: Decodable, Equatable {
  var team: Team

  struct Team: Decodable, Equatable {
    var name: String
    var members: [Member]
  }

  struct Member: Decodable, Equatable {
    var name: String
    var age: Int
  }
}

/// The location of the first `needle` in `text`, counted independently:
/// lines from 1, columns in characters from 1, offset in UTF-8 bytes.
private func location(of needle: String, in text: String) throws -> CodixError.Location {
  let range = try #require(text.range(of: needle))
  let before = text[..<range.lowerBound]
  let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
  let column = (lines.last?.count ?? 0) + 1
  return CodixError.Location(line: lines.count, column: column, offset: before.utf8.count)
}

/// The report of the DecodingError CodixJSONDecoder throws.
private func codixError<T: Decodable>(_ type: T.Type, _ text: String) throws -> CodixError {
  CodixError(
    try #require(throws: DecodingError.self) {
      try CodixJSONDecoder().decode(type, from: Data(text.utf8))
    })
}

private let roster = """
  {
    "team": {
      "name": "Ünïcödé Rovers",
      "members": [
        {"name": "Ada", "age": 36},
        {"name": "Bob", "age": 41},
        {"name": "Çelik", "age": "forty"}
      ]
    }
  }
  """

@Test func aTypeMismatchDeepInTheDocumentPointsAtItsValue() throws {
  let error = try codixError(Roster.self, roster)
  #expect(error.kind == .typeMismatch)
  #expect(error.path == "team.members[2].age")
  let expected = try location(of: #""forty""#, in: roster)
  #expect(error.location == expected)
  #expect(expected.line == 7 && expected.column == 32)
  #expect(error.found == #""forty""#)
  let report = "\(error)"
  #expect(report.contains("(line 7, column 32)"), "\(report)")
  #expect(report.contains(#"found "forty""#), "\(report)")
  #expect(error.description == report)
  // The underlying error is JSONDecoder's.
  guard case .typeMismatch(_, let context)? = error.underlyingError as? DecodingError else {
    Issue.record("not a type mismatch: \(String(describing: error.underlyingError))")
    return
  }
  #expect(context.codingPath.map(\.stringValue) == ["team", "members", "Index 2", "age"])
  #expect(context.codingPath.map(\.intValue) == [nil, nil, 2, nil])
}

@Test func aMissingKeyPointsAtItsObject() throws {
  let text = roster.replacingOccurrences(
    of: #"{"name": "Bob", "age": 41}"#, with: #"{"name": "Bob"}"#)
  let error = try codixError(Roster.self, text)
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "team.members[1].age")
  #expect(error.location == (try location(of: #"{"name": "Bob"}"#, in: text)))
  #expect("\(error)".contains("(line 6, column 7)"))
}

@Test func aNullPointsAtTheNull() throws {
  let text = roster.replacingOccurrences(of: #""age": 36"#, with: #""age": null"#)
  let error = try codixError(Roster.self, text)
  #expect(error.kind == .valueNotFound)
  #expect(error.location == (try location(of: "null", in: text)))
}

@Test func aSyntaxErrorPointsWhereTheScanStopped() throws {
  let cases: [(text: String, at: String)] = [
    ("{\n  \"a\": [1, 2,, 3]\n}", ",, 3"),
    ("{\n  \"a\": tru\n}", "tru"),
    ("[1, 2]\n  x", "x"),
    ("{\"a\" 1}", "1}"),
    ("{\"é\": [1 2]}", "2]"),
    ("[\"ü\", 'single']", "'single'"),
  ]
  for (text, at) in cases {
    let error = try codixError(AnyValue.self, text)
    #expect(error.kind == .dataCorrupted, "\(text)")
    var expected = try location(of: at, in: text)
    if at.hasPrefix(",,") {
      // The second comma.
      expected.column += 1
      expected.offset += 1
    }
    #expect(error.location == expected, "\(text)")
    #expect("\(error)".contains("(line \(expected.line), column \(expected.column))"))
  }
  // The end of the document.
  let truncated = "{\n  \"a\": [1, 2"
  let error = try codixError(AnyValue.self, truncated)
  #expect(error.location?.offset == truncated.utf8.count)
  #expect(error.location?.line == 2)
}

@Test func aValueThatCannotBeReadPointsAtIt() throws {
  let number = "{\n  \"name\": \"x\",\n  \"age\": 01\n}"
  let error = try codixError(Roster.Member.self, number)
  #expect(error.kind == .dataCorrupted)
  #expect(error.path == "age")
  #expect(error.location == (try location(of: "01", in: number)))
  let escape = "{\"age\": 1,\n \"name\": \"ab\\x\"}"
  let escapeError = try codixError(Roster.Member.self, escape)
  #expect(escapeError.kind == .dataCorrupted)
  #expect(escapeError.location?.line == 2)
  let overflow = "[1,\n 300]"
  let overflowError = try codixError([UInt8].self, overflow)
  #expect(overflowError.location == (try location(of: "300", in: overflow)))
}
