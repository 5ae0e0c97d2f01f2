/// The decoding and encoding behind ``TaggedCodable``.
enum TaggedCoding {
  static func decode<Enum: TaggedCodable>(_ type: Enum.Type, from decoder: any Decoder)
    throws(CodixError) -> Enum
  {
    let variant: TaggedVariant<Enum>
    let payloadDecoder: any Decoder
    switch Enum.tagging {
    case .untagged:
      return try decodeUntagged(Enum.self, from: decoder)
    case .internal(let tag):
      switch try resolve(Enum.self, tag: tag, in: decoder) {
      case .fallback(let fallback): return fallback
      case .variant(let found): (variant, payloadDecoder) = (found, decoder)
      }
    case .adjacent(let tag, let content):
      switch try resolve(Enum.self, tag: tag, in: decoder) {
      case .fallback(let fallback): return fallback
      case .variant(let found): variant = found
      }
      var cursor: Cursor
      switch try Navigator.walk(content, from: .root(decoder)) {
      case .present(let found): cursor = found
      case .absent(let absence):
        guard variant.hasPayload else { return try decodePayload(variant, from: decoder) }
        throw absence.error(expected: variant.payloadType)
      }
      var trial = cursor
      if let absence = Absence.of(&trial) {
        // `null` content is no content.
        guard variant.hasPayload else { return try decodePayload(variant, from: decoder) }
        throw absence.error(expected: variant.payloadType)
      }
      do {
        payloadDecoder = try cursor.decoder()
      } catch {
        throw Navigator.enriched(error, at: cursor)
      }
    }
    return try decodePayload(variant, from: payloadDecoder)
  }

  private static func decodePayload<Enum: TaggedCodable>(
    _ variant: TaggedVariant<Enum>, from decoder: any Decoder
  ) throws(CodixError) -> Enum {
    do {
      return try variant.decode(decoder)
    } catch {
      var codix = CodixError.wrap(error, at: Path(codingPath: decoder.codingPath))
      if codix.typeName == nil {
        codix.attribute(model: TypeNames.display(Enum.self), property: nil)
      }
      throw codix
    }
  }

  /// What a tag resolves to.
  private enum Resolution<Enum> {
    case variant(TaggedVariant<Enum>)
    /// The tag names no variant; the enum's fallback (reported).
    case fallback(Enum)
  }

  /// The variant the tag at `tag` names, or the fallback.
  private static func resolve<Enum: TaggedCodable>(
    _ type: Enum.Type, tag path: Path, in decoder: any Decoder
  ) throws(CodixError) -> Resolution<Enum> {
    var cursor = try Navigator.cursor(at: path, from: .root(decoder))
    guard let tag = try Navigator.decode(String.self, at: &cursor, ifPresent: false) else {
      // safe from input: a required decode returns a value or throws.
      throw CodixError(.valueNotFound, at: cursor.path)
    }
    let variants = Enum.variants
    if let variant = variants.first(where: { $0.tag == tag }) { return .variant(variant) }
    let name = TypeNames.display(Enum.self)
    // The model is left for the enclosing decode to name (the model or
    // property holding the enum), as for a discriminator.
    let error = CodixError(
      .dataCorrupted, at: cursor.path,
      detail: .unknownCase(kind: "\(name) tag", value: ValueRenderer.quote(tag)),
      expected: "one of " + variants.map { ValueRenderer.quote($0.tag) }.joined(separator: ", "),
      found: ValueRenderer.quote(tag))
    guard let fallback = Enum.fallback else { throw error }
    try CodixDiagnostics.recoverWithFallback(error, in: decoder.userInfo)
    return .fallback(fallback)
  }

  /// The first variant whose payload decodes; else the fallback, or an
  /// error listing every variant tried and why it failed.
  private static func decodeUntagged<Enum: TaggedCodable>(
    _ type: Enum.Type, from decoder: any Decoder
  ) throws(CodixError) -> Enum {
    let base = Path(codingPath: decoder.codingPath)
    let name = TypeNames.display(Enum.self)
    var failures: [String] = []
    for variant in Enum.variants {
      do {
        if !variant.hasPayload {
          // A case without payload is an empty object, nothing else.
          guard try decoder.container(keyedBy: CodixKey.self).allKeys.isEmpty else {
            throw CodixError(
              .dataCorrupted, at: base, expected: "an empty object", found: "an object with keys")
          }
        }
        // A candidate's failure is an answer, not an error to collect.
        guard let collection = ErrorCollection.active(in: decoder.userInfo) else {
          return try variant.decode(decoder)
        }
        return try collection.suspended { try variant.decode(decoder) }
      } catch {
        let reason = CodixError.wrap(error, at: base)
        failures.append("\(variant.tag) (\(variant.payloadType)): \(reason.headline)")
      }
    }
    // The model and property holding the enum are named by the enclosing
    // decode (a wrapper model names the warnings of its properties' reads).
    let error = CodixError(
      .dataCorrupted, at: base, detail: .noVariantMatched(enum: name, failures: failures),
      expected: "a value of one of \(name)'s cases",
      found: ValueRenderer.render(at: .root(decoder), .found))
    guard let fallback = Enum.fallback else { throw error }
    try CodixDiagnostics.recoverWithFallback(error, in: decoder.userInfo)
    return fallback
  }

  static func encode<Enum: TaggedCodable>(_ value: Enum, to encoder: any Encoder)
    throws(CodixError)
  {
    let base = Path(codingPath: encoder.codingPath)
    guard let variant = Enum.variants.first(where: { $0.matches(value) }) else {
      let error = CodixError(
        .dataCorrupted, at: base,
        detail: .thrown("No variant of \(TypeNames.display(Enum.self)) matches this value."),
        expected: "a case listed in variants", found: ValueRenderer.render(swiftValue: value))
      throw error
    }
    do {
      switch Enum.tagging {
      case .untagged:
        try variant.encode(value, encoder)
      case .internal(let tag):
        try variant.encode(value, encoder)
        try EncodingNavigator.encode(variant.tag, at: tag, in: encoder)
      case .adjacent(let tag, let content):
        try EncodingNavigator.encode(variant.tag, at: tag, in: encoder)
        try variant.encode(value, try EncodingNavigator.encoder(at: content, in: encoder))
      }
    } catch {
      throw CodixError.wrap(error, at: base)
    }
  }
}
