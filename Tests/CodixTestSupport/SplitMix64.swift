/// A small, seeded random number generator: the generated inputs of the
/// fuzz and equivalence tests are the same on every run and every machine,
/// so a failure names an input that reproduces it.
public struct SplitMix64: RandomNumberGenerator {
  /// The generator's state; the seed when it is created.
  public var state: UInt64

  /// Creates a generator that starts from `state`.
  public init(state: UInt64) {
    self.state = state
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
