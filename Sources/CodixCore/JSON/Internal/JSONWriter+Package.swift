import Foundation

// A way in for Codix's own styles: members written into the object
// CodixJSONEncoder is writing, straight, without a KeyedEncodingContainer
// (its box, its witness calls) and without an Encodable round trip for a
// scalar or for JSON the caller has already written.
//
//     if var object = JSONMemberWriter(encoder) {     // CodixJSONEncoder's encoder
//       try object.write("Ada", forKey: "name")        // "name":"Ada"
//       var address = object.nestedObject(forKey: "address")
//       try address.write("London", forKey: "city")   // "address":{"city":"London"
//       try object.writeJSON(Array("[1,2]".utf8), forKey: "raw")
//     }
//
// Keys go through the encoder's key strategy, as a CodixKey of the text.
// A key written twice keeps its first place with its last value; a nested
// object asked for again under the key of the last member is the same one
// (dotted paths that share a prefix in a row: "address.city",
// "address.zip"). Anything else the stream cannot do, a writer hands to the
// tree as the containers do (see JSONWriter.swift), so every use gives what
// the Codable API would.

/// Direct writes into an object of CodixJSONEncoder's output (see above).
package struct JSONMemberWriter {
  private let writer: JSONWriter
  private let frame: FrameRef
  private let owner: FrameRef

  /// The object the value being encoded to `encoder` writes into, opened
  /// now or earlier, when `encoder` is CodixJSONEncoder's stream (the
  /// encoder of a value it encodes); nil for any other encoder, the tree's
  /// included (a type whose values needed the tree goes there at once):
  /// then the Codable API writes the same.
  /// Whether `encoder` is one of CodixJSONEncoder's: a comparison of its
  /// type, cheaper than the cast `init?(_:)` makes, for encoders that are
  /// mostly of another kind.
  @inline(__always)
  package static func mayWrite(_ encoder: any Encoder) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: encoder))
    return type == ObjectIdentifier(JSONWriter.self) || type == ObjectIdentifier(SlotEncoder.self)
  }

  package init?(_ encoder: any Encoder) {
    let slot: FrameRef
    let writer: JSONWriter
    if let streaming = encoder as? JSONWriter, streaming.currentSlot >= 0 {
      writer = streaming
      slot = FrameRef(streaming.currentSlot, streaming.frames[streaming.currentSlot].generation)
    } else if let superEncoder = encoder as? SlotEncoder {
      writer = superEncoder.writer
      slot = superEncoder.slot
    } else {
      return nil
    }
    let owner = writer.isOpen(slot) ? writer.ownerRef(of: Int(slot.index)) : slot
    self.init(
      writer: writer,
      frame: writer.container(
        .object, at: slot, owner: owner,
        misuse: "A keyed container was asked for where another kind of value is.") ?? .dead,
      owner: owner)
  }

  private init(writer: JSONWriter, frame: FrameRef, owner: FrameRef) {
    self.writer = writer
    self.frame = frame
    self.owner = owner
  }

  /// The coding path of the object.
  package var codingPath: [any CodingKey] { writer.containerPath(frame) }

  @inline(__always)
  private func begin(_ key: String) throws {
    try writer.beginMember(writer.keyText(CodixKey(key), in: frame), in: frame, owner: owner)
  }

  /// Writes `"key":null`.
  package mutating func writeNil(forKey key: String) throws {
    try begin(key)
    writer.out.appendNull()
  }

  /// Writes `"key":"value"`.
  package mutating func write(_ value: String, forKey key: String) throws {
    try begin(key)
    writer.out.append(string: value)
  }

  /// Writes `"key":true` or `false`.
  package mutating func write(_ value: Bool, forKey key: String) throws {
    try begin(key)
    writer.out.append(value)
  }

  /// Writes an integer member.
  package mutating func write(_ value: Int, forKey key: String) throws {
    try begin(key)
    writer.out.append(Int64(value))
  }

  /// Writes an integer member.
  package mutating func write(_ value: UInt64, forKey key: String) throws {
    try begin(key)
    writer.out.append(value)
  }

  /// Writes a Double member as JSONEncoder spells it; a non-conforming one
  /// as the encoder's strategy says (or the error JSONEncoder throws).
  package mutating func write(_ value: Double, forKey key: String) throws {
    try writer.checkConforming(value, path: writer.valuePath(frame, CodixKey(key)))
    try begin(key)
    try writer.append(value, path: [])
  }

  /// Writes a Float member, as `write(_:forKey:)` writes a Double.
  package mutating func write(_ value: Float, forKey key: String) throws {
    try writer.checkConforming(value, path: writer.valuePath(frame, CodixKey(key)))
    try begin(key)
    try writer.append(value, path: [])
  }

  /// Writes any value as a member, as `encode(_:forKey:)` of a keyed
  /// container does (a standard scalar, an array of them, a URL or a
  /// Decimal without a nested encoder).
  package mutating func write<T: Encodable>(_ value: T, forKey key: String) throws {
    var container = KeyedWriter<CodixKey>(writer: writer, frame: frame, owner: owner)
    try container.encode(value, forKey: CodixKey(key))
  }

  /// Writes `"key":` and `json`, which must be one whole JSON value in
  /// UTF-8, as it is (it is not checked).
  package mutating func writeJSON(_ json: [UInt8], forKey key: String) throws {
    try begin(key)
    writer.out.append(json)
  }

  /// The object at `key`: a new member, or the last member's object when
  /// the last member has this key.
  package mutating func nestedObject(forKey key: String) -> JSONMemberWriter {
    let nested = writer.nestedMemberContainer(
      .object, text: writer.keyText(CodixKey(key), in: frame), key: CodixKey(key), in: frame,
      owner: owner)
    return JSONMemberWriter(writer: writer, frame: nested, owner: owner)
  }
}
