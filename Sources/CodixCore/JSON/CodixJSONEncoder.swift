import Foundation

/// A drop-in replacement for `JSONEncoder` that writes JSON itself: the
/// same options, the same bytes, keys in the order your types encode them.
///
/// Swap the type name and nothing else:
///
/// ```swift
/// let encoder = CodixJSONEncoder()          // was: JSONEncoder()
/// encoder.outputFormatting = .sortedKeys
/// let data = try encoder.encode(user)
/// ```
///
/// It encodes any `Encodable`, hand-written, synthesized or built with
/// Codix, with `JSONEncoder`'s options, as their own types:
///
/// - With `.sortedKeys`, the output is byte for byte `JSONEncoder`'s: the
///   same numbers (`1e-07`, `0.1`, `100`), the same escapes (`\/` unless
///   `.withoutEscapingSlashes`), the same pretty-printing.
/// - Without it, keys come in the order the value encodes them, and that
///   order is the same in every process: declaration order for a
///   synthesized `Encodable`; the order of the calls for a hand-written
///   `encode(to:)`; sorted for a `Dictionary`, whose own order changes from
///   one process to the next. A key encoded twice keeps its first place
///   with its last value. (`JSONEncoder` without `.sortedKeys` writes keys
///   in an order that changes from one process to the next.)
/// - It throws what `JSONEncoder` throws: the same `EncodingError` case at
///   the same coding path (a NaN under `.throw`, say). Where `JSONEncoder`
///   stops the process on a misuse of the Codable API (a second value
///   through one single-value container), it throws an
///   `EncodingError.invalidValue` that says what happened.
///
/// It writes straight into one buffer, without the intermediate tree
/// `JSONEncoder` builds, and can append to a buffer you own and reuse
/// (`encode(_:into:)`).
///
/// An encoder can be shared between threads; its options are read once at
/// the start of each encode.
public final class CodixJSONEncoder: @unchecked Sendable {
  // Unchecked: the options and the spare buffer are guarded by `lock`.

  /// The options of one encode, copied when it starts.
  struct Options {
    var outputFormatting: JSONEncoder.OutputFormatting = []
    var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy =
      .throw
    var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  }

  private let lock = NSLock()
  private var storedOptions = Options()
  /// A buffer the last encode left, for the next one.
  private var spare: JSONOutput?
  /// The largest buffer kept between encodes.
  private static let largestSpare = 8 << 20

  private func withOptions<R>(_ body: (inout Options) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&storedOptions)
  }

  var options: Options { withOptions { $0 } }

  /// How the output is laid out: `.prettyPrinted`, `.sortedKeys`,
  /// `.withoutEscapingSlashes`; none by default.
  public var outputFormatting: JSONEncoder.OutputFormatting {
    get { withOptions { $0.outputFormatting } }
    set { withOptions { $0.outputFormatting = newValue } }
  }

  /// How `Date` values are written; `.deferredToDate` by default.
  public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
    get { withOptions { $0.dateEncodingStrategy } }
    set { withOptions { $0.dateEncodingStrategy = newValue } }
  }

  /// How `Data` values are written; `.base64` by default.
  public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
    get { withOptions { $0.dataEncodingStrategy } }
    set { withOptions { $0.dataEncodingStrategy = newValue } }
  }

  /// How infinity and NaN are written; `.throw` by default.
  public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
    get { withOptions { $0.nonConformingFloatEncodingStrategy } }
    set { withOptions { $0.nonConformingFloatEncodingStrategy = newValue } }
  }

  /// How keys are spelled in the output; `.useDefaultKeys` by default. The
  /// keys of a `[String: Value]` are written as they are, as `JSONEncoder`
  /// writes them.
  public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
    get { withOptions { $0.keyEncodingStrategy } }
    set { withOptions { $0.keyEncodingStrategy = newValue } }
  }

  /// Values handed to every `encode(to:)` through `encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { withOptions { $0.userInfo } }
    set { withOptions { $0.userInfo = newValue } }
  }

  /// Creates an encoder with the default options.
  public init() {}

  /// Creates an encoder with the options of `encoder`: its output
  /// formatting, its strategies and its `userInfo`.
  ///
  /// ```swift
  /// let encoder = CodixJSONEncoder(apiClient.encoder)
  /// ```
  public convenience init(_ encoder: JSONEncoder) {
    self.init()
    storedOptions = Options(
      outputFormatting: encoder.outputFormatting,
      dateEncodingStrategy: encoder.dateEncodingStrategy,
      dataEncodingStrategy: encoder.dataEncodingStrategy,
      nonConformingFloatEncodingStrategy: encoder.nonConformingFloatEncodingStrategy,
      keyEncodingStrategy: encoder.keyEncodingStrategy,
      userInfo: encoder.userInfo)
  }

  /// Encodes `value` as a whole document.
  ///
  /// - Returns: The JSON, in UTF-8.
  /// - Throws: What `JSONEncoder` throws: an `EncodingError` (a
  ///   non-conforming float under `.throw`, a top-level value that encoded
  ///   nothing, containers nested 512 deep) or an error a value's
  ///   `encode(to:)` threw.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    try write(value) { $0.data() }
  }

  /// Encodes `value` as a whole document and appends it to `buffer`, which
  /// you own and can reuse: a server encoding many responses into one
  /// buffer allocates nothing for the output once the buffer is large
  /// enough.
  ///
  /// ```swift
  /// var buffer: [UInt8] = []
  /// buffer.reserveCapacity(64 * 1024)
  /// for response in responses {
  ///   buffer.removeAll(keepingCapacity: true)
  ///   try encoder.encode(response, into: &buffer)
  ///   try connection.send(buffer)
  /// }
  /// ```
  ///
  /// The encoder keeps one working buffer between encodes (up to 8 MiB), so
  /// a steady run of encodes makes no new one either.
  ///
  /// - Throws: What ``encode(_:)`` throws. Then `buffer` is left as it was.
  public func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
    try write(value) { output in
      output.withBytes(in: 0..<output.count) { buffer.append(contentsOf: $0) }
    }
  }

  /// Encodes `value` as a whole document and appends it to `data`, as
  /// `encode(_:into:)` appends to an array.
  ///
  /// - Throws: What ``encode(_:)`` throws. Then `data` is left as it was.
  public func encode<T: Encodable>(_ value: T, into data: inout Data) throws {
    try write(value) { output in
      output.withBytes(in: 0..<output.count) { data.append(contentsOf: $0) }
    }
  }

  /// Encodes `value` into a working buffer and hands it to `take`.
  private func write<T: Encodable, R>(_ value: T, _ take: (JSONOutput) -> R) throws -> R {
    let (options, kept) = withOptions { options -> (Options, JSONOutput?) in
      defer { spare = nil }
      return (options, spare)
    }
    let escapesSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
    let output = kept ?? JSONOutput(escapesSlashes: escapesSlashes)
    output.reset(escapesSlashes: escapesSlashes)
    defer {
      if output.reservedCapacity <= Self.largestSpare {
        withOptions { _ in spare = output }
      }
    }
    let writer = JSONWriter(
      options: options, output: output, treeTypes: TreeModeTypes.snapshot())
    do {
      try writer.encodeTopLevel(value)
    } catch is RestartSignal {
      // Never reached: the top-level slot takes every restart.
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(codingPath: [], debugDescription: "The value could not be encoded."))
    }
    return take(output)
  }
}

extension CodixJSONEncoder: CodixTopLevelEncoder {}

#if canImport(Combine)
  import Combine

  extension CodixJSONEncoder: TopLevelEncoder {
    /// The output of a publisher's `.encode(encoder:)`.
    public typealias Output = Data
  }
#endif
