import Foundation

// Codix's own entry points (`decode(_:from:at:)`, `Model.decode(from:)`,
// `decodeCollectingErrors`) read a JSON document with the native reader:
// through a CodixJSONDecoder as given, or through a JSONDecoder's options
// copied into one. The reader hands navigation (CodixTopLevelDecoder.swift)
// a decoder at the root and locates what it throws; it never calls into
// navigation itself. The values are JSONDecoder's (the reader gives the same
// values for every document JSONDecoder accepts); the errors carry a line
// and a column. `userInfo[.codixReadsThroughFoundation] = true` on the
// JSONDecoder keeps the document on JSONDecoder, as do options the reader
// leaves to it (JSON5) and subclasses of JSONDecoder, whose overrides Codix
// cannot know.

extension CodingUserInfoKey {
  /// The `userInfo` key that keeps Codix's entry points on `JSONDecoder`:
  /// with `decoder.userInfo[.codixReadsThroughFoundation] = true`,
  /// `decoder.decode(_:from:at:)` and `Model.decode(from:using:)` hand the
  /// document to `JSONDecoder` itself instead of reading it with
  /// ``CodixJSONDecoder``'s reader. The values are the same either way;
  /// errors read by Foundation carry no line and column. In a `JSONEncoder`'s
  /// `userInfo`, it keeps `encode(_:at:)` on `JSONEncoder` instead of
  /// ``CodixJSONEncoder``.
  // safe: the initializer accepts every string; it is failable only by its signature.
  public static let codixReadsThroughFoundation = CodingUserInfoKey(
    rawValue: "codix.readsThroughFoundation")!
}

extension CodixJSONDecoder.Options {
  /// The options of `decoder`.
  init(_ decoder: JSONDecoder) {
    self.init(
      dateDecodingStrategy: decoder.dateDecodingStrategy,
      dataDecodingStrategy: decoder.dataDecodingStrategy,
      nonConformingFloatDecodingStrategy: decoder.nonConformingFloatDecodingStrategy,
      keyDecodingStrategy: decoder.keyDecodingStrategy,
      userInfo: decoder.userInfo,
      allowsJSON5: decoder.allowsJSON5)
  }
}

/// A document Codix's entry points read with the native reader: the
/// options it is read with, chosen from the top-level decoder.
package struct NativeReading {
  var options: CodixJSONDecoder.Options

  init(options: CodixJSONDecoder.Options) {
    self.options = options
  }

  /// How `decoder` has the native reader read `data`, with `extra` joining
  /// its `userInfo`; `nil` when the document goes to `decoder` itself.
  package init?(
    for decoder: some CodixTopLevelDecoder, data: Data,
    adding extra: [CodingUserInfoKey: any Sendable] = [:]
  ) {
    if let codix = decoder as? CodixJSONDecoder {
      options = codix.options
    } else if let json = decoder as? JSONDecoder, type(of: json) == JSONDecoder.self,
      json.userInfo[.codixReadsThroughFoundation] as? Bool != true
    {
      options = CodixJSONDecoder.Options(json)
    } else {
      return nil
    }
    guard CodixJSONDecoder.readsItself(data, options) else { return nil }
    if !extra.isEmpty { options.userInfo.merge(extra) { $1 } }
  }

  /// Reads `data` and hands `body` a decoder at its root; every error
  /// `body` throws comes back located in the document.
  ///
  /// The whole document is checked, as JSONDecoder checks it, but where it
  /// can, the reader keeps only `path` and the value at its end
  /// (`ScanPlan`): a scan along the path accepts and rejects what a whole
  /// scan does, and keeps every key of the objects on the path. `body` is
  /// told whether it reads the whole document, and answers `nil` when it
  /// needs to (its walk failed, or ended at a value the scan skipped):
  /// the document is then read whole and `body` runs again, before any of
  /// the decoded type's code ran, so the value or the error is the whole
  /// document's.
  package func read<T>(
    _ data: Data, keeping path: Path,
    _ body: (_ root: any Decoder, _ whole: Bool) throws(CodixError) -> T?
  ) throws(CodixError) -> T {
    if let plan = ScanPlan(path, keys: options.keyDecodingStrategy),
      let value = try read(data, along: plan, body)
    {
      return value
    }
    guard let value = try read(data, along: nil, body) else {
      // safe from input: only a scan along a path skips values.
      throw CodixError(.dataCorrupted, at: path)
    }
    return value
  }

  /// One read of `data`: along `plan`, or whole when it is `nil`.
  func read<T>(
    _ data: Data, along plan: ScanPlan?,
    _ body: (_ root: any Decoder, _ whole: Bool) throws(CodixError) -> T?
  ) throws(CodixError) -> T? {
    let options = options
    return try JSONDocument.reading(data, along: plan ?? .wholeDocument) {
      document throws(CodixError) in
      try Self.withReader(of: document, options, userInfo: options.userInfo) {
        reader throws(CodixError) in try body(reader, plan == nil)
      }
    }
  }

  /// Runs `body` with a reader of `document`; its errors, and those a
  /// collecting decode recorded, are located in the document.
  static func withReader<T>(
    of document: JSONDocument, _ options: CodixJSONDecoder.Options,
    userInfo: [CodingUserInfoKey: Any], _ body: (JSONReader) throws(CodixError) -> T
  ) throws(CodixError) -> T {
    let reader = JSONReader(document: document, options: options, userInfo: userInfo)
    defer { ErrorCollection.any(in: userInfo)?.locate { reader.located($0) } }
    do {
      return try body(reader)
    } catch {
      throw reader.located(error)
    }
  }
}

extension NativeReading {
  /// `error`, from a decode of `data` that `decoder` read itself, with the
  /// keys of its path as the document writes them: the document is read
  /// again (error path only) with `decoder`'s key strategy.
  package static func spelledAsWritten(
    _ error: CodixError, in data: Data, decoder: some CodixTopLevelDecoder
  ) -> CodixError {
    let options: CodixJSONDecoder.Options
    if let codix = decoder as? CodixJSONDecoder {
      options = codix.options
    } else if let json = decoder as? JSONDecoder {
      options = CodixJSONDecoder.Options(json)
    } else {
      return error
    }
    if options.usesDefaultKeys { return error }
    guard CodixJSONDecoder.readsItself(data, options) else { return error }
    let spelled = try? JSONDocument.reading(data) { document throws(CodixError) in
      let reader = JSONReader(document: document, options: options, userInfo: options.userInfo)
      return document.spelledAsWritten(error, keyStrategy: reader)
    }
    return spelled ?? error
  }
}
