import Foundation
import Testing

@testable import CodixCore

// The one navigation step and the one definition of "absent", below the
// end-to-end tests.

/// Runs `body` with a decoder at the root of `json`.
private func atRoot<T>(_ json: String, _ body: @escaping (any Decoder) throws -> T) throws -> T {
  let box = Box(body)
  let decoder = JSONDecoder()
  decoder.userInfo[Box<T>.key] = box
  return try decoder.decode(Run<T>.self, from: Data(json.utf8)).value
}

private final class Box<T>: @unchecked Sendable {
  static var key: CodingUserInfoKey { CodingUserInfoKey(rawValue: "box")! }
  let body: (any Decoder) throws -> T
  init(_ body: @escaping (any Decoder) throws -> T) { self.body = body }
}

private struct Run<T>: Decodable {
  let value: T
  init(from decoder: any Decoder) throws {
    let box = try #require(decoder.userInfo[Box<T>.key] as? Box<T>)
    value = try box.body(decoder)
  }
}

private func reason(_ step: Navigator.Step) -> String {
  switch step {
  case .present: "present"
  case .absent(let absence):
    switch absence.reason {
    case .missingKey: "missing \(absence.cursor.path)"
    case .null: "null \(absence.cursor.path)"
    case .outOfRange(let index, let count): "out of range \(index)/\(count) \(absence.cursor.path)"
    }
  }
}

private let document = #"{"a": {"b": [10, null, {"c": 3}]}, "n": null}"#

@Test(arguments: [
  ("a.b[2].c", "present"),
  ("a.x.c", "missing a.x"),
  ("n.c", "null n"),
  ("a.b[1].c", "null a.b[1]"),
  ("a.b[5]", "out of range 5/3 a.b"),
  ("a.b[-4]", "out of range -4/3 a.b"),
  ("missing", "present"),  // a step points at a key; the read finds it absent
])
func walksStopAtTheFirstAbsentStep(path: String, expected: String) throws {
  let result = try atRoot(document) { decoder in
    reason(try Navigator.walk(Path(path), from: .root(decoder)))
  }
  #expect(result == expected)
}

@Test func aWrongKindOfValueIsAnErrorNotAnAbsence() throws {
  let error = try atRoot(document) { decoder -> CodixError? in
    do {
      _ = try Navigator.walk("a.b.c", from: .root(decoder))
      return nil
    } catch let error as CodixError {
      return error
    } catch {
      return nil
    }
  }
  #expect(error?.kind == .typeMismatch)
  #expect(error?.path == "a.b")
}

@Test func theAbsenceErrorIsTheOneMissingKeyError() throws {
  let error = try atRoot(#"{"nick_name": 1, "age": 2}"#) { decoder -> CodixError in
    guard case .absent(let absence) = try Navigator.walk("nickname.x", from: .root(decoder)) else {
      throw CodixError(kind: .dataCorrupted)
    }
    return absence.error(expected: "String")
  }
  #expect(error.kind == .keyNotFound)
  #expect(error.path == "nickname")
  #expect(error.expected == "String")
  guard case .noKey(let missing, let keys)? = error.detail else {
    Issue.record("expected a missing-key detail")
    return
  }
  #expect(missing == "nickname")
  #expect(keys.sorted() == ["age", "nick_name"])
  #expect(
    error.message == #"No key "nickname" among "age", "nick_name". Did you mean "nick_name"?"#)
}

@Test func probingTellsMissingFromNull() throws {
  let reasons = try atRoot(#"{"n": null, "v": 1}"#) { decoder -> [String] in
    let object = try decoder.container(keyedBy: CodixKey.self)
    return ["n", "v", "x"].map { key in
      var cursor = Cursor.keyed(object, CodixKey(key))
      switch Absence.of(&cursor)?.reason {
      case .missingKey?: return "missing"
      case .null?: return "null"
      case .outOfRange?: return "range"
      case nil: return "present"
      }
    }
  }
  #expect(reasons == ["null", "present", "missing"])
}
