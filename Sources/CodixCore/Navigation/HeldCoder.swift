/// What a per-thread container cache compares on its hot path (decoding's
/// `KeyedContainerCache`, encoding's `EncodingContainerCache`): the static
/// type of the decoder or encoder it holds, the address of that object, and
/// one word of it at an offset (the decoder's coding-path node, the object
/// the encoder writes into). `type` is zero while no coder is recognized from
/// its words (the decoding cache also keeps a node's word here for its slow
/// path).
///
/// Sound because the cache's entry holds the coder and what the word points
/// to: neither address can be reused by another object while the entry lives.
struct HeldCoder {
  var type: UInt = 0
  var address: UInt = 0
  var offset = 0
  var word: UInt = 0

  /// Whether `coder`, passed as `C`, is the held object, and its word is
  /// still the held word.
  @inline(__always)
  func holds<C>(_ coder: C) -> Bool {
    // Compares the static type first: that skips a dynamic-type lookup.
    guard UInt(bitPattern: ObjectIdentifier(C.self)) == type else { return false }
    // `C` is the class type recorded: its value is one reference.
    let object = unsafeBitCast(coder, to: UInt.self)
    return object == address && Self.word(at: object, offset: offset) == word
  }

  /// The word at `offset` in the live object at `address`.
  @inline(__always)
  static func word(at address: UInt, offset: Int) -> UInt {
    // safe: callers pass the address of a live object of the type whose
    // one-word field is at `offset` (a cache entry or the caller keeps it alive).
    UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped
      .load(fromByteOffset: offset, as: UInt.self)
  }
}
