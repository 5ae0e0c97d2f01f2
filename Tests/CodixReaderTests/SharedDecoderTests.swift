import CodixCore
import Foundation
import Testing

// One `CodixJSONDecoder` shared by many tasks, and the options a decode
// starts with: each decode reads them whole, as they were before a change
// or after it, and what follows from them (whether the reader reads the
// document itself, whether keys are converted) follows every change.

private struct Reading: Decodable, Equatable {
  let userName: String
  let score: Int
}

private let snakeCased = Data(#"{"user_name":"Ana","score":7}"#.utf8)
private let expected = Reading(userName: "Ana", score: 7)

@Test func oneDecoderServesManyThreadsWhileItsOptionsChange() async throws {
  let decoder = CodixJSONDecoder()
  try await withThrowingTaskGroup(of: Void.self) { group in
    for _ in 0..<4 {
      group.addTask { () throws in
        // Under `.useDefaultKeys` the key is missing; under
        // `.convertFromSnakeCase` the document reads whole. Any other
        // outcome throws out of the task and fails the test.
        for _ in 0..<200 {
          do {
            #expect(try decoder.decode(Reading.self, from: snakeCased) == expected)
          } catch let DecodingError.keyNotFound(key, _) {
            #expect(key.stringValue == "userName")
          }
        }
      }
    }
    group.addTask {
      for round in 0..<400 {
        decoder.keyDecodingStrategy =
          round.isMultiple(of: 2) ? .convertFromSnakeCase : .useDefaultKeys
      }
    }
    try await group.waitForAll()
  }
}

@Test func whatFollowsFromTheOptionsFollowsEveryChange() throws {
  let decoder = CodixJSONDecoder()
  #expect(throws: DecodingError.self) { try decoder.decode(Reading.self, from: snakeCased) }
  decoder.keyDecodingStrategy = .convertFromSnakeCase
  #expect(try decoder.decode(Reading.self, from: snakeCased) == expected)
  decoder.keyDecodingStrategy = .useDefaultKeys
  #expect(throws: DecodingError.self) { try decoder.decode(Reading.self, from: snakeCased) }

  // JSON5 is read by JSONDecoder: only while `allowsJSON5` is set.
  let json5 = Data("{userName: 'Ana', score: 7,}".utf8)
  #expect(throws: DecodingError.self) { try decoder.decode(Reading.self, from: json5) }
  decoder.allowsJSON5 = true
  #expect(try decoder.decode(Reading.self, from: json5) == expected)
  decoder.allowsJSON5 = false
  #expect(throws: DecodingError.self) { try decoder.decode(Reading.self, from: json5) }

  // A copy of the options made from a JSONDecoder carries its strategy.
  let foundation = JSONDecoder()
  foundation.keyDecodingStrategy = .convertFromSnakeCase
  #expect(try CodixJSONDecoder(foundation).decode(Reading.self, from: snakeCased) == expected)

  // Codix's entry points take a decoder's options at each decode, on
  // either decoder: a change between two decodes is the second's.
  for decoder in [CodixJSONDecoder(), CodixJSONDecoder(foundation)] {
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    #expect(try decoder.decode(Reading.self, from: snakeCased, at: "") == expected)
    decoder.keyDecodingStrategy = .useDefaultKeys
    #expect(throws: CodixError.self) {
      try decoder.decode(Reading.self, from: snakeCased, at: "")
    }
  }
  let plain = JSONDecoder()
  plain.keyDecodingStrategy = .convertFromSnakeCase
  #expect(try plain.decode(Reading.self, from: snakeCased, at: "") == expected)
  plain.keyDecodingStrategy = .useDefaultKeys
  #expect(throws: CodixError.self) { try plain.decode(Reading.self, from: snakeCased, at: "") }
}
