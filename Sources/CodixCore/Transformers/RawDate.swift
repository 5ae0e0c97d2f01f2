/// The raw form of a date in a document: a string or a number.
///
/// ``DateCodingStrategy`` reads either, so `.timestamp` accepts `978307200`
/// and `"978307200"` alike.
public enum RawDate: Codable, Hashable, Sendable {
  /// A date written as text.
  case string(String)
  /// A date written as a number.
  case number(Double)

  /// Decodes a string or a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    do {
      self = .string(try container.decode(String.self))
    } catch DecodingError.typeMismatch {
      self = .number(try container.decode(Double.self))
    }
  }

  /// Encodes the string or the number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let string): try container.encode(string)
    case .number(let number): try container.encode(number)
    }
  }
}

/// The name ``RawDate`` had in Codix 0.1.
public typealias DateValue = RawDate
