import CodixPath
import CodixWrappers
import Foundation

// The fuzz target: libFuzzer calls `LLVMFuzzerTestOneInput` with generated
// bytes, which are decoded as each model shape (Models.swift) by
// JSONDecoder, by CodixJSONDecoder, and through Codix's entry point. Any
// difference in value, or in the error's type, case and coding path,
// stops the process (libFuzzer then keeps the input as `crash-…`); so does
// any crash. Fuzz/run.sh builds and runs it; Docs/Reliability.md says how.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
  Differential(data: data).run()
  return 0
}

struct Differential {
  let data: Data

  func run() {
    compare(AnyJSON.self, "any JSON value")
    compare(AnyJSON.self, "any JSON value, converting options") { decoder in
      decoder.keyDecodingStrategy = .convertFromSnakeCase
      decoder.dateDecodingStrategy = .secondsSince1970
      decoder.dataDecodingStrategy = .deferredToData
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    }
    compare(PathModel.self, "path style")
    compareWrappers()
    compareEncoders()
  }

  /// The writer: the document, when JSONDecoder reads it as a `JSONValue`,
  /// encoded by JSONEncoder and by CodixJSONEncoder with `.sortedKeys`,
  /// plain and pretty-printed without escaping slashes: the same bytes.
  func compareEncoders() {
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return }
    let formattings: [JSONEncoder.OutputFormatting] = [
      [.sortedKeys], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]
    for formatting in formattings {
      let foundation = JSONEncoder()
      foundation.outputFormatting = formatting
      let codix = CodixJSONEncoder(foundation)
      let expected = Outcome { try foundation.encode(value) }
      let actual = Outcome { try codix.encode(value) }
      guard expected == actual else {
        stop(
          "JSONValue encoded with \(formatting.rawValue): JSONEncoder, CodixJSONEncoder", expected,
          actual)
      }
    }
  }

  /// Decodes `T` with a JSONDecoder set up by `configure`, with a
  /// CodixJSONDecoder made from it, and at the root through Codix's entry
  /// point, and stops at any difference.
  func compare<T: Decodable & Equatable>(
    _ type: T.Type, _ name: String, configure: (JSONDecoder) -> Void = { _ in }
  ) {
    let foundation = JSONDecoder()
    foundation.userInfo[Depth.key] = Depth()
    configure(foundation)
    let codix = CodixJSONDecoder(foundation)
    let expected = Outcome { try foundation.decode(T.self, from: data) }
    let dropIn = Outcome { try codix.decode(T.self, from: data) }
    check(expected, dropIn, "\(name): JSONDecoder, CodixJSONDecoder")
    let entryPoint = Outcome { try foundation.decode(T.self, from: data, at: "") }
    checkEntryPoint(expected, entryPoint, "\(name): JSONDecoder, decode(_:from:at: \"\")")
  }

  /// The wrapper model through both decoders and `decode(from:)`, with
  /// what each recorded to diagnostics.
  func compareWrappers() {
    func decoded(_ body: (CodixDiagnostics) throws -> WrapperModel) -> Outcome<Recovered> {
      let diagnostics = CodixDiagnostics()
      return Outcome { Recovered(model: try body(diagnostics), warnings: diagnostics.warnings) }
    }
    let expected = decoded { diagnostics in
      let decoder = JSONDecoder()
      decoder.userInfo[.codixDiagnostics] = diagnostics
      return try decoder.decode(WrapperModel.self, from: data)
    }
    let dropIn = decoded { diagnostics in
      let decoder = CodixJSONDecoder()
      decoder.userInfo[.codixDiagnostics] = diagnostics
      return try decoder.decode(WrapperModel.self, from: data)
    }
    check(expected, dropIn, "wrapper model: JSONDecoder, CodixJSONDecoder")
    let entryPoint = decoded { diagnostics in
      let decoder = JSONDecoder()
      decoder.userInfo[.codixDiagnostics] = diagnostics
      return try WrapperModel.decode(from: data, using: decoder)
    }
    checkEntryPoint(expected, entryPoint, "wrapper model: JSONDecoder, decode(from:)")
  }

  /// A wrapper model and the warnings its decode recorded (kind and path).
  struct Recovered: Equatable, CustomStringConvertible {
    var model: WrapperModel
    var warnings: [String]

    init(model: WrapperModel, warnings: [CodixError]) {
      self.model = model
      self.warnings = warnings.map { "\($0.kind) at \($0.path)" }.sorted(by: canonicallyPrecedes)
    }

    var description: String { "\(model) warnings \(warnings)" }
  }

  // MARK: - Comparing

  /// JSONDecoder's outcome against CodixJSONDecoder's: the same value, or
  /// an error of the same type, case and coding path; a DecodingError of
  /// CodixJSONDecoder's ends with the place its report gives.
  func check<V>(_ expected: Outcome<V>, _ actual: Outcome<V>, _ what: String) {
    guard expected == actual else { stop(what, expected, actual) }
    if case .failure(let failure) = actual, failure.kind != "unreadable",
      !failure.kind.hasPrefix("CodixError")
    {
      guard let place = failure.place, failure.detail.hasSuffix("(\(place))") else {
        stop("\(what): no place at the end of the debug description", expected, actual)
      }
    }
  }

  /// JSONDecoder's outcome against a Codix entry point's, which throws a
  /// CodixError: the same value, or the same kind at the same path (a
  /// document JSONDecoder cannot read fails at its root there, and anywhere
  /// at the entry point, which says where).
  func checkEntryPoint<V>(_ expected: Outcome<V>, _ actual: Outcome<V>, _ what: String) {
    switch (expected, actual) {
    case (.value(let left), .value(let right)) where left == right: return
    case (.failure(let left), .failure(let right)):
      guard let foundation = left.report, let codix = right.report else { break }
      if foundation.kind == codix.kind,
        foundation.path == codix.path
          || (foundation.kind == .dataCorrupted && foundation.path.isRoot)
      {
        return
      }
    default: break
    }
    stop(what, expected, actual)
  }

  func stop<V>(_ what: String, _ expected: Outcome<V>, _ actual: Outcome<V>) -> Never {
    let text = String(decoding: data.prefix(2_000), as: UTF8.self)
    let message = """
      Codix and JSONDecoder differ (\(what)).
      document (\(data.count) bytes): \(text.debugDescription)
      JSONDecoder: \(expected.description)
      Codix:       \(actual.description)

      """
    FileHandle.standardError.write(Data(message.utf8))
    fatalError("a difference")
  }
}
