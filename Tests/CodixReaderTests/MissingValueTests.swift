import Foundation
import Testing

@testable import CodixCore

// A decoder at a missing key (`superDecoder(forKey:)`) stands at no entry of
// the tape: every way of reading it answers as JSONDecoder does, and none
// reads the tape at that index.

/// What each read of a decoder at a missing key gives, as text.
private struct MissingReads: Decodable, Equatable {
  var outcomes: [String] = []

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodixKey.self)
    let missing = try container.superDecoder(forKey: CodixKey("absent"))
    func attempt(_ name: String, _ read: () throws -> String) {
      do {
        outcomes.append("\(name): \(try read())")
      } catch let error as DecodingError {
        outcomes.append("\(name): \(Self.kind(of: error))")
      } catch {
        outcomes.append("\(name): other")
      }
    }
    attempt("nil") { "\(try missing.singleValueContainer().decodeNil())" }
    attempt("int") { "\(try missing.singleValueContainer().decode(Int.self))" }
    attempt("string") { try missing.singleValueContainer().decode(String.self) }
    attempt("double") { "\(try missing.singleValueContainer().decode(Double.self))" }
    attempt("bool") { "\(try missing.singleValueContainer().decode(Bool.self))" }
    attempt("date") { "\(try missing.singleValueContainer().decode(Date.self))" }
    attempt("array") { "\(try missing.singleValueContainer().decode([Int].self))" }
    attempt("dictionary") { "\(try missing.singleValueContainer().decode([String: Int].self))" }
    attempt("keyed") { "\(try missing.container(keyedBy: CodixKey.self).allKeys.count)" }
    attempt("unkeyed") { "\(try missing.unkeyedContainer().count ?? -1)" }
    attempt("optional") { "\(String(describing: try Int?(from: missing)))" }
  }

  private static func kind(of error: DecodingError) -> String {
    switch error {
    case .typeMismatch: "typeMismatch"
    case .valueNotFound: "valueNotFound"
    case .keyNotFound: "keyNotFound"
    case .dataCorrupted: "dataCorrupted"
    @unknown default: "unknown"
    }
  }
}

@Test func aDecoderAtAMissingKeyReadsAsJSONDecoderDoes() throws {
  let data = Data(#"{"present": 1}"#.utf8)
  let foundation = try JSONDecoder().decode(MissingReads.self, from: data)
  let codix = try CodixJSONDecoder().decode(MissingReads.self, from: data)
  #expect(codix.outcomes.count == 11)
  #expect(codix == foundation)
}
