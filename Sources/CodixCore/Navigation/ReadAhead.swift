// Reading a path-style model's scalars ahead, on any decoder but Codix's
// reader, outside any Codix scope: a plain `JSONDecoder().decode` of a
// path-style model.
//
//     init(from decoder: Decoder) throws {
//       id = try decoder.decode(at: "id")                 // reads id, name and city
//       name = try decoder.decode(at: "name")             // served
//       city = try decoder.decode(at: "address.city")     // served
//     }
//
// Each `decoder.decode(at:)` is a call of its own, and nothing marks where a
// model's `init(from:)` ends, so a container kept from one read to the next
// could outlive the decode: it would keep Foundation's decoder, its map and
// a copy of the document alive (KeyedContainerCache.swift). Opening the
// object again at each read costs JSONDecoder a dictionary of its keys per
// read. So the reads are learned instead: the first instance at a decoder's
// value reads as usual while its reads (key or dotted path, and type) are
// recorded as a plan. When a later instance's first read is a plan's first
// step, every step of the plan is read at once, each object opened once, and
// the values, not the containers, are kept. Each later read is served the next value if
// it is the plan's next step, at the same decoder object and the same coding
// path; anything else reads as usual.
//
// Why the served value is the one a read would give:
// - Only standard scalars are read ahead (`StandardScalar`): reading one
//   runs no code of the caller's, records nothing, and gives the same value
//   every time at the same place.
// - A value is served only at the decoder object and the coding path it was
//   read at. One decoder object walks one document, and a coding path names
//   one value in it. A decoder that reports an empty coding path gets no
//   reading ahead: the top level is read once per decode anyway, and a
//   decoder that reuses itself for many values without a path is not told
//   apart.
// - The decoder object is compared by identity and its allocation held by
//   an unowned reference, so no object allocated later can have its
//   address while the instance lives. (Not for an Objective-C object, whose
//   unowned references do not hold its allocation: no reading ahead there.) (A weak reference would give the
//   decoder a side table, and every retain and release of it for the rest
//   of the decode would take the runtime's slow path.)
// - A step that failed when read ahead is read again when asked for, so its
//   error is the one the read throws, with its report.
// - A read whose type is not a standard scalar may decode models of its
//   own: they read with an instance of their own, and the caller's comes
//   back afterwards (`isolating(_:_:)`).
//
// What stays after a decode: the plans (keys, types and read functions)
// and, until the thread's next such read, a copy of a coding path, the
// values of a plan not served to its end, and the decoder's allocation (its
// `deinit` has run: its map and the document are freed). Nothing holds the
// decoder itself: a weak reference to it is `nil` once the decode returns.

#if canImport(ObjectiveC)
  import ObjectiveC
#endif

/// The read-ahead of path-style scalar reads on another decoder.
package enum ReadAhead {
  /// The value of `type` at `path` below `decoder`, when it was read ahead;
  /// `nil` when the caller reads it (and, on a first instance, after this
  /// has recorded the read).
  ///
  /// The value comes back as a `Value`, a type known here: a `T?` in this
  /// unspecialized code would look up `Optional<T>`'s metadata at every read
  /// (about 400 instructions), and an `Any` would cost a dynamic cast.
  @inline(__always)
  static func value<T: Decodable>(_ type: T.Type, at path: Path, in decoder: any Decoder)
    -> Value?
  {
    guard let scalar = StandardScalar.of(T.self) else { return nil }
    return served(type, scalar, at: path, in: decoder)
  }

  /// Runs `read`, a read of `type`, which may decode models of its own: their
  /// reads learn and use plans of their own, and this thread's instance is
  /// the caller's again afterwards.
  @inline(__always)
  static func isolating<T, R, E: Error>(_ type: T.Type, _ read: () throws(E) -> R) throws(E) -> R {
    if StandardScalar.of(T.self) != nil { return try read() }
    guard let state = State.states.pointerIfPresent, state.pointee.instance != nil else {
      return try read()
    }
    let saved = state.pointee.instance
    state.pointee.instance = nil
    defer {
      state.pointee.finish()
      state.pointee.instance = saved
    }
    return try read()
  }

  @inline(never)
  private static func served<T: Decodable>(
    _ type: T.Type, _ scalar: StandardScalar, at path: Path, in decoder: any Decoder
  ) -> Value? {
    guard let step = Step.Key(path, T.self), let object = classInstance(decoder),
      !KeyedContainerCache.isInScope, let state = State.states.pointer
    else { return nil }
    #if canImport(ObjectiveC)
      // An unowned reference to an Objective-C object does not keep its
      // allocation, so its address could be taken by a later object.
      guard !(object is NSObject) else { return nil }
    #endif
    let codingPath = decoder.codingPath
    guard !codingPath.isEmpty else { return nil }
    return state.pointee.next(step, at: object, codingPath) {
      Step(step, scalar)
    } prefetch: { plan, values in
      plan.read(below: decoder, into: &values)
    }
  }

  /// A value read ahead: one of the standard scalars.
  enum Value {
    case string(String)
    case bool(Bool)
    case int(Int)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case uint(UInt)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case double(Double)
    case float(Float)

    /// The value as a `T`, which must be its type: a step's values are read
    /// as the type in its key, and a value is served only to a read with
    /// that key.
    @inline(__always)
    func value<T>(as _: T.Type) -> T {
      switch self {
      case .string(let value): return sameType(value, as: T.self)
      case .bool(let value): return sameType(value, as: T.self)
      case .int(let value): return sameType(value, as: T.self)
      case .int8(let value): return sameType(value, as: T.self)
      case .int16(let value): return sameType(value, as: T.self)
      case .int32(let value): return sameType(value, as: T.self)
      case .int64(let value): return sameType(value, as: T.self)
      case .uint(let value): return sameType(value, as: T.self)
      case .uint8(let value): return sameType(value, as: T.self)
      case .uint16(let value): return sameType(value, as: T.self)
      case .uint32(let value): return sameType(value, as: T.self)
      case .uint64(let value): return sameType(value, as: T.self)
      case .double(let value): return sameType(value, as: T.self)
      case .float(let value): return sameType(value, as: T.self)
      }
    }
  }

  /// One read of a plan.
  final class Step {
    /// What a read is matched by: its path's text and its type.
    struct Key: Equatable {
      let text: String
      let dotted: Bool
      let type: ObjectIdentifier

      /// The key of a read of `type` at `path`: a single key or dotted keys;
      /// `nil` for any other path.
      init?(_ path: Path, _ type: Any.Type) {
        if let key = path.singleKey {
          (text, dotted) = (key, false)
        } else if let text = path.dottedText {
          (self.text, dotted) = (text, true)
        } else {
          return nil
        }
        self.type = ObjectIdentifier(type)
      }
    }

    let key: Key
    /// The scalar of the type in `key`.
    let scalar: StandardScalar
    /// The keys of the objects on the way (a dotted path's), and the key of
    /// the value in the last of them: split once, when the step is learned.
    let objects: [String]
    let member: String
    /// Whether the decoder may spell `member` otherwise (`KeySpelling`).
    let underscored: Bool

    init(_ key: Key, _ scalar: StandardScalar) {
      self.key = key
      self.scalar = scalar
      if key.dotted {
        let path = DottedPath(key.text)
        objects = [path.first] + path.rest
        member = path.last.stringValue
      } else {
        objects = []
        member = key.text
      }
      underscored = KeySpelling.mayRespell(CodixKey(member))
    }

    /// The scalar below `root`, the object at the decoder's value, read as a
    /// path read reads it (the same containers, the key as the decoder
    /// spells it); `nil` when it is missing or does not read.
    func read(from root: CachedContainer) -> Value? {
      var entry = root
      for key in objects {
        guard let nested = try? entry.nested(key) else { return nil }
        entry = nested
      }
      let object = DecoderObject(entry)
      switch scalar {
      case .string: return read(String.self, object).map(Value.string)
      case .bool: return read(Bool.self, object).map(Value.bool)
      case .int: return read(Int.self, object).map(Value.int)
      case .int8: return read(Int8.self, object).map(Value.int8)
      case .int16: return read(Int16.self, object).map(Value.int16)
      case .int32: return read(Int32.self, object).map(Value.int32)
      case .int64: return read(Int64.self, object).map(Value.int64)
      case .uint: return read(UInt.self, object).map(Value.uint)
      case .uint8: return read(UInt8.self, object).map(Value.uint8)
      case .uint16: return read(UInt16.self, object).map(Value.uint16)
      case .uint32: return read(UInt32.self, object).map(Value.uint32)
      case .uint64: return read(UInt64.self, object).map(Value.uint64)
      case .double: return read(Double.self, object).map(Value.double)
      case .float: return read(Float.self, object).map(Value.float)
      }
    }

    /// The step's value, a `V`, in `object`; called with a concrete `V` for
    /// each case, so that `V?` is a type known here.
    @inline(__always)
    private func read<V>(_: V.Type, _ object: DecoderObject) -> V? {
      var value: V?
      let stored = withUnsafeMutablePointer(to: &value) { pointer in
        (try? object.read(
          member: member, underscored: underscored, scalar, into: pointer, nested: false,
          strict: true)) ?? false
      }
      return stored ? value : nil
    }
  }

  /// The reads of one instance, in order.
  final class Plan {
    let steps: [Step]
    /// The length of the coding path it was learned at: a plan is used only
    /// at that depth, so that models at different depths that begin with
    /// the same read (`id`, say) keep plans of their own.
    let depth: Int

    init(_ steps: [Step], depth: Int) {
      self.steps = steps
      self.depth = depth
    }

    /// Every step's value below `decoder`'s value, in `values`, each object
    /// opened once and dropped on return.
    func read(below decoder: any Decoder, into values: inout [Value?]) {
      values.removeAll(keepingCapacity: true)
      guard let root = try? CachedContainer(of: decoder) else {
        values.append(contentsOf: repeatElement(nil, count: steps.count))
        return
      }
      for step in steps { values.append(step.read(from: root)) }
    }
  }

  /// The instance being read: a decoder object at one coding path. A value
  /// in the thread's `State`, which is reached through a pointer, so reading
  /// and changing it in place costs no dynamic exclusivity check; its arrays
  /// keep their storage from instance to instance.
  struct Instance {
    /// The decoder object, by identity. Compared, never used.
    private(set) var decoder: ObjectIdentifier
    /// Holds the decoder's memory, not the decoder: while this lives, no
    /// other object can be allocated where it was, so `decoder` names it
    /// alone. An unowned reference keeps the object's allocation once it is
    /// deinitialized (its map and document freed), and, unlike a weak one,
    /// gives it no side table, which would send every retain and release of
    /// it down the runtime's slow path for the rest of the decode.
    unowned(safe) private(set) var pin: AnyObject
    private(set) var codingPath = CodingPathCopy()
    /// The plan being served, its values and the next step.
    var plan: Plan?
    var values: [Value?] = []
    var next = 0
    /// The reads recorded for a plan, when there was none to serve.
    var learned: [Step] = []

    init(_ decoder: AnyObject, at codingPath: [any CodingKey]) {
      self.decoder = ObjectIdentifier(decoder)
      pin = decoder
      self.codingPath.store(codingPath)
    }

    /// Makes this the instance at `decoder` and `codingPath`, with nothing
    /// read yet, keeping its arrays' storage.
    mutating func restart(_ decoder: AnyObject, at codingPath: [any CodingKey]) {
      self.decoder = ObjectIdentifier(decoder)
      pin = decoder
      self.codingPath.store(codingPath)
      plan = nil
      values.removeAll(keepingCapacity: true)
      next = 0
      learned.removeAll(keepingCapacity: true)
    }
  }

  /// One thread's plans and instance.
  struct State {
    /// The plans learned, newest first; a few, for the few model types a
    /// decode reads.
    var plans: [Plan] = []
    var instance: Instance?

    static let maximumPlans = 16

    /// The value of the read `key` at `object` and `codingPath`, if read
    /// ahead; records the read otherwise.
    mutating func next(
      _ key: Step.Key, at object: AnyObject, _ codingPath: [any CodingKey],
      step: () -> Step, prefetch: (Plan, inout [Value?]) -> Void
    ) -> Value? {
      // The instance is read and changed where it is, never bound to a
      // copy: a copy would share its arrays, and the next change to them
      // would copy their storage.
      if instance?.decoder == ObjectIdentifier(object),
        instance?.codingPath.matches(codingPath) == true
      {
        if let plan = instance?.plan, let next = instance?.next {
          if next < plan.steps.count, plan.steps[next].key == key {
            instance?.next = next + 1
            let value = instance?.values[next] ?? nil
            if next + 1 == plan.steps.count { instance?.values.removeAll(keepingCapacity: true) }
            return value
          }
          // Off the plan: the same model again (its first read), or a read
          // the plan does not have, after which the instance reads as usual
          // and its reads become the plan for the next instance.
          guard plan.steps[0].key == key else {
            let learned = Array(plan.steps.prefix(next)) + [step()]
            instance?.learned = learned
            instance?.plan = nil
            instance?.values.removeAll(keepingCapacity: true)
            return nil
          }
        } else if instance?.learned.first?.key != key {
          let learned = step()
          instance?.learned.append(learned)
          return nil
        }
      }
      var current = instance
      finish()
      if current == nil {
        current = Instance(object, at: codingPath)
      } else {
        current?.restart(object, at: codingPath)
      }
      instance = consume current
      guard
        let plan = plans.first(where: { $0.steps[0].key == key && $0.depth == codingPath.count })
      else {
        let learned = step()
        instance?.learned.append(learned)
        return nil
      }
      // The values are read into a local array, so that nothing of the
      // instance is borrowed while the decoder reads (which reads standard
      // scalars only: no code that could come back here).
      var values = instance?.values ?? []
      instance?.values = []
      prefetch(plan, &values)
      // safe: `Plan.read` gives one value per step, and a plan has a step
      // at least (`finish()` makes one only from a first read).
      let value = values[0]
      if plan.steps.count == 1 { values.removeAll(keepingCapacity: true) }
      instance?.plan = plan
      instance?.values = values
      instance?.next = 1
      return value
    }

    /// Ends the instance: what it learned becomes the plan for its first read.
    mutating func finish() {
      guard let current = instance else { return }
      instance = nil
      guard let first = current.learned.first else { return }
      let depth = current.codingPath.count
      plans.removeAll { $0.steps[0].key == first.key && $0.depth == depth }
      plans.insert(Plan(current.learned, depth: depth), at: 0)
      if plans.count > Self.maximumPlans { plans.removeLast() }
    }

    /// Every thread's state.
    static let states = ThreadLocal { State() }
  }
}
