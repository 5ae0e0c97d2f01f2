import Foundation

/// Keys converted to snake case exactly as JSONEncoder converts them: by
/// JSONEncoder itself (its conversion is not public), once per key text for
/// the process. JSONEncoder reads Unicode categories from its own tables;
/// asking it keeps every key, ASCII or not, byte for byte its spelling.
enum SnakeCaseKeys {
  /// The most keys kept; past it, keys are converted without being kept.
  private static let limit = 4096
  private static let known = KnownKeys()

  static func convert(_ key: String) -> String {
    if let converted = known.value(for: key) { return converted }
    let converted = foundationConversion(of: key)
    known.store(converted, for: key, limit: limit)
    return converted
  }

  /// JSONEncoder's snake-case spelling of `key`: an object of that one key
  /// encoded and read back.
  private static func foundationConversion(of key: String) -> String {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    guard let data = try? encoder.encode(OneKey(key: key)),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let converted = object.keys.first
    else { return key }
    return converted
  }

  /// An object with one member, named `key`.
  private struct OneKey: Encodable {
    let key: String

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodixKey.self)
      try container.encode(0, forKey: CodixKey(key))
    }
  }

  private final class KnownKeys: @unchecked Sendable {
    // Unchecked: `keys` is touched only while holding `lock`.
    private let lock = NSLock()
    private var keys: [String: String] = [:]

    func value(for key: String) -> String? {
      lock.lock()
      defer { lock.unlock() }
      return keys[key]
    }

    func store(_ converted: String, for key: String, limit: Int) {
      lock.lock()
      defer { lock.unlock() }
      if keys.count < limit { keys[key] = converted }
    }
  }
}
