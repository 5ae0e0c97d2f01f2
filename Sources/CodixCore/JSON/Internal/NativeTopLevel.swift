import Foundation

// Codix's own entry points (`decode(_:from:at:)`, `Model.decode(from:)`,
// `decodeCollectingErrors`) read a JSON document with the native reader:
// through a CodixJSONDecoder as given, or through a JSONDecoder's options
// copied into one. The values are JSONDecoder's (the reader gives the same
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
  /// errors read by Foundation carry no line and column.
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

extension TopLevelDecoding {
  /// The options the native reader reads `data` with for `decoder`; `nil`
  /// when the document goes to `decoder` itself.
  static func nativeOptions(for decoder: some CodixTopLevelDecoder, data: Data)
    -> CodixJSONDecoder.Options?
  {
    let options: CodixJSONDecoder.Options
    if let codix = decoder as? CodixJSONDecoder {
      options = codix.options
    } else if let json = decoder as? JSONDecoder, type(of: json) == JSONDecoder.self,
      json.userInfo[.codixReadsThroughFoundation] as? Bool != true
    {
      options = CodixJSONDecoder.Options(json)
    } else {
      return nil
    }
    return CodixJSONDecoder.readsItself(data, options) ? options : nil
  }

  /// Decodes `T` at `path` of `data` with the native reader.
  ///
  /// The whole document is checked, as JSONDecoder checks it, but where it
  /// can, the reader keeps only the path and the value at its end
  /// (`ScanPlan`): a scan along the path accepts and rejects what a whole
  /// scan does, and keeps every key of the objects on the path. Should the
  /// walk along the path fail, or end at a value the scan skipped, the
  /// document is read whole again before any of `T`'s code runs, so the
  /// value or the error is the whole document's.
  static func decodeNatively<T: Decodable>(
    _ type: T.Type, from data: Data, at path: Path, options: CodixJSONDecoder.Options
  ) throws(CodixError) -> T {
    if let plan = ScanPlan(path, keys: options.keyDecodingStrategy),
      let value = try JSONDocument.reading(
        data, along: plan,
        { document throws(CodixError) in
          try decode(type, in: document, at: path, options: options, alongPath: true)
        })
    {
      return value
    }
    let value = try JSONDocument.reading(data) { document throws(CodixError) in
      try decode(type, in: document, at: path, options: options, alongPath: false)
    }
    guard let value else {
      // safe from input: only a scan along a path skips values.
      throw CodixError(.dataCorrupted, at: path)
    }
    return value
  }

  /// Decodes `T` at `path` of `document`; `nil` when `alongPath` (the scan
  /// kept only the path) and the walk fails or ends at a skipped value.
  static func decode<T: Decodable>(
    _ type: T.Type, in document: JSONDocument, at path: Path, options: CodixJSONDecoder.Options,
    alongPath: Bool
  ) throws(CodixError) -> T? {
    let reader = JSONReader(document: document, options: options, userInfo: options.userInfo)
    do {
      guard let root = NativeSpot.root(of: reader) else {
        // safe from input: a reader is always its own root.
        throw CodixError(.dataCorrupted, at: .root)
      }
      if let split = path.wildcardSplit {
        // `users[*].id`: one value per element, into an array type.
        guard
          let value = try Navigator.decodeSpread(type, split, from: .native(root), ifPresent: false)
        else {
          // safe from input: a required decode returns a value or throws.
          throw CodixError(.valueNotFound, at: path)
        }
        return value
      }
      let step: Navigator.Step
      do {
        step = try Navigator.walk(path, from: root)
      } catch {
        if alongPath { return nil }
        throw error
      }
      switch step {
      case .present(var cursor):
        if alongPath, case .native(let spot) = cursor, spot.tag == .skipped { return nil }
        guard let value = try Navigator.decode(type, at: &cursor, ifPresent: false) else {
          // safe from input: a required decode returns a value or throws.
          throw CodixError(.valueNotFound, at: path)
        }
        return value
      case .absent(let absence):
        throw absence.error(expected: TypeNames.display(type))
      }
    } catch {
      var codix = reader.located(error)
      codix.attribute(insideValueOf: type, at: path)
      throw codix
    }
  }
}
