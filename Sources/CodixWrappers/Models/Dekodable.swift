import CodixCore
import Foundation

/// A model decoded from its property wrappers and plain stored properties,
/// with no `init(from:)` and no `CodingKeys`.
///
/// ```swift
/// struct User: Dekodable {
///   var identifier: String = ""
///   var social: String?
///   @Coding("first_name") var firstName: String
///   @Coding var phone = "+1 123456789"
///   @Coding("address.zipCode") var zipCode: Int
/// }
/// let user = try User.decode(from: json)
/// ```
///
/// - Wrapped properties (`@Coding`, `@CodableDate`, a `KodableTransformable`)
///   are read at their key or path, with their options.
/// - A plain `var` of a `Decodable` type is read at its name and keeps its
///   initial value when missing or `null`.
/// - `let` properties and properties of other types keep what `init()` gave them.
///
/// A conforming type is a struct or a class (subclasses included, with their
/// inherited properties). Codix lists its stored properties once per type,
/// from a blank `init()` instance, and caches that table.
public protocol Dekodable: Decodable, CodixModel {
  /// Creates a blank model, the starting point of every decode.
  init()

  /// Runs after the wrapped properties are decoded, with the same decoder, so
  /// path-style code can fill in the rest of the model. Does nothing by default.
  ///
  /// ```swift
  /// mutating func didDecode(from decoder: any Decoder) throws {
  ///   kind = try decoder.decode(at: "meta.kind")
  /// }
  /// ```
  mutating func didDecode(from decoder: any Decoder) throws

  /// What decoding does with keys of the model's object that no property
  /// reads: `.ignore` (the default), `.warn` or `.reject`.
  ///
  /// ```swift
  /// struct User: Kodable {
  ///   static let unknownKeys = UnknownKeys.reject
  ///   @Coding("first_name") var firstName: String
  /// }
  /// ```
  ///
  /// Keys read by any property count as known (their first key, aliases
  /// included), as do the keys a flattened model (`@Coding("")`) reads. A
  /// model with an extras property (``KodableOption/extras``) has no unknown keys.
  static var unknownKeys: UnknownKeys { get }
}

extension Dekodable {
  /// Does nothing: a model without path-style additions is complete once its
  /// properties are decoded.
  public mutating func didDecode(from decoder: any Decoder) throws {}

  /// Leaves unknown keys alone, as Codable does.
  public static var unknownKeys: UnknownKeys { .ignore }

  /// Decodes the model from its wrappers and plain properties, then calls
  /// ``didDecode(from:)``.
  ///
  /// - Throws: A ``CodixError`` naming the model, the property and the absolute path.
  public init(from decoder: any Decoder) throws {
    let userInfo = decoder.userInfo
    let collection = ErrorCollection.active(in: userInfo)
    let mark = collection?.mark
    // A blank instance, decoded in place: no copy of the model on the way.
    let table = try ModelTables.decodingTable(for: Self.self)
    if table.skipsSetup {
      let previous = SetupRecording.beginSkipping()
      self.init()
      SetupRecording.endSkipping(previous)
    } else {
      self.init()
    }
    try WrapperEngine.decode(
      into: &self, table: table, from: decoder, userInfo: userInfo, collection: collection)
    // A decode that collects its errors goes on past a failing property
    // (see `decodeCollectingErrors`), leaving it unset: the hook, which may
    // read it, is not called on a model the decode will throw away.
    if let collection, let mark, collection.mark > mark { return }
    do {
      try didDecode(from: decoder)
    } catch {
      let failure = WrapperEngine.hookFailure(
        error, model: Self.self, codingPath: decoder.codingPath)
      guard let collection else { throw failure }
      collection.record(failure)
    }
  }

  /// Decodes a model from a whole document.
  ///
  /// ```swift
  /// let user = try User.decode(from: json)
  /// let same = try User.decode(from: json, using: CodixJSONDecoder())
  /// ```
  ///
  /// - Parameters:
  ///   - data: The whole document.
  ///   - decoder: The decoder to read it with, with its options and `userInfo`:
  ///     `JSONDecoder` (the default), `CodixJSONDecoder`, `PropertyListDecoder`
  ///     or any other ``CodixTopLevelDecoder``.
  /// - Throws: A ``CodixError`` naming the model, the property and the absolute path.
  public static func decode(
    from data: Data, using decoder: some CodixTopLevelDecoder = JSONDecoder()
  ) throws -> Self {
    try TopLevelDecoding.decode(Self.self, from: data, at: .root, using: decoder)
  }

  /// Decodes a model at `path` inside a whole document.
  ///
  /// ```swift
  /// let user = try User.decode(from: json, at: "response.users[0]")
  /// ```
  ///
  /// - Parameters:
  ///   - data: The whole document.
  ///   - path: Where the model is in the document.
  ///   - decoder: The decoder to read it with, with its options and `userInfo`:
  ///     `JSONDecoder` (the default), `CodixJSONDecoder`, `PropertyListDecoder`
  ///     or any other ``CodixTopLevelDecoder``.
  /// - Throws: A ``CodixError`` whose path starts with `path`.
  public static func decode(
    from data: Data, at path: Path, using decoder: some CodixTopLevelDecoder = JSONDecoder()
  ) throws -> Self {
    try TopLevelDecoding.decode(Self.self, from: data, at: path, using: decoder)
  }
}
