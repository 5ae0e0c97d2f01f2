import CodixCore
import Foundation
import Testing

// JSONTestSuite (Tests/Data/JSONTestSuite/test_parsing): every `y_` document
// is accepted with JSONSerialization's value, every `n_` document rejected
// with a line and a column, but for the trailing commas JSONDecoder accepts;
// and for every document, `y_`, `n_` and `i_`, CodixJSONDecoder does what
// JSONDecoder does, both for a type that reads every value and for one
// that reads none.
//
// The table of `i_` outcomes in Docs/JSONConformance.md is this test's
// output: with CODIX_CONFORMANCE_TABLE=<file> the test writes it there, and
// on Linux it fails when the document's table is not the one it makes.

/// A model that reads nothing: only the document's structure is checked.
private struct ReadsNothing: Decodable, Equatable {
  init(from decoder: any Decoder) throws {}
}

/// The `n_` documents JSONDecoder accepts: a trailing comma.
let trailingCommaCases: Set<String> = [
  "n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json",
]

private struct SuiteCase {
  let name: String
  let data: Data
}

private func suiteCases() throws -> [SuiteCase] {
  let folder = dataFolder.appendingPathComponent("JSONTestSuite/test_parsing")
  let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { $0.hasSuffix(".json") }.sorted()
  return try names.map { name in
    SuiteCase(name: name, data: try testData("JSONTestSuite/test_parsing/\(name)"))
  }
}

@Test func theSuiteIsComplete() throws {
  let cases = try suiteCases()
  #expect(cases.count == 318)
  #expect(cases.filter { $0.name.hasPrefix("y_") }.count == 95)
  #expect(cases.filter { $0.name.hasPrefix("n_") }.count == 188)
  #expect(cases.filter { $0.name.hasPrefix("i_") }.count == 35)
}

@Test func everyAcceptedDocumentGivesJSONSerializationsValue() throws {
  for suiteCase in try suiteCases() where suiteCase.name.hasPrefix("y_") {
    let (outcome, error) = codixOutcome(AnyValue.self, suiteCase.data)
    guard case .value(let value) = outcome else {
      Issue.record("\(suiteCase.name) rejected: \(error.map { "\($0)" } ?? "")")
      continue
    }
    let serialized = try JSONSerialization.jsonObject(
      with: suiteCase.data, options: .fragmentsAllowed)
    if suiteCase.name.hasPrefix("y_object_duplicated_key") {
      // JSONSerialization keeps the last of equal keys, JSONDecoder the first.
      #expect(value == .object([AnyValue.Member(key: "a", value: .string("b"))]))
      continue
    }
    #expect(value.matches(serialized: serialized), "\(suiteCase.name): \(value)")
  }
}

@Test func everyRejectedDocumentFailsWithALocation() throws {
  for suiteCase in try suiteCases() where suiteCase.name.hasPrefix("n_") {
    if trailingCommaCases.contains(suiteCase.name) { continue }
    let (outcome, codixError) = codixOutcome(AnyValue.self, suiteCase.data)
    #expect(!outcome.isSuccess, "\(suiteCase.name) accepted")
    let error = try #require(codixError, "\(suiteCase.name)")
    #expect(error.kind == .dataCorrupted, "\(suiteCase.name): \(error)")
    let location = try #require(error.location, "\(suiteCase.name) has no location")
    #expect(location.line >= 1 && location.column >= 1)
    #expect(location.offset <= suiteCase.data.count)
    #expect("\(error)".contains("(line \(location.line), column \(location.column))"))
  }
}

/// The `n_` documents a model that reads no value accepts, with both
/// decoders (the differential test below checks that they agree): their
/// fault is inside a string or a number, which is checked when read.
@Test func rejectedDocumentsWhoseFaultIsInAValueAreAcceptedWhenNothingReadsIt() throws {
  var accepted: [String] = []
  for suiteCase in try suiteCases() where suiteCase.name.hasPrefix("n_") {
    if trailingCommaCases.contains(suiteCase.name) { continue }
    let (outcome, error) = codixOutcome(ReadsNothing.self, suiteCase.data)
    if outcome.isSuccess {
      accepted.append(String(suiteCase.name.dropLast(5)))
    } else {
      #expect(error?.location != nil, "\(suiteCase.name) has no location")
    }
  }
  let faultInAValue = accepted.allSatisfy {
    $0.hasPrefix("n_string_") || $0.hasPrefix("n_number_") || $0 == "n_array_just_minus"
      || $0 == "n_object_lone_continuation_byte_in_key_and_trailing_comma"
  }
  #expect(faultInAValue, "\(accepted)")
  #expect(accepted.count == 39)
  if let path = ProcessInfo.processInfo.environment["CODIX_CONFORMANCE_TABLE"] {
    try Data(accepted.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path + ".lazy"))
  }
}

@Test func theTrailingCommasJSONDecoderAcceptsAreAccepted() throws {
  for suiteCase in try suiteCases() where trailingCommaCases.contains(suiteCase.name) {
    let foundation = foundationOutcome(AnyValue.self, suiteCase.data)
    #expect(foundation.isSuccess, "JSONDecoder now rejects \(suiteCase.name)")
    #expect(codixOutcome(AnyValue.self, suiteCase.data).0 == foundation, "\(suiteCase.name)")
  }
  #expect(codixOutcome(AnyValue.self, Data("[1,]".utf8)).0 == .value(.array([.int(1)])))
  #expect(
    codixOutcome(AnyValue.self, Data(#"{"a":1,}"#.utf8)).0
      == .value(.object([AnyValue.Member(key: "a", value: .int(1))])))
}

@Test func everyDocumentHasJSONDecodersOutcome() throws {
  var deviations: [String] = []
  for suiteCase in try suiteCases() {
    let everything = (
      foundationOutcome(AnyValue.self, suiteCase.data),
      codixOutcome(AnyValue.self, suiteCase.data).0
    )
    if everything.0 != everything.1 {
      deviations.append("\(suiteCase.name): \(everything.0) / \(everything.1)")
    }
    let nothing = (
      foundationOutcome(ReadsNothing.self, suiteCase.data),
      codixOutcome(ReadsNothing.self, suiteCase.data).0
    )
    if nothing.0 != nothing.1 {
      deviations.append("\(suiteCase.name), reading nothing: \(nothing.0) / \(nothing.1)")
    }
  }
  #expect(
    deviations == [], "JSONDecoder / CodixJSONDecoder:\n\(deviations.joined(separator: "\n"))")
}

// MARK: - The i_ table

private func cell<T>(_ outcome: Outcome<T>) -> String {
  switch outcome {
  case .value: "accepted"
  case .failure(let shape): "rejected (\(shape.kind))"
  }
}

/// The Markdown table of the `i_` outcomes, as Docs/JSONConformance.md shows it.
private func implementationDefinedTable() throws -> String {
  var lines = [
    "| case | JSONDecoder, every value read | CodixJSONDecoder, every value read "
      + "| JSONDecoder, nothing read | CodixJSONDecoder, nothing read |",
    "|---|---|---|---|---|",
  ]
  for suiteCase in try suiteCases() where suiteCase.name.hasPrefix("i_") {
    let name = String(suiteCase.name.dropLast(5))
    let cells = [
      cell(foundationOutcome(AnyValue.self, suiteCase.data)),
      cell(codixOutcome(AnyValue.self, suiteCase.data).0),
      cell(foundationOutcome(ReadsNothing.self, suiteCase.data)),
      cell(codixOutcome(ReadsNothing.self, suiteCase.data).0),
    ]
    lines.append("| `\(name)` | " + cells.joined(separator: " | ") + " |")
  }
  return lines.joined(separator: "\n") + "\n"
}

@Test func theConformanceDocumentShowsTheseOutcomes() throws {
  let table = try implementationDefinedTable()
  if let path = ProcessInfo.processInfo.environment["CODIX_CONFORMANCE_TABLE"] {
    try Data(table.utf8).write(to: URL(fileURLWithPath: path))
  }
  #if os(Linux)
    // The table was made on Linux; Darwin's Foundation may decide some
    // implementation-defined cases differently (the differential test above
    // still holds there).
    let document = try String(
      contentsOf: docsFolder.appendingPathComponent("JSONConformance.md"), encoding: .utf8)
    #expect(
      document.contains(table), "Docs/JSONConformance.md's i_ table is out of date:\n\(table)")
  #endif
}
