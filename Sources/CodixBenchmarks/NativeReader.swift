import CodixCorpus
import CodixPath
import CodixWrappers
import Foundation

// The comparisons: the same types decoded by CodixJSONDecoder and by
// JSONDecoder; Codix's models through Codix's entry points and through
// CodixJSONDecoder against hand-written Codable on JSONDecoder; one element
// deep in a document against the whole document. Each case's time is a ratio
// to the case named in its `against` (else to its scenario's first case),
// and Targets.swift compares those ratios with the project's targets by these
// titles and names: rename them in both places.

/// A scenario of the reader's comparisons: its cases, and a check that every decoder gives the
/// same values, run before it is timed.
struct Scenario {
  let title: String
  /// The target the cases with a `target` are held to, as the table of
  /// targets heads it.
  let goal: String
  let iterations: (quick: Int, full: Int)
  /// The largest ratio of peak memory the targets allow the cases that have a
  /// `target` (Memory.swift, Targets.swift); nil when no target is set.
  var memoryTarget: Double? = nil
  /// Fails the run (exit 1) unless the cases' decoders agree.
  let check: () throws -> Void
  let cases: [Case]
}

/// A document the scenarios decode, read or generated on its first use: a
/// memory measurement's process (Memory.swift) loads only its own.
enum Document {
  case twitter, citm, canada, payload, users, small, tiny

  var data: Data {
    switch self {
    case .twitter: Loaded.twitter
    case .citm: Loaded.citm
    case .canada: Loaded.canada
    case .payload: Loaded.payload
    case .users: Loaded.users
    case .small: OrderResponse.json
    case .tiny: TinyResponse.json
    }
  }

  /// Where canada.json is: in the repository's Tests/Data; nil when it is
  /// missing there (a partial checkout).
  static let canadaPath: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("Tests/Data/canada.json").standardized.path
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }()

  private enum Loaded {
    static let twitter = required("twitter.json")
    static let citm = required("citm_catalog.json")
    static let canada = canadaPath.flatMap { FileManager.default.contents(atPath: $0) } ?? Data()
    static let payload = Payload.make(count: 2_000)
    static let users = Payload.users(count: 2_000)

    static func required(_ name: String) -> Data {
      guard let data = corpus(name) else {
        print("Tests/Data/\(name) not found: the real-data benchmarks cannot run.")
        exit(1)
      }
      return data
    }
  }
}

/// Exits 1 unless every one of `decodes` gives the value the first gives.
func agree<T: Equatable>(_ what: String, _ decodes: [() throws -> T]) {
  var first: T?
  for (index, decode) in decodes.enumerated() {
    let value: T
    do {
      value = try decode()
    } catch {
      print("Sanity: \(what), decode \(index + 1) of \(decodes.count) failed: \(error)")
      exit(1)
    }
    if let first, first != value {
      print("Sanity: \(what), decode \(index + 1) gave a value different from decode 1's.")
      exit(1)
    }
    first = first ?? value
  }
}

/// Decodes `count` times, keeping each value until the next; returns `count`.
func repeated<T>(_ count: Int, _ decode: () throws -> T) rethrows -> Int {
  for _ in 0..<count { try withExtendedLifetime(decode()) {} }
  return count
}

/// The reader's scenarios, in the order they run. Building them reads no input.
func nativeReaderScenarios() -> [Scenario] {
  let foundation = JSONDecoder()
  let codix = CodixJSONDecoder()
  let user: Path = "statuses[57].user"
  let sameTypes = "Hand-written and synthesized Codable: CodixJSONDecoder's time over JSONDecoder's"
  var scenarios = [
    Scenario(
      title:
        "CodixJSONDecoder, twitter.json whole document: 100 statuses with users, entities, retweets",
      goal: sameTypes, iterations: (2, 5), memoryTarget: 1,
      check: {
        agree(
          "twitter.json, synthesized",
          [
            { try foundation.decode(Timeline.self, from: Document.twitter.data) },
            { try codix.decode(Timeline.self, from: Document.twitter.data) },
          ])
        agree(
          "twitter.json, HandStatus",
          [
            { try foundation.decode(HandTimeline.self, from: Document.twitter.data) },
            { try codix.decode(HandTimeline.self, from: Document.twitter.data) },
          ])
      },
      cases: [
        Case(name: "JSONDecoder, synthesized", input: .twitter) {
          try foundation.decode(Timeline.self, from: Document.twitter.data).statuses.count
        },
        Case(name: "CodixJSONDecoder, synthesized", target: 0.4, input: .twitter) {
          try codix.decode(Timeline.self, from: Document.twitter.data).statuses.count
        },
        Case(name: "JSONDecoder, HandStatus", input: .twitter) {
          try foundation.decode(HandTimeline.self, from: Document.twitter.data).statuses.count
        },
        Case(
          name: "CodixJSONDecoder, HandStatus", against: "JSONDecoder, HandStatus", target: 0.6,
          input: .twitter
        ) {
          try codix.decode(HandTimeline.self, from: Document.twitter.data).statuses.count
        },
      ]),
    Scenario(
      title: "CodixJSONDecoder, citm_catalog.json: the whole catalogue, synthesized",
      goal: sameTypes, iterations: (1, 2),
      check: {
        agree(
          "citm_catalog.json, synthesized",
          [
            { try foundation.decode(Catalog.self, from: Document.citm.data) },
            { try codix.decode(Catalog.self, from: Document.citm.data) },
          ])
      },
      cases: [
        Case(name: "JSONDecoder, synthesized", input: .citm) {
          try foundation.decode(Catalog.self, from: Document.citm.data).performances.count
        },
        Case(name: "CodixJSONDecoder, synthesized", target: 0.35, input: .citm) {
          try codix.decode(Catalog.self, from: Document.citm.data).performances.count
        },
      ]),
  ]
  if Document.canadaPath != nil {
    scenarios.append(
      Scenario(
        title:
          "CodixJSONDecoder, canada.json: GeoJSON polygon rings of [Double] points, synthesized",
        goal: sameTypes, iterations: (1, 1),
        check: {
          agree(
            "canada.json, synthesized",
            [
              { try foundation.decode(FeatureCollection.self, from: Document.canada.data) },
              { try codix.decode(FeatureCollection.self, from: Document.canada.data) },
            ])
        },
        cases: [
          Case(name: "JSONDecoder, synthesized", input: .canada) {
            try foundation.decode(FeatureCollection.self, from: Document.canada.data).features.count
          },
          Case(
            name: "CodixJSONDecoder, synthesized", target: 0.17, input: .canada
          ) {
            try codix.decode(FeatureCollection.self, from: Document.canada.data).features.count
          },
        ]))
  }
  scenarios += [
    Scenario(
      title:
        "CodixJSONDecoder, small API response: \(OrderResponse.json.count) bytes, 10,000 decodes, time of 1,000",
      goal: sameTypes, iterations: (3, 10),
      check: {
        agree(
          "small API response, synthesized",
          [
            { try foundation.decode(OrderResponse.self, from: Document.small.data) },
            { try codix.decode(OrderResponse.self, from: Document.small.data) },
          ])
      },
      cases: [
        Case(name: "JSONDecoder, synthesized", input: .small) {
          try repeated(1_000) {
            try foundation.decode(OrderResponse.self, from: Document.small.data)
          }
        },
        Case(name: "CodixJSONDecoder, synthesized", target: 0.3, input: .small) {
          try repeated(1_000) { try codix.decode(OrderResponse.self, from: Document.small.data) }
        },
      ]),
    Scenario(
      title:
        "CodixJSONDecoder, fixed cost: a \(TinyResponse.json.count)-byte document, 100,000 decodes, time of 10,000",
      goal: sameTypes, iterations: (3, 10),
      check: {
        agree(
          "100-byte document, synthesized",
          [
            { try foundation.decode(TinyResponse.self, from: Document.tiny.data) },
            { try codix.decode(TinyResponse.self, from: Document.tiny.data) },
          ])
      },
      cases: [
        Case(name: "JSONDecoder, synthesized", input: .tiny) {
          try repeated(10_000) {
            try foundation.decode(TinyResponse.self, from: Document.tiny.data)
          }
        },
        Case(name: "CodixJSONDecoder, synthesized", input: .tiny) {
          try repeated(10_000) { try codix.decode(TinyResponse.self, from: Document.tiny.data) }
        },
      ]),
    Scenario(
      title: "CodixJSONDecoder, generated payload: 2,000 users x 11 fields",
      goal: sameTypes, iterations: (1, 3),
      check: {
        agree(
          "generated payload, hand-written",
          [
            { try foundation.decode(HandResponse.self, from: Document.payload.data).users },
            { try codix.decode(HandResponse.self, from: Document.payload.data).users },
          ])
        agree(
          "generated payload, synthesized",
          [
            { try foundation.decode(SynthesizedResponse.self, from: Document.payload.data) },
            { try codix.decode(SynthesizedResponse.self, from: Document.payload.data) },
          ])
      },
      cases: [
        Case(name: "JSONDecoder, hand-written", input: .payload) {
          try foundation.decode(HandResponse.self, from: Document.payload.data).users.count
        },
        Case(name: "CodixJSONDecoder, hand-written", target: 0.33, input: .payload) {
          try codix.decode(HandResponse.self, from: Document.payload.data).users.count
        },
        Case(name: "JSONDecoder, synthesized", input: .payload) {
          try foundation.decode(SynthesizedResponse.self, from: Document.payload.data).response
            .users
            .count
        },
        Case(
          name: "CodixJSONDecoder, synthesized", against: "JSONDecoder, synthesized", target: 0.33,
          input: .payload
        ) {
          try codix.decode(SynthesizedResponse.self, from: Document.payload.data).response.users
            .count
        },
      ]),
    codixModels(
      foundation: foundation, codix: codix,
      title:
        "Codix models, generated payload: 2,000 users x 11 fields, against hand-written Codable on JSONDecoder",
      input: .payload, at: "response.users", iterations: (1, 3),
      handWritten: { try foundation.decode(HandResponse.self, from: $0).users.count },
      handWrittenNative: { try codix.decode(HandResponse.self, from: $0).users.count },
      path: [PathUser].self, wrappers: [WrapperUser].self),
    codixModels(
      foundation: foundation, codix: codix,
      title:
        "Codix models, dotted paths: 2,000 users x 6 fields (3 in a nested object), against hand-written Codable on JSONDecoder",
      input: .users, at: "", iterations: (2, 5),
      handWritten: { try foundation.decode([DottedHandUser].self, from: $0).count },
      handWrittenNative: { try codix.decode([DottedHandUser].self, from: $0).count },
      path: [DottedPathUser].self, wrappers: [DottedWrapperUser].self, plainToo: true),
    codixModels(
      foundation: foundation, codix: codix,
      title:
        "Codix models, twitter.json statuses: 100 x 11 fields, against hand-written Codable on JSONDecoder",
      input: .twitter, at: "statuses", iterations: (3, 15),
      handWritten: { try foundation.decode(HandTimeline.self, from: $0).statuses.count },
      handWrittenNative: { try codix.decode(HandTimeline.self, from: $0).statuses.count },
      path: [PathStatus].self, wrappers: [WrapperStatus].self),
    Scenario(
      title:
        "CodixJSONDecoder, one element deep: decode(_:from:at: \"statuses[57].user\") of twitter.json against decoding the whole document (Timeline: every status, user, entity and retweet)",
      goal:
        "decode(_:from:at: \"statuses[57].user\") of twitter.json over decoding the whole document",
      iterations: (3, 15),
      check: {
        let whole = try foundation.decode(Timeline.self, from: Document.twitter.data).statuses[57]
          .user
        agree(
          "twitter.json at statuses[57].user",
          [
            { whole },
            { try foundation.decode(TwitterUser.self, from: Document.twitter.data, at: user) },
            { try codix.decode(TwitterUser.self, from: Document.twitter.data, at: user) },
          ])
      },
      cases: [
        Case(name: "JSONDecoder, whole document", input: .twitter) {
          try foundation.decode(Timeline.self, from: Document.twitter.data).statuses.count
        },
        Case(
          name: "JSONDecoder, at: statuses[57].user", target: 0.3, input: .twitter
        ) {
          try foundation.decode(TwitterUser.self, from: Document.twitter.data, at: user)
            .followersCount
        },
        Case(name: "CodixJSONDecoder, whole document", input: .twitter) {
          try codix.decode(Timeline.self, from: Document.twitter.data).statuses.count
        },
        Case(name: "CodixJSONDecoder, 11 fields a status", input: .twitter) {
          try codix.decode(HandTimeline.self, from: Document.twitter.data).statuses.count
        },
        Case(
          name: "CodixJSONDecoder, at: statuses[57].user",
          against: "CodixJSONDecoder, whole document", target: 0.3, input: .twitter
        ) {
          try codix.decode(TwitterUser.self, from: Document.twitter.data, at: user).followersCount
        },
      ]),
  ]
  return scenarios
}

/// The path-style and wrapper models of one document through Codix's entry
/// point on JSONDecoder (`decode(_:from:at:)`, which will read through the
/// native reader) and through CodixJSONDecoder, against hand-written Codable
/// on JSONDecoder. `plainToo` adds a plain `CodixJSONDecoder().decode` of
/// each (the document is the models' array).
private func codixModels<PathModels: Decodable & Equatable & Collection, WrapperModels>(
  foundation: JSONDecoder, codix: CodixJSONDecoder, title: String, input: Document,
  at path: Path, iterations: (Int, Int),
  handWritten: @escaping (Data) throws -> Int,
  handWrittenNative: @escaping (Data) throws -> Int, path _: PathModels.Type,
  wrappers _: WrapperModels.Type, plainToo: Bool = false
) -> Scenario where WrapperModels: Decodable & Equatable & Collection {
  var cases = [
    Case(name: "hand-written, JSONDecoder", input: input) { try handWritten(input.data) },
    Case(name: "CodixPath, JSONDecoder at:", target: 0.7, input: input) {
      try foundation.decode(PathModels.self, from: input.data, at: path).count
    },
    Case(name: "CodixWrappers, JSONDecoder at:", target: 0.7, input: input) {
      try foundation.decode(WrapperModels.self, from: input.data, at: path).count
    },
    Case(name: "CodixPath, CodixJSONDecoder at:", target: 0.7, input: input) {
      try codix.decode(PathModels.self, from: input.data, at: path).count
    },
    Case(name: "CodixWrappers, CodixJSONDecoder at:", target: 0.7, input: input) {
      try codix.decode(WrapperModels.self, from: input.data, at: path).count
    },
    // The wrappers' cost over the same models written by hand, both on the
    // native reader.
    Case(name: "hand-written, CodixJSONDecoder", input: input) {
      try handWrittenNative(input.data)
    },
    Case(
      name: "CodixWrappers at:, over hand-written on CodixJSONDecoder",
      against: "hand-written, CodixJSONDecoder", target: 1.2, input: input
    ) {
      try codix.decode(WrapperModels.self, from: input.data, at: path).count
    },
  ]
  if plainToo {
    cases += [
      Case(name: "CodixPath, CodixJSONDecoder", target: 0.7, input: input) {
        try codix.decode(PathModels.self, from: input.data).count
      },
      Case(name: "CodixWrappers, CodixJSONDecoder", target: 0.7, input: input) {
        try codix.decode(WrapperModels.self, from: input.data).count
      },
    ]
  }
  return Scenario(
    title: title,
    goal:
      "Codix models through Codix's entry points and CodixJSONDecoder, over hand-written Codable on JSONDecoder",
    iterations: iterations,
    check: {
      var paths: [() throws -> PathModels] = [
        { try foundation.decode(PathModels.self, from: input.data, at: path) },
        { try codix.decode(PathModels.self, from: input.data, at: path) },
      ]
      var wrappers: [() throws -> WrapperModels] = [
        { try foundation.decode(WrapperModels.self, from: input.data, at: path) },
        { try codix.decode(WrapperModels.self, from: input.data, at: path) },
      ]
      if plainToo {
        paths.append { try codix.decode(PathModels.self, from: input.data) }
        wrappers.append { try codix.decode(WrapperModels.self, from: input.data) }
      }
      agree("\(title), path style", paths)
      agree("\(title), wrappers", wrappers)
    },
    cases: cases)
}
