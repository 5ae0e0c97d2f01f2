// Another module an app may import beside Codix, declaring names Codix also
// declares (`JSONValue`) or that apps commonly give their own types.

/// A JSON value, as a networking module of an app might declare it.
public enum JSONValue: Sendable, Equatable {
  /// A string.
  case string(String)
  /// A number.
  case number(Double)
}

/// An A/B-test variant, as apps commonly name one.
public enum Variant: String, Sendable {
  /// The control group.
  case control
  /// The treatment group.
  case treatment
}
