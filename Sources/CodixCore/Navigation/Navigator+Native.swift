// Path walks over a document CodixJSONDecoder read: each key looked up on
// the reader's tape and each index skipped there (NativeSpot.swift), with
// no container opened and nothing cached. The same contract as `walk`: a
// step at a missing key points at it, and the next step or the read reports
// the absence.

extension Navigator {
  /// Decodes `T` at `path` below `reader`'s value.
  @usableFromInline
  static func decodeOnTape<T: Decodable>(
    _ type: T.Type, at path: Path, in reader: JSONReader
  ) throws(CodixError) -> T {
    if let (index, place) = reader.presentValue(at: path) {
      do {
        return try reader.unwrap(type, at: index, place)
      } catch {
        var cursor = Cursor.native(NativeSpot(reader: reader, index: index, place: place))
        throw failure(error, decoding: type, at: &cursor)
      }
    }
    let spot = NativeSpot(
      reader: reader, index: reader.value, place: Place(PathAnchor(reader), nil, nil))
    switch try walk(path, from: spot) {
    case .present(var cursor):
      guard let value = try decode(type, at: &cursor, ifPresent: false) else {
        // safe from input: a required decode returns a value or throws.
        throw CodixError(.valueNotFound, at: cursor.path)
      }
      return value
    case .absent(let absence):
      throw absence.error(expected: TypeNames.display(type))
    }
  }

  /// Walks `path` from `start`.
  package static func walk(_ path: Path, from start: NativeSpot) throws(CodixError) -> Step {
    var spot = start
    if let key = path.singleKey {
      if let absence = try step(&spot, .key(key), steps: nil) { return .absent(absence) }
      return .present(.native(spot))
    }
    if let text = path.dottedText {
      var count = 0
      for (key, _) in DottedKeys(text) {
        let steps = count == 0 ? nil : PathSteps(path, count: count)
        if let absence = try step(&spot, .key(key), steps: steps) { return .absent(absence) }
        count += 1
      }
      return .present(.native(spot))
    }
    let components = try path.validComponents()
    // The steps' own path, with negative indexes as they resolved: the path
    // itself when it has none.
    var walked = path
    var resolved: [PathComponent] = []
    let hasNegativeIndex = components.contains {
      if case .index(let index) = $0 { index < 0 } else { false }
    }
    for (count, component) in components.enumerated() {
      let steps = count == 0 ? nil : PathSteps(walked, count: count)
      if let absence = try step(&spot, component, steps: steps) { return .absent(absence) }
      if hasNegativeIndex {
        if case .index(let written) = component, case .index(let index)? = spot.place.key,
          written < 0
        {
          resolved.append(.index(index))
        } else {
          resolved.append(component)
        }
        walked = Path(resolved)
      }
    }
    return .present(.native(spot))
  }

  /// Moves `spot` one step; returns the absence that stops the walk, if any.
  private static func step(_ spot: inout NativeSpot, _ component: PathComponent, steps: PathSteps?)
    throws(CodixError) -> Absence?
  {
    let found: NativeSpot.Step
    switch component {
    case .key(let key):
      if spot.hasKeysToCheck {
        // JSONDecoder reads every key of an object it opens, and fails on
        // one that is not a valid string: so does a path through it.
        do {
          _ = try spot.keyedContainer()
        } catch {
          throw enriched(error, at: .native(spot))
        }
      }
      found = spot.member(key, steps: steps)
    case .index(let index): found = spot.element(index, steps: steps)
    case .wildcard:
      throw CodixError(
        .invalidPath, at: Cursor.native(spot).path.appending(component: .wildcard),
        detail: .wildcardOutsideArray(type: nil), expected: "a path without [*]")
    }
    switch found {
    case .spot(let next):
      spot = next
      return nil
    case .outOfRange(let index, let count):
      return Absence(at: .native(spot), .outOfRange(index: index, count: count))
    case .wrongKind:
      var cursor = Cursor.native(spot)
      if let absence = Absence.probe(&cursor) { return absence }
      // Present, but not an object or array: the container's own error.
      do {
        if case .key = component {
          _ = try spot.keyedContainer()
        } else {
          _ = try spot.unkeyedContainer()
        }
      } catch {
        throw enriched(error, at: .native(spot))
      }
      return nil
    }
  }
}
