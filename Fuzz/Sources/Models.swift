import CodixPath
import CodixWrappers
import Foundation
import Synchronization

// The model shapes the fuzz target decodes each input into.

// MARK: - Any JSON value

/// Any JSON value, read through every kind of container, with each scalar
/// read as every type it could be: a number as each integer width, as
/// `Double`, `Float` and `Decimal`; a string as `String`, `URL` and base64
/// `Data`. Each read is recorded (a value or an error), so a difference in
/// any of them shows, not only in the first that fails.
///
/// Below `depthLimit` levels a value is not read (`deeper`): JSONDecoder
/// builds an error's coding path in time that grows with the square of its
/// depth, so the reads that fail would make a deeply nested document take
/// seconds. Both decoders still scan all of it.
indirect enum AnyJSON: Decodable, Equatable {
  case deeper
  case null
  case bool(Bool)
  case number([Reading])
  case string([Reading])
  case array([AnyJSON], [Reading])
  /// Keys sorted (JSONDecoder lists them in no set order), their values,
  /// and the reads of the keyed container's other methods.
  case object([String], [AnyJSON], [Reading])

  static let depthLimit = 32

  init(from decoder: any Decoder) throws {
    guard let depth = decoder.userInfo[Depth.key] as? Depth else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The decoder's userInfo has no Depth."))
    }
    let level = depth.enter()
    defer { depth.leave() }
    guard level <= Self.depthLimit else {
      self = .deeper
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
      return
    }
    if let value = try? single.decode(Bool.self) {
      self = .bool(value)
      return
    }
    if !Self.isTypeMismatch(read { try single.decode(Double.self) }) {
      self = .number(Self.numberReadings(single))
      return
    }
    if !Self.isTypeMismatch(read { try single.decode(String.self) }) {
      self = .string([
        read { try single.decode(String.self) },
        read { try single.decode(URL.self).absoluteString },
        read { try single.decode(Data.self).base64EncodedString() },
      ])
      return
    }
    do {
      var unkeyed = try decoder.unkeyedContainer()
      var readings = [read { unkeyed.count ?? -1 }]
      var elements: [AnyJSON] = []
      while !unkeyed.isAtEnd {
        if elements.count % 3 == 1 {
          // Every third element: whether it is null, then it read again.
          readings.append(read { try unkeyed.decodeNil() })
          if unkeyed.isAtEnd { break }
        }
        elements.append(try unkeyed.decode(AnyJSON.self))
      }
      readings.append(read { try unkeyed.decode(Int.self) })
      readings.append(read { try unkeyed.decodeIfPresent(String.self) })
      readings.append(read { unkeyed.currentIndex })
      self = .array(elements, readings)
      return
    } catch DecodingError.typeMismatch {}
    let keyed = try decoder.container(keyedBy: AnyKey.self)
    let keys = keyed.allKeys.map(\.stringValue).sorted(by: canonicallyPrecedes)
    var values: [AnyJSON] = []
    for key in keys {
      values.append(try keyed.decode(AnyJSON.self, forKey: AnyKey(key)))
    }
    // The other ways in, at keys models often ask for, there or not.
    var readings: [Reading] = []
    for name in ["id", "name", "items", "a", "value"] {
      let key = AnyKey(name)
      readings.append(read { keyed.contains(key) })
      readings.append(read { try keyed.decodeNil(forKey: key) })
      readings.append(read { try keyed.decodeIfPresent(Int.self, forKey: key) })
      readings.append(read { try keyed.decodeIfPresent(String.self, forKey: key) })
      readings.append(read { try keyed.decode([Int].self, forKey: key) })
      readings.append(
        read { try keyed.nestedContainer(keyedBy: AnyKey.self, forKey: key).allKeys.count })
      readings.append(read { try keyed.nestedUnkeyedContainer(forKey: key).count ?? -1 })
      readings.append(
        read { try keyed.superDecoder(forKey: key).singleValueContainer().decodeNil() })
      readings.append(read { try keyed.superDecoder(forKey: key).codingPath.map(\.stringValue) })
    }
    self = .object(keys, values, readings)
  }

  private static func numberReadings(_ single: any SingleValueDecodingContainer) -> [Reading] {
    [
      read { try single.decode(Int.self) }, read { try single.decode(Int8.self) },
      read { try single.decode(UInt8.self) }, read { try single.decode(Int32.self) },
      read { try single.decode(UInt64.self) }, read { try single.decode(Int128.self) },
      read { try single.decode(UInt128.self) }, read { try single.decode(Double.self).bitPattern },
      read { try single.decode(Float.self).bitPattern }, read { try single.decode(Decimal.self) },
      read { try single.decode(Date.self).timeIntervalSinceReferenceDate.bitPattern },
    ]
  }

  private static func isTypeMismatch(_ reading: Reading) -> Bool {
    if case .failure(let failure) = reading { return failure.kind == "typeMismatch" }
    return false
  }
}

/// How deep the `AnyJSON` being decoded is: one per decode, in its
/// decoder's `userInfo`.
final class Depth: Sendable {
  static let key = CodingUserInfoKey(rawValue: "codix.fuzz.depth")!
  private let level = Mutex(0)

  /// One level deeper; the new level.
  func enter() -> Int {
    level.withLock { level in
      level += 1
      return level
    }
  }

  func leave() {
    level.withLock { $0 -= 1 }
  }
}

// MARK: - The path style: wildcards, aliases, defaults, lossy reads

/// Reads of the path style, each recorded.
struct PathModel: Decodable, Equatable {
  var readings: [Reading]

  init(from decoder: any Decoder) throws {
    readings = [
      read { try decoder.decode([Int].self, at: "items[*].id") },
      read { try decoder.decodeIfPresent([String].self, at: "items[*].name") },
      read { try decoder.decode([[Int]].self, at: "rows[*][*]") },
      read { try decoder.decode(String.self, atFirstOf: ["name", "user.name", "data.user_name"]) },
      read { try decoder.decodeIfPresent(Int.self, atFirstOf: ["id", "user_id", "items[0].id"]) },
      read { try decoder.decode(Int.self, at: "items[-1].id") },
      read { try decoder.decode(Int.self, at: "meta.count", default: -1) },
      read { try decoder.decodeLossy([Int].self, at: "values") },
      read { try decoder.decode(Double.self, at: "a.b[1].c") },
      read { try decoder.decodeIfPresent(Bool.self, at: "flags[2]") },
      read {
        do {
          return try decoder.decode([String: Int].self, at: "counts").sorted {
            canonicallyPrecedes($0.key, $1.key)
          }
        } catch let error as CodixError
          where error.path.components.count > 1 || error.kind == .dataCorrupted
        {
          // JSONDecoder reads a dictionary's values in its own hash order,
          // which changes from one process to the next: when several fail,
          // which one it reports (and so its kind) is not set. When it
          // meets a number it cannot read first, Codix finds the number
          // again only if no other value fails before it in key order.
          return [(key: "a value of counts failed", value: 0)]
        }
      },
      read {
        try decoder.decode(
          String.self, at: "user.name", using: { (raw: String) in raw.uppercased() })
      },
      read { try decoder.decode(Item.self, at: "items[0]") },
      read { try decoder.decodeIfPresent([Item].self, at: "items") },
    ]
  }

  struct Item: Decodable, Equatable, CustomStringConvertible {
    var id: Int
    var name: String?

    init(from decoder: any Decoder) throws {
      id = try decoder.decode(at: "id")
      name = try decoder.decodeIfPresent(atFirstOf: ["name", "title"])
    }

    var description: String { "Item(\(id), \(name ?? "nil"))" }
  }
}

// MARK: - The wrapper style: defaults and lossy arrays

struct WrapperModel: Kodable, Equatable {
  @Coding var id: Int = 0
  @Coding("user.name") var name: String = "anonymous"
  @Coding var tags: [String] = []
  @Coding var values: [Int]?
  @Coding("items[0].id") var first: Int?
  @Coding var flag: Bool = false
  @Coding("meta.count", .enforceTypeDecoding) var count: Int?
  @Coding var score: Double?
  @Coding var items: [Item] = []
  @Coding("id", .aliases("user_id", "data.id")) var anyID: Int?
  @Coding("counts") var counts: [String: Int]?

  struct Item: Kodable, Equatable {
    @Coding var id: Int
    @Coding var name: String?
  }
}

/// Whether `a` comes before `b` by their canonical (NFC) scalars.
///
/// Swift's `<` on String is not a strict weak order for some mixes of
/// precomposed and decomposed letters ("caf\u{E9}-" and "cafe\u{301}": neither
/// is less, and they are not equal), so a sort by it depends on the order
/// the decoder listed the keys in, which differs between decoders.
func canonicallyPrecedes(_ a: String, _ b: String) -> Bool {
  a.precomposedStringWithCanonicalMapping.unicodeScalars.lexicographicallyPrecedes(
    b.precomposedStringWithCanonicalMapping.unicodeScalars, by: { $0.value < $1.value })
}
