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
// step, every step of the plan is read at once, inside a Codix scope that
// opens each object once and drops it when the scope ends, and the values,
// not the containers, are kept. Each later read is served the next value if
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
  /// The value comes back as `Any`: a `T?` in this unspecialized code would
  /// look up `Optional<T>`'s metadata at every read (about 400 instructions).
  @inline(__always)
  static func value<T: Decodable>(_ type: T.Type, at path: Path, in decoder: any Decoder) -> Any? {
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
  ) -> Any? {
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
    let value = state.pointee.next(step, at: object, codingPath) {
      Step(step, type, scalar)
    } prefetch: { plan in
      plan.read(below: decoder)
    }
    return value
  }

  /// One read of a plan.
  struct Step {
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
    /// Reads the step below a decoder's value; `nil` when the read fails.
    let read: (any Decoder) -> Any?

    init<T>(_ key: Key, _ type: T.Type, _ scalar: StandardScalar) {
      self.key = key
      read = { decoder in Step.read(scalar, at: key, below: decoder) }
    }

    /// The scalar at `key` below `decoder`'s value, read as a path read
    /// reads it (the same container, the key as the decoder spells it);
    /// `nil` when it is missing or does not read.
    private static func read(_ scalar: StandardScalar, at key: Key, below decoder: some Decoder)
      -> Any?
    {
      var last = CodixKey(key.text)
      let found =
        key.dotted
        ? try? KeyedContainerCache.entry(for: decoder, dotted: key.text, lastKey: &last)
        : try? KeyedContainerCache.entry(for: decoder)
      guard let entry = found else { return nil }
      let object = DecoderObject(entry)
      let member = last.stringValue
      let underscored = KeySpelling.mayRespell(last)
      switch scalar {
      case .string: return value(String.self, scalar, member, underscored, object)
      case .bool: return value(Bool.self, scalar, member, underscored, object)
      case .int: return value(Int.self, scalar, member, underscored, object)
      case .int8: return value(Int8.self, scalar, member, underscored, object)
      case .int16: return value(Int16.self, scalar, member, underscored, object)
      case .int32: return value(Int32.self, scalar, member, underscored, object)
      case .int64: return value(Int64.self, scalar, member, underscored, object)
      case .uint: return value(UInt.self, scalar, member, underscored, object)
      case .uint8: return value(UInt8.self, scalar, member, underscored, object)
      case .uint16: return value(UInt16.self, scalar, member, underscored, object)
      case .uint32: return value(UInt32.self, scalar, member, underscored, object)
      case .uint64: return value(UInt64.self, scalar, member, underscored, object)
      case .double: return value(Double.self, scalar, member, underscored, object)
      case .float: return value(Float.self, scalar, member, underscored, object)
      }
    }

    /// The value of `scalar`, a `V`, at `member` of `object`; called with a
    /// concrete `V` for each case, so that `V?` is a type known here.
    @inline(__always)
    private static func value<V>(
      _: V.Type, _ scalar: StandardScalar, _ member: String, _ underscored: Bool,
      _ object: DecoderObject
    ) -> Any? {
      var value: V?
      let stored = withUnsafeMutablePointer(to: &value) { pointer in
        (try? object.read(
          member: member, underscored: underscored, scalar, into: pointer, nested: false,
          strict: true)) ?? false
      }
      guard stored, let value else { return nil }
      return value
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

    /// Every step's value below `decoder`'s value, each object opened once.
    func read(below decoder: any Decoder) -> [Any?] {
      KeyedContainerCache.pinnedScope(at: decoder) { steps.map { $0.read(decoder) } }
    }
  }

  /// The instance being read: a decoder object at one coding path.
  struct Instance {
    /// The decoder object, by identity. Compared, never used.
    let decoder: ObjectIdentifier
    /// Holds the decoder's memory, not the decoder: while this lives, no
    /// other object can be allocated where it was, so `decoder` names it
    /// alone. An unowned reference keeps the object's allocation once it is
    /// deinitialized (its map and document freed), and, unlike a weak one,
    /// gives it no side table, which would send every retain and release of
    /// it down the runtime's slow path for the rest of the decode.
    unowned(safe) let pin: AnyObject
    var codingPath = CodingPathCopy()
    /// The plan being served, its values and the next step.
    var plan: Plan?
    var values: [Any?] = []
    var next = 0
    /// The reads recorded for a plan, when there was none to serve.
    var learned: [Step] = []

    init(_ decoder: AnyObject, at codingPath: [any CodingKey]) {
      self.decoder = ObjectIdentifier(decoder)
      pin = decoder
      self.codingPath.store(codingPath)
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
      step: () -> Step, prefetch: (Plan) -> [Any?]
    ) -> Any? {
      if instance?.decoder == ObjectIdentifier(object),
        instance?.codingPath.matches(codingPath) == true
      {
        if let plan = instance?.plan {
          if let next = instance?.next, next < plan.steps.count, plan.steps[next].key == key {
            instance?.next = next + 1
            let value = instance?.values[next] ?? nil
            if next + 1 == plan.steps.count { instance?.values = [] }
            return value
          }
          // Off the plan: the same model again (its first read), or a read
          // the plan does not have, after which the instance reads as usual
          // and its reads become the plan for the next instance.
          guard plan.steps[0].key == key else {
            let served = plan.steps.prefix(instance?.next ?? 0)
            instance?.plan = nil
            instance?.values = []
            instance?.learned = Array(served) + [step()]
            return nil
          }
        } else if instance?.learned.first?.key != key {
          instance?.learned.append(step())
          return nil
        }
      }
      finish()
      var fresh = Instance(object, at: codingPath)
      guard
        let plan = plans.first(where: { $0.steps[0].key == key && $0.depth == codingPath.count })
      else {
        fresh.learned = [step()]
        instance = fresh
        return nil
      }
      fresh.plan = plan
      fresh.values = prefetch(plan)
      fresh.next = 1
      let value = fresh.values[0]
      if plan.steps.count == 1 { fresh.values = [] }
      instance = fresh
      return value
    }

    /// Ends the instance: what it learned becomes the plan for its first read.
    mutating func finish() {
      guard let learned = instance?.learned, let first = learned.first,
        let depth = instance?.codingPath.count
      else {
        instance = nil
        return
      }
      instance = nil
      plans.removeAll { $0.steps[0].key == first.key && $0.depth == depth }
      plans.insert(Plan(learned, depth: depth), at: 0)
      if plans.count > Self.maximumPlans { plans.removeLast() }
    }

    /// Every thread's state.
    static let states = ThreadLocal { State() }
  }
}
