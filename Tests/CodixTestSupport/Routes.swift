import CodixCore
import CodixWrappers
import Foundation
import Testing

/// The ways a user decodes a document. A model gives the same values and the
/// same report on each: a test written with ``decodeOnEveryRoute(_:from:using:sourceLocation:)``
/// runs on all of them.
public enum Route: String, CaseIterable, Sendable, CustomStringConvertible {
  /// `JSONDecoder().decode(_:from:)`: Foundation's decoder, Codix only in
  /// the model's code.
  case plain = "JSONDecoder().decode"
  /// `JSONDecoder().decode(_:from:at: "")`: Codix's entry point, which reads
  /// with Codix's reader.
  case entryPoint = "JSONDecoder().decode(_:from:at:)"
  /// The entry point with `.codixReadsThroughFoundation`: Codix's entry
  /// point on Foundation's decoder.
  case entryPointThroughFoundation = "decode(_:from:at:), through Foundation"
  /// `CodixJSONDecoder().decode(_:from:)`.
  case codixDecoder = "CodixJSONDecoder().decode"
  /// `Model.decode(from:)` for a wrapper model; the entry point otherwise.
  case model = "Model.decode(from:)"

  public var description: String { rawValue }

  /// Whether the route reads with Codix's reader, which knows where in the
  /// document each error is.
  public var locatesErrors: Bool {
    switch self {
    case .plain, .entryPointThroughFoundation: false
    case .entryPoint, .codixDecoder, .model: true
    }
  }

  /// Decodes `type` from `data` on this route, with `decoder`'s options.
  public func decode<T: Decodable>(
    _ type: T.Type, from data: Data, using decoder: JSONDecoder = JSONDecoder()
  ) throws -> T {
    switch self {
    case .plain:
      return try decoder.decode(type, from: data)
    case .entryPoint:
      return try decoder.decode(type, from: data, at: "")
    case .entryPointThroughFoundation:
      let copy = Self.copy(of: decoder)
      copy.userInfo[.codixReadsThroughFoundation] = true
      return try copy.decode(type, from: data, at: "")
    case .codixDecoder:
      return try CodixJSONDecoder(decoder).decode(type, from: data)
    case .model:
      guard let model = T.self as? any Dekodable.Type else {
        return try decoder.decode(type, from: data, at: "")
      }
      func decodeModel<M: Dekodable>(_: M.Type) throws -> T? {
        try M.decode(from: data, using: decoder) as? T
      }
      guard let value = try decodeModel(model) else {
        Issue.record("Model.decode(from:) returned another type than \(T.self)")
        return try decoder.decode(type, from: data, at: "")
      }
      return value
    }
  }

  /// A decoder with `decoder`'s options.
  private static func copy(of decoder: JSONDecoder) -> JSONDecoder {
    let copy = JSONDecoder()
    copy.dateDecodingStrategy = decoder.dateDecodingStrategy
    copy.dataDecodingStrategy = decoder.dataDecodingStrategy
    copy.keyDecodingStrategy = decoder.keyDecodingStrategy
    copy.nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
    copy.userInfo = decoder.userInfo
    return copy
  }
}

/// What one route gave: the value, or the error; and the warnings recorded.
public struct RouteOutcome<T> {
  public let route: Route
  public let result: Result<T, any Error>
  public let warnings: [CodixError]
}

/// Decodes `type` from `data` on every route (``Route``), each with a decoder
/// `configure` set up and a diagnostics collector of its own, and records an
/// issue where two routes disagree: on the value (compared as `describe`
/// writes it), or on the error and the warnings (compared as their reports,
/// without the line and column only Codix's reader knows). Returns the value,
/// or throws the error, of the plain `JSONDecoder().decode`.
@discardableResult
public func decodeOnEveryRoute<T: Decodable>(
  _ type: T.Type, from data: Data, configure: (JSONDecoder) -> Void = { _ in },
  routes: [Route] = Route.allCases, sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
  try outcomesOnEveryRoute(
    type, from: data, configure: configure, routes: routes, sourceLocation: sourceLocation
  ).first!.result.get()
}

/// The warnings each route recorded decoding `type` from `data`, checked the
/// same on every route as ``decodeOnEveryRoute(_:from:configure:routes:sourceLocation:)``
/// checks them: the plain route's.
public func warningsOnEveryRoute<T: Decodable>(
  _ type: T.Type, from data: Data, configure: (JSONDecoder) -> Void = { _ in },
  routes: [Route] = Route.allCases, sourceLocation: SourceLocation = #_sourceLocation
) -> [CodixError] {
  outcomesOnEveryRoute(
    type, from: data, configure: configure, routes: routes, sourceLocation: sourceLocation
  ).first!.warnings
}

/// The `CodixError` decoding `type` from `data` throws, checked the same on
/// every route as ``decodeOnEveryRoute(_:from:configure:routes:sourceLocation:)``
/// checks it: the plain route's. Records an issue, and returns `nil`, when
/// the decode succeeds or throws another error.
public func errorOnEveryRoute<T: Decodable>(
  _ type: T.Type, from data: Data, configure: (JSONDecoder) -> Void = { _ in },
  routes: [Route] = Route.allCases, sourceLocation: SourceLocation = #_sourceLocation
) -> CodixError? {
  let first = outcomesOnEveryRoute(
    type, from: data, configure: configure, routes: routes, sourceLocation: sourceLocation
  ).first
  switch first?.result {
  case .failure(let error as CodixError): return error
  case .failure(let error):
    Issue.record("not a CodixError: \(error)", sourceLocation: sourceLocation)
  default:
    Issue.record("decoded a value", sourceLocation: sourceLocation)
  }
  return nil
}

/// Every route's outcome, checked to agree; the first is `routes`' first.
/// `about` ends the message of a disagreement (a generated document, say).
public func outcomesOnEveryRoute<T: Decodable>(
  _ type: T.Type, from data: Data, configure: (JSONDecoder) -> Void = { _ in },
  routes: [Route] = Route.allCases, about: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) -> [RouteOutcome<T>] {
  let outcomes = routes.map { route in
    let decoder = JSONDecoder()
    configure(decoder)
    let diagnostics = CodixDiagnostics()
    if decoder.userInfo[.codixDiagnostics] == nil {
      decoder.userInfo[.codixDiagnostics] = diagnostics
    }
    let used = decoder.userInfo[.codixDiagnostics] as? CodixDiagnostics
    let before = used?.warnings.count ?? 0
    let result = Result<T, any Error> { try route.decode(type, from: data, using: decoder) }
    let warnings = Array((used?.warnings ?? []).dropFirst(before))
    return RouteOutcome(route: route, result: result, warnings: warnings)
  }
  guard let first = outcomes.first else { return [] }
  let model = TypeNames.modelName(T.self) ?? String(describing: T.self)
  let expected = RouteReport(first, model: model)
  for outcome in outcomes.dropFirst() {
    let report = RouteReport(outcome, model: model)
    #expect(
      report.text == expected.text,
      "\(outcome.route) gave \(report.oneLine); \(first.route) gave \(expected.oneLine)\(about)",
      sourceLocation: sourceLocation)
    if case .success(let value) = outcome.result, case .success(let firstValue) = first.result {
      #expect(
        sameValue(value, firstValue),
        "\(outcome.route) decoded another value than \(first.route)\(about)",
        sourceLocation: sourceLocation)
    }
  }
  return outcomes
}

/// Whether two decoded values are the same: `==` where the type is
/// `Equatable`, else their encodings with sorted keys, else their dumps.
private func sameValue<T>(_ value: T, _ other: T) -> Bool {
  if let equatable = value as? any Equatable {
    func equal<E: Equatable>(_ value: E) -> Bool { value == other as? E }
    return equal(equatable)
  }
  if let encodable = value as? any Encodable, let otherEncodable = other as? any Encodable,
    let text = try? sortedJSON(encodable), let otherText = try? sortedJSON(otherEncodable)
  {
    return text == otherText
  }
  var dumped = ""
  var otherDumped = ""
  dump(value, to: &dumped)
  dump(other, to: &otherDumped)
  return dumped == otherDumped
}

/// An outcome's error and warnings as text, without what only some routes
/// know: the line and column (Codix's reader), and the name of the type
/// the caller asked for (Codix's entry points: `JSONDecoder().decode` does
/// not tell Codix), which every route's report leaves out here.
private struct RouteReport {
  let text: String
  /// `text` on one line, for a test's message.
  var oneLine: String { text.replacingOccurrences(of: "\n", with: " ⏎ ") }

  init<T>(_ outcome: RouteOutcome<T>, model: String) {
    var parts: [String] = []
    switch outcome.result {
    case .success: parts.append("a value")
    case .failure(let error): parts.append("error " + Self.text(of: error, model: model))
    }
    parts += outcome.warnings.map { "warning " + Self.text(of: $0, model: model) }
    text = parts.joined(separator: "\n")
  }

  private static func text(of error: any Error, model: String) -> String {
    if var codix = error as? CodixError {
      codix.location = nil
      if codix.typeName == model { codix.typeName = nil }
      return
        "\(codix.kind) at \(codix.path), model \(codix.typeName ?? "-"), property \(codix.property ?? "-"): \(codix.description)"
    }
    if let collected = error as? CodixCollectedErrors {
      return collected.errors.map { text(of: $0, model: model) }.joined(separator: "\n")
    }
    return "\(type(of: error)): \(error)"
  }
}
