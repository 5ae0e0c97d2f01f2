import CodixCore
import Foundation
import Testing

private func value(_ json: String) throws -> JSONValue {
  try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
}

@Test func everyKindOfValueIsRead() throws {
  let read = try value(
    #"{"s": "text", "t": true, "f": false, "n": null, "i": -42, "d": 2.5, "a": [1, "x", [], {}], "o": {"k": {"deep": [null]}}}"#
  )
  #expect(
    read
      == [
        "s": "text", "t": true, "f": false, "n": .null, "i": -42, "d": 2.5,
        "a": [1, "x", [], [:]], "o": ["k": ["deep": [.null]]],
      ])
}

@Test(arguments: [
  ("9223372036854775807", JSONValue.int(.max)),
  ("-9223372036854775808", .int(.min)),
  ("9223372036854775808", .uint(9_223_372_036_854_775_808)),
  ("18446744073709551615", .uint(.max)),
  ("123456789012345678901234567890", .decimal(Decimal(string: "123456789012345678901234567890")!)),
  (
    "-123456789012345678901234567890", .decimal(Decimal(string: "-123456789012345678901234567890")!)
  ),
  ("0.1", .double(0.1)),
  ("1e300", .double(1e300)),
  ("1.0", .int(1)),
])
func numbersKeepWhatTheyAre(text: String, expected: JSONValue) throws {
  #expect(try value(text) == expected)
  // Written back, the number reads as the same value.
  let written = try JSONEncoder().encode(expected)
  #expect(try JSONDecoder().decode(JSONValue.self, from: written) == expected)
}

@Test func subscriptsByKeyIndexAndPath() throws {
  let read = try value(#"{"user": {"name": "Ana", "tags": ["a", "b", "c"], "a.b": 1}}"#)
  #expect(read["user"]?["name"] == "Ana")
  #expect(read["user"]?["tags"]?[0] == "a")
  #expect(read["user"]?["tags"]?[-1] == "c")
  #expect(read["user"]?["tags"]?[3] == nil)
  #expect(try value(#"{"n": null}"#)["n"] == .null)  // present, and null
  #expect(read["user"]?["tags"]?[-4] == nil)
  #expect(read["nobody"] == nil)
  #expect(read[0] == nil)
  #expect(read["user"]?["name"]?["x"] == nil)
  #expect(read[path: "user.tags[1]"] == "b")
  #expect(read[path: "user.tags[-2]"] == "b")
  #expect(read[path: #"user["a.b"]"#] == 1)
  #expect(read[path: ""] == read)
  #expect(read[path: "user.missing.deeper"] == nil)
  #expect(read[path: "user.tags["] == nil)  // not a valid path
}

@Test func accessorsAnswerOnlyForTheirKind() {
  let values: JSONValue = ["s": "x", "b": true, "i": 3, "u": .uint(.max), "d": 1.5, "n": .null]
  #expect(values["s"]?.stringValue == "x")
  #expect(values["s"]?.intValue == nil)
  #expect(values["b"]?.boolValue == true)
  #expect(values["i"]?.intValue == 3)
  #expect(values["i"]?.doubleValue == 3)
  #expect(values["u"]?.intValue == nil)  // does not fit in Int
  #expect(values["u"]?.doubleValue == Double(UInt64.max))
  #expect(values["d"]?.doubleValue == 1.5)
  #expect(values["d"]?.intValue == nil)
  #expect(values["n"]?.isNull == true)
  #expect(values["s"]?.isNull == false)
  #expect(values.objectValue?.count == 6)
  #expect(values["s"]?.arrayValue == nil)
  #expect(JSONValue.array([1, 2]).arrayValue == [1, 2])
}

@Test func descriptionIsCompactJSONWithSortedKeys() throws {
  let text: JSONValue = ["b": [1, 2.5, .null, true], "a": "q\"uote\n", "c": [:]]
  #expect(text.description == #"{"a":"q\"uote\n","b":[1,2.5,null,true],"c":{}}"#)
  // The description is JSON that reads back as the same value.
  #expect(try value(text.description) == text)
  let controls: JSONValue = ["line\r\nbreak\u{1}": "tab\tcr\rlf\n\u{1F}"]
  #expect(controls.description == #"{"line\r\nbreak\u0001":"tab\tcr\rlf\n\u001f"}"#)
  #expect(try value(controls.description) == controls)
}

@Test func decodesATypedModelFromAValue() throws {
  struct Song: Decodable, Equatable {
    let id: Int
    let title: String
  }
  let items = try value(#"[{"type": "song", "id": 1, "title": "T"}, {"type": "user", "id": 2}]"#)
  let songs = try (items.arrayValue ?? []).filter { $0["type"] == "song" }.map {
    try $0.decode(Song.self)
  }
  #expect(songs == [Song(id: 1, title: "T")])
  #expect(throws: CodixError.self) { try items[1]?.decode(Song.self) }
}

@Test func anythingJSONCannotHoldIsACodixError() throws {
  let data = try PropertyListEncoder().encode(["when": Date(timeIntervalSince1970: 0)])
  do {
    _ = try PropertyListDecoder().decode([String: JSONValue].self, from: data)
    Issue.record("expected an error")
  } catch let error as CodixError {
    #expect(error.expected == "a JSON value")
    #expect(error.path == "when")
  }
}

@Test func aFloatLiteralIsTheNumberADocumentWouldGive() throws {
  let whole: JSONValue = 2.0
  let fraction: JSONValue = 2.5
  #expect(whole == .int(2))
  #expect(fraction == .double(2.5))
  let value: JSONValue = ["a": 2.0, "b": 2.5, "c": 1e300]
  let back = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
  #expect(back == value)
}

@Test(arguments: [false, true])
func aNumberOutOfRangeIsReportedAtItsOwnPath(throughFoundation: Bool) throws {
  let json = JSONDecoder()
  json.userInfo[.codixReadsThroughFoundation] = throughFoundation
  let cases: [(String, Path, String)] = [
    (#"{"ok": 1, "big": 1e400}"#, "big", "1e400"),
    (#"[1, [2, {"a": -1e999}]]"#, "[1][1].a", "-1e999"),
  ]
  for (text, path, number) in cases {
    let data = Data(text.utf8)
    // Read by Codix's reader, the number is shown as written. Foundation's
    // own error for it is not public: through JSONDecoder the report has
    // the path and what was expected, not the number.
    let readByCodix = [
      try #require(throws: CodixError.self) {
        try CodixJSONDecoder().decode(JSONValue.self, from: data)
      }
    ]
    let foundation = try #require(throws: CodixError.self) {
      try JSONDecoder().decode(JSONValue.self, from: data)
    }
    let throughEntryPoint = try #require(throws: CodixError.self) {
      try json.decode(JSONValue.self, from: data, at: .root)
    }
    for error in readByCodix + [foundation, throughEntryPoint] {
      #expect(error.path == path)
      #expect(error.kind == .dataCorrupted)
      #expect(error.expected == "a JSON value")
    }
    for error in readByCodix + (throughFoundation ? [] : [throughEntryPoint]) {
      #expect(error.found == number)
      #expect(error.description.contains("The number \(number) is out of range"))
    }
  }
  // A value inside still reads, and the rest of the kinds are as before.
  #expect(
    try value(#"{"ok": [1, {"a": null}]}"#)
      == .object(["ok": .array([.int(1), .object(["a": .null])])]))
}
