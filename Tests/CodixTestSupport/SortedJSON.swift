import Foundation

/// `value` encoded by a `JSONEncoder` with sorted keys, as text: one
/// spelling to compare encoded documents with.
public func sortedJSON(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}
