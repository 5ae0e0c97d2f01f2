import CodixCorpus
import CodixPath
import Foundation

// The writer's comparisons: the same synthesized Encodable values encoded by
// CodixJSONEncoder and by JSONEncoder, with and without `.sortedKeys`, for
// twitter.json, citm_catalog.json, canada.json and the generated payload.
// The values are decoded once, on first use. Targets.swift prints the
// targets by these titles and names: rename them in both places.

/// The values the writer's scenarios encode, decoded on first use (a memory
/// measurement's process decodes only its own before its baseline).
enum Encoded {
  case twitter, citm, canada, payload

  /// Decodes this document's value now.
  func load() {
    switch self {
    case .twitter: _ = Values.twitter
    case .citm: _ = Values.citm
    case .canada: _ = Values.canada
    case .payload: _ = Values.payload
    }
  }

  enum Values {
    static let twitter = decoded(Timeline.self, .twitter)
    static let citm = decoded(Catalog.self, .citm)
    static let canada = decoded(FeatureCollection.self, .canada)
    static let payload = decoded(SynthesizedResponse.self, .payload)

    private static func decoded<T: Decodable>(_ type: T.Type, _ document: Document) -> T {
      do {
        return try JSONDecoder().decode(type, from: document.data)
      } catch {
        print("Decoding \(document) for the writer's benchmark failed: \(error)")
        exit(1)
      }
    }
  }
}

/// The writer's scenarios, in the order they run. Building them reads no input.
func nativeWriterScenarios() -> [Scenario] {
  let goal = "Synthesized Encodable: CodixJSONEncoder's time over JSONEncoder's"
  var scenarios = [
    writerScenario(
      title: "CodixJSONEncoder, twitter.json: 100 statuses with users, entities, retweets",
      goal: goal, value: { Encoded.Values.twitter }, input: .twitter, target: 0.40,
      iterations: (2, 10), memoryTarget: 1),
    writerScenario(
      title: "CodixJSONEncoder, citm_catalog.json: the whole catalogue", goal: goal,
      value: { Encoded.Values.citm }, input: .citm, target: 0.32, iterations: (1, 4)),
  ]
  if Document.canadaPath != nil {
    scenarios.append(
      writerScenario(
        title: "CodixJSONEncoder, canada.json: 111,126 doubles in rings of points", goal: goal,
        value: { Encoded.Values.canada }, input: .canada, target: 0.12, iterations: (1, 1)))
  }
  scenarios.append(
    writerScenario(
      title: "CodixJSONEncoder, generated payload: 2,000 users x 11 fields", goal: goal,
      value: { Encoded.Values.payload }, input: .payload, target: 0.40, iterations: (1, 4)))
  return scenarios
}

/// One document's scenario: JSONEncoder and CodixJSONEncoder, then both with
/// `.sortedKeys`. The check: the sorted outputs are the same bytes, and
/// the unsorted one decodes to the same value.
private func writerScenario<T: Codable & Equatable>(
  title: String, goal: String, value: @escaping () -> T, input: Encoded, target: Double,
  iterations: (Int, Int), memoryTarget: Double? = nil
) -> Scenario {
  let foundation = JSONEncoder()
  let codix = CodixJSONEncoder()
  let sortedFoundation = JSONEncoder()
  sortedFoundation.outputFormatting = .sortedKeys
  let sortedCodix = CodixJSONEncoder(sortedFoundation)
  return Scenario(
    title: title, goal: goal, iterations: iterations, memoryTarget: memoryTarget,
    check: {
      let expected = try sortedFoundation.encode(value())
      guard try sortedCodix.encode(value()) == expected else {
        print("Sanity: \(title): the sorted outputs differ.")
        exit(1)
      }
      guard try JSONDecoder().decode(T.self, from: codix.encode(value())) == value() else {
        print("Sanity: \(title): CodixJSONEncoder's output decodes to another value.")
        exit(1)
      }
    },
    cases: [
      Case(name: "JSONEncoder", prepare: input.load) { try foundation.encode(value()).count },
      Case(name: "CodixJSONEncoder", target: target, prepare: input.load) {
        try codix.encode(value()).count
      },
      Case(name: "JSONEncoder, .sortedKeys", prepare: input.load) {
        try sortedFoundation.encode(value()).count
      },
      Case(
        name: "CodixJSONEncoder, .sortedKeys", against: "JSONEncoder, .sortedKeys",
        target: 0.45, prepare: input.load
      ) { try sortedCodix.encode(value()).count },
    ])
}
