import Foundation

// Foundation's decoder loses the place of a number that does not fit the
// type it is read as; Codix's reader knows it. On the error path of a read
// through Foundation's decoder, the value is read again by Codix's reader,
// so the report names the number on every route.

extension Navigator {
  /// The number that does not fit, inside the collection at `cursor` that
  /// `type` failed to read from Foundation's decoder, as Codix's reader
  /// reports it (its path below `cursor`).
  ///
  /// Foundation's decoder throws such a number as an error of its own (at
  /// the top level: "The given data was not valid JSON." at the root),
  /// without its place. On this error path only,
  /// the value is read again as a `JSONValue`, written out, and decoded as
  /// `type` by Codix's reader, which names the number; `nil` when that
  /// decode fails otherwise (or not at all).
  static func numberOutOfRange(decoding type: any Decodable.Type, at cursor: Cursor)
    -> CodixError?
  {
    var trial = cursor
    guard let value = try? trial.decode(JSONValue.self) else {
      return malformedNumber(at: cursor)
    }
    guard value.arrayValue != nil || value.objectValue != nil,
      let data = try? CodixJSONEncoder().encode(value)
    else { return nil }
    return firstError(decoding: type, from: data).flatMap { error in
      guard case .numberOutOfRange? = error.detail, !error.path.isRoot else { return nil }
      return error
    }
  }

  /// The first number inside the collection at `cursor` that is not a
  /// number at all (`1e`, `-`: Foundation's decoder, like Codix's reader,
  /// checks a number only when it is read), with its path below `cursor`.
  private static func malformedNumber(at cursor: Cursor) -> CodixError? {
    var trial = cursor
    guard let search = try? trial.decode(UnreadableScalar.self), let place = search.path,
      !place.isRoot
    else { return nil }
    var error = CodixError(.dataCorrupted, at: place, detail: .unreadableValue)
    if var spot = try? Navigator.cursor(at: place, from: cursor) {
      error.found = (try? spot.decode(FoundText.self))?.text
    }
    return error
  }

  /// The error Codix's reader throws decoding `T` from `data`, if any.
  private static func firstError<T: Decodable>(decoding type: T.Type, from data: Data)
    -> CodixError?
  {
    do {
      _ = try TopLevelDecoding.decode(type, from: data, at: .root, using: CodixJSONDecoder())
      return nil
    } catch {
      return error
    }
  }
}

/// Where the first scalar no read accepts is, in a value read through
/// Foundation's decoder: `nil` when every scalar reads.
private struct UnreadableScalar: Decodable {
  var path: Path?

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: CodixKey.self) {
      for key in object.allKeys {
        if let inner = try object.decode(UnreadableScalar.self, forKey: key).path {
          path = Path([.key(key.stringValue)]).appending(inner)
          return
        }
      }
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var index = 0
      while !array.isAtEnd {
        if let inner = try array.decode(UnreadableScalar.self).path {
          path = Path([.index(index)]).appending(inner)
          return
        }
        index += 1
      }
      return
    }
    let value = try decoder.singleValueContainer()
    let reads =
      value.decodeNil() || (try? value.decode(Bool.self)) != nil
      || (try? value.decode(String.self)) != nil || (try? value.decode(Double.self)) != nil
      || (try? value.decode(Decimal.self)) != nil
    path = reads ? nil : .root
  }
}
