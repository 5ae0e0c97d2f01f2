import CodixPath
import Foundation

// What a decode gave, reduced to what JSONDecoder and CodixJSONDecoder must
// agree on: an equal value, or an error of the same type, case and coding
// path.

/// An error, reduced to its type, case and path.
struct Failure: Equatable, CustomStringConvertible {
  /// `DecodingError.typeMismatch`, `CodixError.keyNotFound`, …; `unreadable`
  /// for the errors both decoders keep to themselves while a model runs
  /// (a string or number that cannot be read), which become `dataCorrupted`
  /// at the top level.
  var kind: String
  /// The coding path's keys, `stringValue` and `intValue` of each (a
  /// `CodixError`'s path as its text).
  var keys: [String]
  var indexes: [Int?]
  /// The debug description of a `DecodingError`, and the place its report
  /// gives (`line 3, column 10`), for the check of CodixJSONDecoder's.
  var detail = ""
  var place: String?
  /// The error as a Codix entry point reports it: a `CodixError`'s kind and
  /// path, or what `CodixError(_:)` makes of a `DecodingError`.
  var report: (kind: CodixError.Kind, path: Path)?

  init(_ error: any Error) {
    switch error {
    case let error as DecodingError:
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
        (kind, context, path) = (
          "unknown", DecodingError.Context(codingPath: [], debugDescription: ""), []
        )
      }
      keys = path.map(\.stringValue)
      indexes = path.map(\.intValue)
      detail = context.debugDescription
      let codix = CodixError(error)
      place = codix.location?.description
      report = (codix.kind, codix.path)
    case let error as CodixError:
      kind = "CodixError.\(error.kind)"
      keys = [error.path.description]
      indexes = []
      place = error.location?.description
      report = (error.kind, error.path)
    default:
      kind = "unreadable"
      keys = []
      indexes = []
    }
  }

  /// The same failure for the comparison: type, case and path.
  static func == (lhs: Failure, rhs: Failure) -> Bool {
    lhs.kind == rhs.kind && lhs.keys == rhs.keys && lhs.indexes == rhs.indexes
  }

  var description: String {
    "\(kind) at \(keys) \(indexes)" + (detail.isEmpty ? "" : " \"\(detail)\"")
  }
}

/// What one decode or one read gave.
enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
  case value(Value)
  case failure(Failure)

  init(_ body: () throws -> Value) {
    do {
      self = .value(try body())
    } catch {
      self = .failure(Failure(error))
    }
  }

  var description: String {
    switch self {
    case .value(let value): "value \(value)"
    case .failure(let failure): "error \(failure)"
    }
  }
}

/// One read inside a model, kept as text so that models of many reads
/// compare as one array.
typealias Reading = Outcome<String>

/// A read, recorded: the value's text, or the error's shape.
func read<T>(_ body: () throws -> T) -> Reading {
  Reading { "\(try body())" }
}

/// A key of any name.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(_ string: String) { stringValue = string }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }
}
