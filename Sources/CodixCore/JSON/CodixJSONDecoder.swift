import Foundation

/// A drop-in replacement for `JSONDecoder` that reads JSON itself: the same
/// options, the same values, errors that point at a line and a column.
///
/// Swap the type name and nothing else:
///
/// ```swift
/// let decoder = CodixJSONDecoder()          // was: JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let user = try decoder.decode(User.self, from: data)
/// ```
///
/// It decodes any `Decodable`, hand-written, synthesized or built with
/// Codix, and gives the values `JSONDecoder` gives for every document
/// `JSONDecoder` accepts. Options it does not read itself (`allowsJSON5`)
/// hand the document to `JSONDecoder`, so the result never differs.
///
/// It throws what `JSONDecoder` throws: a `DecodingError` of the same case
/// and coding path, whose debug description ends with the line and column
/// of the offending value, and from which ``CodixError/init(_:)`` makes the
/// full report (model, path, location, value found).
public final class CodixJSONDecoder: @unchecked Sendable {
  // Unchecked: the options are guarded by `lock`, as JSONDecoder's are.

  /// The options of one decode, copied when it starts.
  ///
  /// They are one reference to values that never change (each change makes
  /// new ones), so a decode's copy is a retain and its end a release, and
  /// what the reader asks of them at every decode (does it read documents
  /// itself, does it use the default keys) is found once per change.
  @dynamicMemberLookup
  struct Options {
    /// The options themselves.
    struct Values {
      var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
      var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
      var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy =
        .throw
      var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
      var userInfo: [CodingUserInfoKey: any Sendable] = [:]
      var allowsJSON5 = false
    }

    /// Values and what follows from them, never changed once made.
    private final class Storage {
      let values: Values
      let readsItself: Bool
      let usesDefaultKeys: Bool

      init(_ values: Values) {
        self.values = values
        readsItself = CodixJSONDecoder.readsItself(values)
        usesDefaultKeys =
          if case .useDefaultKeys = values.keyDecodingStrategy { true } else { false }
      }
    }

    private var storage: Storage

    /// The default options.
    init() { storage = Storage(Values()) }

    init(
      dateDecodingStrategy: JSONDecoder.DateDecodingStrategy,
      dataDecodingStrategy: JSONDecoder.DataDecodingStrategy,
      nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy,
      keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy,
      userInfo: [CodingUserInfoKey: any Sendable],
      allowsJSON5: Bool
    ) {
      storage = Storage(
        Values(
          dateDecodingStrategy: dateDecodingStrategy,
          dataDecodingStrategy: dataDecodingStrategy,
          nonConformingFloatDecodingStrategy: nonConformingFloatDecodingStrategy,
          keyDecodingStrategy: keyDecodingStrategy, userInfo: userInfo, allowsJSON5: allowsJSON5))
    }

    /// Makes new values from these with `change` applied.
    private mutating func change(_ change: (inout Values) -> Void) {
      var values = storage.values
      change(&values)
      storage = Storage(values)
    }

    /// Each option, read from the values and changed by making new ones
    /// (`options.keyDecodingStrategy`, `options.userInfo.merge(…)`).
    subscript<Value>(dynamicMember keyPath: WritableKeyPath<Values, Value>) -> Value {
      get { storage.values[keyPath: keyPath] }
      set { change { $0[keyPath: keyPath] = newValue } }
    }

    /// Whether the reader reads documents itself under these options,
    /// whatever their size (`CodixJSONDecoder.readsItself(_:)`).
    var readsItself: Bool { storage.readsItself }
    /// Whether the key strategy is `.useDefaultKeys`.
    var usesDefaultKeys: Bool { storage.usesDefaultKeys }
  }

  private let lock = NSLock()
  // Unchecked exclusivity: past the initializers, every access holds
  // `lock`, and is a load or a setter's change (Docs/Architecture.md).
  @exclusivity(unchecked) private var storedOptions = Options()

  private func withOptions<R>(_ body: (inout Options) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&storedOptions)
  }

  var options: Options {
    lock.lock()
    defer { lock.unlock() }
    return storedOptions
  }

  /// How `Date` values are read; `.deferredToDate` by default.
  public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
    get { withOptions { $0.dateDecodingStrategy } }
    set { withOptions { $0.dateDecodingStrategy = newValue } }
  }

  /// How `Data` values are read; `.base64` by default.
  public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
    get { withOptions { $0.dataDecodingStrategy } }
    set { withOptions { $0.dataDecodingStrategy = newValue } }
  }

  /// How infinity and NaN are read; `.throw` by default.
  public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
    get { withOptions { $0.nonConformingFloatDecodingStrategy } }
    set { withOptions { $0.nonConformingFloatDecodingStrategy = newValue } }
  }

  /// How the document's keys are matched to the keys types ask for;
  /// `.useDefaultKeys` by default. Keys of a `[String: Value]` dictionary are
  /// left as written, as `JSONDecoder` leaves them.
  public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
    get { withOptions { $0.keyDecodingStrategy } }
    set { withOptions { $0.keyDecodingStrategy = newValue } }
  }

  /// Values handed to every `init(from:)` through `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withOptions { $0.userInfo } }
    set { withOptions { $0.userInfo = newValue } }
  }

  /// Whether to read JSON5; `false` by default. A JSON5 document is read by
  /// `JSONDecoder`, configured with this decoder's options.
  public var allowsJSON5: Bool {
    get { withOptions { $0.allowsJSON5 } }
    set { withOptions { $0.allowsJSON5 = newValue } }
  }

  /// Whether the document is an object's members without the surrounding
  /// braces; `false` by default. Such a document is read by `JSONDecoder`,
  /// configured with this decoder's options.
  public var assumesTopLevelDictionary: Bool {
    get { userInfo[Self.assumesTopLevelDictionaryKey] as? Bool ?? false }
    set { userInfo[Self.assumesTopLevelDictionaryKey] = newValue }
  }

  /// The key `JSONDecoder` keeps `assumesTopLevelDictionary` under.
  static let assumesTopLevelDictionaryKey = CodingUserInfoKey(
    rawValue: "_NSAssumesTopLevelDictionaryJSON5")!  // safe: never nil.

  /// Creates a decoder with the default options.
  public init() {}

  /// Creates a decoder with `options`.
  init(options: Options) {
    storedOptions = options
  }

  /// Creates a decoder with the options of `decoder`: its strategies, its
  /// `userInfo` and its JSON5 settings.
  ///
  /// ```swift
  /// let decoder = CodixJSONDecoder(apiClient.decoder)
  /// ```
  public convenience init(_ decoder: JSONDecoder) {
    self.init()
    storedOptions = Options(
      dateDecodingStrategy: decoder.dateDecodingStrategy,
      dataDecodingStrategy: decoder.dataDecodingStrategy,
      nonConformingFloatDecodingStrategy: decoder.nonConformingFloatDecodingStrategy,
      keyDecodingStrategy: decoder.keyDecodingStrategy,
      userInfo: decoder.userInfo,
      allowsJSON5: decoder.allowsJSON5)
  }

  /// Decodes a whole document as `T`.
  ///
  /// It throws what `JSONDecoder` throws for the same document and type, so
  /// `catch` clauses written for `JSONDecoder` keep working; the debug
  /// description of a `DecodingError` ends with the place of the offending
  /// value, and ``CodixError/init(_:)`` gives the full report:
  ///
  /// ```swift
  /// do {
  ///   let user = try CodixJSONDecoder().decode(User.self, from: data)
  /// } catch let error as DecodingError {
  ///   print(CodixError(error))   // model, path, line and column, value found
  /// }
  /// ```
  ///
  /// - Throws: A `DecodingError` of the case and coding path `JSONDecoder`
  ///   throws, whose context's `underlyingError` is the ``CodixError``
  ///   report (with its ``CodixError/location``); a ``CodixError`` thrown by
  ///   a Codix model (which `JSONDecoder` passes on as well), located; any
  ///   other error a model throws, as it was thrown.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    let options = self.options
    guard Self.readsItself(data, options) else {
      return try Self.foundationDecoder(with: options).decode(type, from: data)
    }
    // An empty `userInfo` is not converted to `[CodingUserInfoKey: Any]`
    // (nor made from an empty literal, which is a call).
    let userInfo: [CodingUserInfoKey: Any] =
      options.userInfo.isEmpty ? [CodingUserInfoKey: Any]() : options.userInfo
    // No generic wrapper of `T` here (a `Result`, an optional): in this
    // unspecialized function, each would cost a decode a lookup of its
    // type's metadata.
    do {
      return try JSONDocument.read(data) { document in
        let reader = JSONReader(document: document, options: options, userInfo: userInfo)
        do {
          return try reader.unwrap(type, at: 0, Place(PathAnchor(reader), nil, nil))
        } catch {
          throw reader.dropInError(error, decoding: type)
        }
      }
    } catch let failure as JSONDocument.ScanFailure {
      // The document does not scan: JSONDecoder's "not valid JSON".
      throw ReaderError.foundationError.carrying(failure.error, adding: failure.error.message)
    }
  }

  /// Whether this decoder reads `data` itself: plain JSON (not JSON5, not
  /// an object without braces) of less than 4 GiB (a tape entry keeps a
  /// byte offset in 32 bits; 16 bytes spare), with strategies it knows.
  static func readsItself(_ data: Data, _ options: Options) -> Bool {
    data.count < largestDocument && options.readsItself
  }

  /// The size of the documents the reader reads itself: under 4 GiB, a
  /// tape entry keeps a byte offset in 32 bits (16 bytes spare).
  static var largestDocument: Int { Int(UInt32.max) - 16 }

  /// Whether this decoder reads documents itself under `options`,
  /// whatever their size (asked once per change of options: see
  /// `Options.readsItself`).
  fileprivate static func readsItself(_ options: Options.Values) -> Bool {
    guard !options.allowsJSON5,
      options.userInfo[assumesTopLevelDictionaryKey] as? Bool != true
    else { return false }
    switch options.dateDecodingStrategy {
    case .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .custom: break
    #if canImport(Darwin)
      case .formatted: break
    #endif
    @unknown default: return false
    }
    switch options.dataDecodingStrategy {
    case .deferredToData, .base64, .custom: break
    @unknown default: return false
    }
    switch options.keyDecodingStrategy {
    case .useDefaultKeys, .convertFromSnakeCase, .custom: break
    @unknown default: return false
    }
    return true
  }

  /// A `JSONDecoder` with `options`.
  static func foundationDecoder(with options: Options) -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = options.dateDecodingStrategy
    decoder.dataDecodingStrategy = options.dataDecodingStrategy
    decoder.nonConformingFloatDecodingStrategy = options.nonConformingFloatDecodingStrategy
    decoder.keyDecodingStrategy = options.keyDecodingStrategy
    decoder.userInfo = options.userInfo
    decoder.allowsJSON5 = options.allowsJSON5
    return decoder
  }
}

extension CodixJSONDecoder: CodixTopLevelDecoder {}

#if canImport(Combine)
  import Combine

  extension CodixJSONDecoder: TopLevelDecoder {
    /// The input of a publisher's `.decode(type:decoder:)`.
    public typealias Input = Data
  }
#endif
