import CodixPath
import CodixWrappers
import Foundation
import Testing

// CodixJSONDecoder in place of JSONDecoder, as code written for JSONDecoder
// uses it.

// MARK: - A final class

/// A protocol a class can conform to with a concrete return type only when
/// it is final: this file does not compile if `CodixJSONDecoder` can be
/// subclassed (a subclass's overrides would be ignored by Codix's entry
/// points, which read the options it stores).
private protocol MadeByItsOwnType {
  static func made() -> Self
}

extension CodixJSONDecoder: MadeByItsOwnType {
  fileprivate static func made() -> CodixJSONDecoder { CodixJSONDecoder() }
}

@Test func codixJSONDecoderIsAFinalClass() {
  #expect(type(of: CodixJSONDecoder.made()) == CodixJSONDecoder.self)
}

// MARK: - What it throws: what JSONDecoder throws

private struct Order: Decodable {
  var id: Int
  var customer: Customer
  var items: [Item]
  var note: String?

  struct Customer: Decodable {
    var name: String
    var tags: [String]
  }

  struct Item: Decodable {
    var sku: String
    var quantity: Int
    var price: Double
  }
}

/// A document of `Order` that decodes, for the table's variations.
private let order = """
  {
    "id": 7,
    "customer": {"name": "Ada", "tags": ["vip", "eu"]},
    "items": [
      {"sku": "A-1", "quantity": 2, "price": 9.5},
      {"sku": "B-2", "quantity": 1, "price": 20}
    ],
    "note": null
  }
  """

/// A DecodingError's case and coding path, keys by `stringValue` and `intValue`.
private struct Shape: Equatable, CustomStringConvertible {
  var kind: String
  var keys: [String]
  var indexes: [Int?]
  var debugDescription: String

  init(_ error: DecodingError) {
    let context: DecodingError.Context
    var path: [any CodingKey]
    switch error {
    case .typeMismatch(_, let found):
      (kind, context, path) = ("typeMismatch", found, found.codingPath)
    case .valueNotFound(_, let found):
      (kind, context, path) = ("valueNotFound", found, found.codingPath)
    case .keyNotFound(let key, let found):
      (kind, context, path) = ("keyNotFound", found, found.codingPath + [key])
    case .dataCorrupted(let found):
      (kind, context, path) = ("dataCorrupted", found, found.codingPath)
    @unknown default:
      (kind, context, path) = ("unknown", .init(codingPath: [], debugDescription: ""), [])
    }
    keys = path.map(\.stringValue)
    indexes = path.map(\.intValue)
    debugDescription = context.debugDescription
  }

  var description: String { "\(kind) at \(keys) \(indexes)" }

  static func == (lhs: Shape, rhs: Shape) -> Bool {
    lhs.kind == rhs.kind && lhs.keys == rhs.keys && lhs.indexes == rhs.indexes
  }
}

/// The inputs of the table: malformed documents, type mismatches, missing
/// keys and nulls, at the top and nested in objects and arrays.
private let failingOrders: [String] = [
  // Malformed: the scan stops.
  "", "   ", "{", #"{"id": 7 "customer": {}}"#, #"{"id": tru}"#, "[1, 2", #"{"id": 7}}"#,
  order.replacingOccurrences(of: #""eu"]"#, with: #""eu",,]"#),
  order.replacingOccurrences(of: #""B-2""#, with: #""B-2\u"#),
  // Malformed values a model reads.
  order.replacingOccurrences(of: #""id": 7"#, with: #""id": 07"#),
  order.replacingOccurrences(of: #""id": 7"#, with: #""id": 1e400"#),
  order.replacingOccurrences(of: #""Ada""#, with: #""A\xda""#),
  order.replacingOccurrences(of: #""vip""#, with: #""\uD800""#),
  order.replacingOccurrences(of: #""price": 20"#, with: #""price": -"#),
  // Type mismatches.
  order.replacingOccurrences(of: #""id": 7"#, with: #""id": "7""#),
  order.replacingOccurrences(of: #""id": 7"#, with: #""id": 7.5"#),
  order.replacingOccurrences(of: #""eu""#, with: "2"),
  order.replacingOccurrences(of: #""quantity": 1"#, with: #""quantity": "one""#),
  order.replacingOccurrences(of: #""price": 20"#, with: #""price": true"#),
  order.replacingOccurrences(of: #"{"name": "Ada", "tags": ["vip", "eu"]}"#, with: "[]"),
  order.replacingOccurrences(of: #"["vip", "eu"]"#, with: #"{"a": "vip"}"#),
  "[]", "42", #""order""#,
  // Missing keys.
  order.replacingOccurrences(of: #""id": 7,"#, with: ""),
  order.replacingOccurrences(of: #""sku": "B-2", "#, with: ""),
  order.replacingOccurrences(of: #""name": "Ada", "#, with: ""),
  "{}",
  // Nulls.
  "null",
  order.replacingOccurrences(of: #""id": 7"#, with: #""id": null"#),
  order.replacingOccurrences(of: #"{"name": "Ada", "tags": ["vip", "eu"]}"#, with: "null"),
  order.replacingOccurrences(of: #""price": 9.5"#, with: #""price": null"#),
  order.replacingOccurrences(of: #"["vip", "eu"]"#, with: #"["vip", null]"#),
  order.replacingOccurrences(of: #"{"sku": "B-2", "quantity": 1, "price": 20}"#, with: "null"),
]

@Test func theDropInThrowsJSONDecodersErrorWithThePlaceAtTheEnd() throws {
  #expect(try CodixJSONDecoder().decode(Order.self, from: Data(order.utf8)).items.count == 2)
  for text in failingOrders {
    let data = Data(text.utf8)
    let expected = try #require(throws: DecodingError.self, "\(text)") {
      try JSONDecoder().decode(Order.self, from: data)
    }
    let thrown = try #require(throws: DecodingError.self, "\(text)") {
      try CodixJSONDecoder().decode(Order.self, from: data)
    }
    let (foundation, codix) = (Shape(expected), Shape(thrown))
    #expect(codix == foundation, "\(text)")
    // Foundation's explanation, then the place.
    let report = CodixError(thrown)
    let location = try #require(report.location, "\(text)")
    #expect(
      codix.debugDescription.hasPrefix(foundation.debugDescription), "\(codix.debugDescription)")
    #expect(codix.debugDescription.hasSuffix("(line \(location.line), column \(location.column))"))
    // The report: what CodixError(_:) makes of JSONDecoder's error, and more.
    let plain = CodixError(expected)
    #expect(report.kind == plain.kind, "\(text)")
    #expect(report.path == plain.path || plain.path.isRoot, "\(report.path) \(plain.path)")
    #expect(report.typeName == "Order" || report.path.isRoot, "\(report)")
  }
}

@Test func theReportOfADropInErrorIsOneCallAway() throws {
  let text = order.replacingOccurrences(of: #""quantity": 1"#, with: #""quantity": "one""#)
  do {
    _ = try CodixJSONDecoder().decode(Order.self, from: Data(text.utf8))
    Issue.record("decoded")
  } catch let error as DecodingError {
    guard case .typeMismatch(let type, let context) = error else {
      Issue.record("not a type mismatch: \(error)")
      return
    }
    #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
    #expect(context.codingPath.map(\.stringValue) == ["items", "Index 1", "quantity"])
    #expect(
      context.debugDescription
        == "Expected to decode Int but found a string instead. (line 6, column 32)")
    let report = CodixError(error)
    #expect(report.kind == .typeMismatch)
    #expect(report.path == "items[1].quantity")
    #expect(report.typeName == "Order")
    #expect(report.found == #""one""#)
    #expect(report.location == CodixError.Location(line: 6, column: 32, offset: 160))
    #expect(
      report.headline
        == #"Order at items[1].quantity (line 6, column 32): type mismatch, expected Int, found "one""#
    )
    // The DecodingError the reader threw, as JSONDecoder throws it.
    guard case .typeMismatch(_, let original)? = report.underlyingError as? DecodingError else {
      Issue.record("no underlying DecodingError: \(String(describing: report.underlyingError))")
      return
    }
    #expect(original.debugDescription == "Expected to decode Int but found a string instead.")
  }
  // Malformed JSON: JSONDecoder's sentence, the reader's, and the place.
  do {
    _ = try CodixJSONDecoder().decode(Order.self, from: Data("{\n  \"id\": tru\n}".utf8))
    Issue.record("decoded")
  } catch DecodingError.dataCorrupted(let context) {
    #expect(context.codingPath.isEmpty)
    #expect(
      context.debugDescription
        == "The given data was not valid JSON. Unexpected character 't'; expected a JSON value. (line 2, column 9)"
    )
    #expect(context.underlyingError is CodixError)
  }
}

/// Throws an error of its own, as a model may.
private struct Refusal: Error, Equatable {
  var reason: String
}

private struct Refuser: Decodable {
  init(from decoder: any Decoder) throws {
    throw Refusal(reason: "no")
  }
}

private struct PathOrder: Decodable {
  var quantity: Int
  init(from decoder: any Decoder) throws {
    quantity = try decoder.decode(at: "items[1].quantity")
  }
}

private struct WrapperOrder: Kodable {
  @Coding("items[1].quantity") var quantity: Int
}

@Test func errorsOfOtherTypesPassThroughAsJSONDecoderPassesThem() throws {
  let data = Data(
    order.replacingOccurrences(of: #""quantity": 1"#, with: #""quantity": "one""#).utf8)
  // A model's own error, as it was thrown.
  #expect(throws: Refusal(reason: "no")) { try JSONDecoder().decode(Refuser.self, from: data) }
  #expect(throws: Refusal(reason: "no")) { try CodixJSONDecoder().decode(Refuser.self, from: data) }
  // Codix models throw CodixError through both, located by the reader.
  for decode in [
    { try JSONDecoder().decode(PathOrder.self, from: data).quantity },
    { try CodixJSONDecoder().decode(PathOrder.self, from: data).quantity },
    { try JSONDecoder().decode(WrapperOrder.self, from: data).quantity },
    { try CodixJSONDecoder().decode(WrapperOrder.self, from: data).quantity },
  ] as [() throws -> Int] {
    let error = try #require(throws: CodixError.self) { try decode() }
    #expect(error.kind == .typeMismatch && error.path == "items[1].quantity")
  }
  let located = try #require(throws: CodixError.self) {
    try CodixJSONDecoder().decode(WrapperOrder.self, from: data)
  }
  #expect(located.location?.line == 6)
  // JSON5 goes to JSONDecoder, which throws what it throws.
  let json5 = CodixJSONDecoder()
  json5.allowsJSON5 = true
  let error = try #require(throws: DecodingError.self) {
    try json5.decode(Order.self, from: Data("{id: 'x'}".utf8))
  }
  #expect(Shape(error).kind == "typeMismatch")
}

@Test func codixsOwnEntryPointsKeepThrowingCodixError() throws {
  let data = Data(
    order.replacingOccurrences(of: #""quantity": 1"#, with: #""quantity": "one""#).utf8)
  let decoder = CodixJSONDecoder()
  for decode in [
    { _ = try decoder.decode(Order.self, from: data, at: "") },
    { _ = try decoder.decode(Order.Item.self, from: data, at: "items[1]") },
    { _ = try JSONDecoder().decode(Order.self, from: data, at: "") },
    { _ = try WrapperOrder.decode(from: data) },
    { _ = try WrapperOrder.decode(from: data, using: JSONDecoder()) },
  ] as [() throws -> Void] {
    let error = try #require(throws: CodixError.self) { try decode() }
    #expect(error.kind == .typeMismatch)
    #expect(error.path == "items[1].quantity")
    #expect(error.location?.line == 6)
  }
  let collected = try #require(throws: CodixCollectedErrors.self) {
    try decoder.decodeCollectingErrors(Order.self, from: data)
  }
  #expect(collected.errors.map(\.path) == ["items[1].quantity"])
}

@Test func aDocumentThatIsNotTextIsReportedAtItsStart() throws {
  // Its first bytes say UTF-32, and it is not.
  let data = Data([0x0F, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF])
  let expected = try #require(throws: DecodingError.self) {
    try JSONDecoder().decode(Order.self, from: data)
  }
  let thrown = try #require(throws: DecodingError.self) {
    try CodixJSONDecoder().decode(Order.self, from: data)
  }
  #expect(Shape(thrown) == Shape(expected))
  #expect(Shape(thrown).debugDescription.hasSuffix("(line 1, column 1)"))
  #expect(CodixError(thrown).location == CodixError.Location(line: 1, column: 1, offset: 0))
}
