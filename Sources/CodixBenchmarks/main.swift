import CodixPath
import CodixWrappers
import Foundation

// Decodes the same documents with hand-written Codable and with each Codix
// style, in one run, and prints each style's time as a ratio to hand-written;
// then The comparisons of CodixJSONDecoder with JSONDecoder
// (NativeReader.swift), the peak memory of each of those (Memory.swift) and
// a table of the targets (Targets.swift).
// Run in release: swift run -c release codix-benchmarks

struct Case {
  let name: String
  /// The case this one's time is a ratio to; the scenario's first when nil.
  var against: String? = nil
  /// The largest ratio the targets allow this case (the table of targets, Targets.swift).
  var target: Double? = nil
  /// The document `run` reads, loaded before a memory measurement takes its
  /// baseline (Memory.swift); nil for a case that loads nothing on first use.
  var input: Document? = nil
  /// Loads what `run` uses before a memory measurement takes its baseline
  /// (the writer's decoded values).
  var prepare: (() -> Void)? = nil
  let run: () throws -> Int
}

/// The time of one iteration of each case, in ms, one sample per round.
/// Rounds interleave the cases, so a slow moment of the machine falls on all of them.
func measure(_ cases: [Case], rounds: Int, iterations: Int) throws -> [[Double]] {
  var samples = Array(repeating: [Double](), count: cases.count)
  for _ in 0..<rounds {
    for (index, benchmark) in cases.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      var checksum = 0
      for _ in 0..<iterations { checksum &+= try benchmark.run() }
      let elapsed = DispatchTime.now().uptimeNanoseconds - start
      samples[index].append(Double(elapsed) / Double(iterations) / 1e6)
      if checksum == 0 { print("", terminator: "") }
    }
  }
  return samples
}

/// The cases `--only` keeps (names joined by "|": "hand-written|CodixPath, plain").
func selected(_ cases: [Case]) -> [Case] {
  guard let only else { return cases }
  let names = only.split(separator: "|").map(String.init)
  return cases.filter { benchmark in names.contains { benchmark.name.contains($0) } }
}

/// The position in `cases` of the case `benchmark`'s ratio is taken to.
func baseline(of benchmark: Case, in cases: [Case]) -> Int {
  benchmark.against.flatMap { name in cases.firstIndex { $0.name == name } } ?? 0
}

/// Times `cases` and prints each one's median time and its ratio to its
/// baseline: the median of the per-round ratios (a round's time over its
/// baseline's in the same round, taken moments apart), which the machine's
/// speed drifting during a run moves far less than it moves a ratio of two
/// medians; beside it, the middle half of those ratios, to show the spread.
@MainActor
func report(_ title: String, _ cases: [Case], rounds: Int, iterations: Int) throws {
  guard times(title) else { return }
  let cases = selected(cases)
  guard !cases.isEmpty else { return }
  let samples = try measure(cases, rounds: rounds, iterations: iterations)
  let medians = samples.map(median)
  let width = max(28, cases.map(\.name.count).max() ?? 0)
  print("\n\(title)")
  for (index, benchmark) in cases.enumerated() {
    let base = baseline(of: benchmark, in: cases)
    let perRound = zip(samples[index], samples[base]).map { $0 / $1 }.sorted()
    let ratio = median(perRound)
    let spread = middleHalf(perRound)
    timings.append(
      Timing(
        scenario: title, name: benchmark.name, median: medians[index], ratio: ratio,
        spread: index == base ? nil : spread))
    var line = "  " + benchmark.name.padding(toLength: width, withPad: " ", startingAt: 0)
    line += " \(String(format: "%8.3f", medians[index])) ms   \(String(format: "%.2f", ratio))x"
    if index != base {
      line += String(format: "  (%.2f-%.2f)", spread.low, spread.high)
      if base != 0 { line += "  of \(cases[base].name)" }
    }
    print(line)
  }
}

/// The median of `values` (the upper one of an even count).
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The first and third quartiles of sorted `values` (nearest rank): with
/// three values, the smallest and the largest.
func middleHalf(_ sorted: [Double]) -> (low: Double, high: Double) {
  let cut = (sorted.count - 1) / 4
  return (sorted[cut], sorted[sorted.count - 1 - cut])
}

let quick = CommandLine.arguments.contains("--quick")
let only = CommandLine.arguments.firstIndex(of: "--only").map { CommandLine.arguments[$0 + 1] }
/// Only the peak memory of the reader's cases, no timing.
let memoryOnly = CommandLine.arguments.contains("--memory")
let scenario = CommandLine.arguments.firstIndex(of: "--scenario").map {
  CommandLine.arguments[$0 + 1]
}
let rounds = quick ? 3 : 15
let runStart = DispatchTime.now().uptimeNanoseconds

/// Whether the scenario titled `title` runs (`--scenario` picks by title, for profiling).
func runs(_ title: String) -> Bool { scenario.map { title.contains($0) } ?? true }
/// Whether the scenario titled `title` is timed in this run (not with `--memory`).
func times(_ title: String) -> Bool { !memoryOnly && runs(title) }

// `--reader-only`: the reader's scenarios alone (CodixJSONDecoder against
// JSONDecoder, timing only), for a debug build:
//   swift run codix-benchmarks --reader-only
if CommandLine.arguments.contains("--reader-only") {
  for reader in nativeReaderScenarios()
  where reader.title.hasPrefix("CodixJSONDecoder") && runs(reader.title) {
    try reader.check()
    try report(
      "\(reader.title), median of \(rounds) rounds", reader.cases, rounds: rounds,
      iterations: quick ? reader.iterations.quick : reader.iterations.full)
  }
  printDebugTargets(quick: quick)
  exit(0)
}
// A child process started by `reportKeptAlive` measures one model and exits (KeptAlive.swift).
if let request = KeptAliveRequest(CommandLine.arguments) {
  exit(measureKeptAliveInThisProcess(request))
}
// A child process started by `reportMemory` measures one case and exits (Memory.swift).
if let request = MemoryRequest(CommandLine.arguments) {
  exit(
    measureMemoryInThisProcess(request, of: nativeReaderScenarios() + nativeWriterScenarios()))
}
let payload = Payload.make(count: 2_000)
let decoder = JSONDecoder()

// Sanity: every style decodes the same values.
let hand = try decoder.decode(HandResponse.self, from: payload).users
let path = try decoder.decode([PathUser].self, from: payload, at: "response.users")
guard hand.count == path.count, hand.last?.address.zip == path.last?.address.zip else {
  print("The styles decoded different values.")
  exit(1)
}

try report(
  "Generated payload: 2,000 users x 11 fields (\(payload.count / 1024) KiB), median of \(rounds) rounds",
  [
    Case(name: "hand-written Codable") {
      try decoder.decode(HandResponse.self, from: payload).users.count
    },
    Case(name: "CodixPath decode(at:)") {
      try decoder.decode([PathUser].self, from: payload, at: "response.users").count
    },
    Case(name: "CodixWrappers @Coding") {
      try decoder.decode([WrapperUser].self, from: payload, at: "response.users").count
    },
  ], rounds: rounds, iterations: quick ? 2 : 5)

let usersOnly = Payload.users(count: 2_000)
try report(
  "Dotted paths into a nested object: 2,000 users x 6 fields, plain JSONDecoder().decode, median of \(rounds) rounds",
  [
    Case(name: "hand-written Codable") {
      try decoder.decode([DottedHandUser].self, from: usersOnly).count
    },
    Case(name: "CodixPath, plain decode") {
      try decoder.decode([DottedPathUser].self, from: usersOnly).count
    },
    Case(name: "CodixPath, decode(_:from:at:)") {
      try decoder.decode([DottedPathUser].self, from: usersOnly, at: "").count
    },
    Case(name: "CodixWrappers, plain decode") {
      try decoder.decode([DottedWrapperUser].self, from: usersOnly).count
    },
    Case(name: "CodixWrappers, decode(_:from:at:)") {
      try decoder.decode([DottedWrapperUser].self, from: usersOnly, at: "").count
    },
    Case(name: "CodixWrappers, .trimmed") {
      try decoder.decode([TrimmedWrapperUser].self, from: usersOnly).count
    },
  ], rounds: rounds, iterations: quick ? 2 : 5)

let dates = DatePayload.make(count: 2_000)
let isoDecoder = JSONDecoder()
isoDecoder.dateDecodingStrategy = .iso8601
try report(
  "Dates: 2,000 events x 3 ISO 8601 dates (Z, offset), median of \(rounds) rounds",
  [
    Case(name: "Codable, .iso8601") { try isoDecoder.decode([HandEvent].self, from: dates).count },
    Case(name: "CodixPath, .iso8601") { try decoder.decode([PathEvent].self, from: dates).count },
    Case(name: "@CodableDate, .iso8601") {
      try decoder.decode([WrapperEvent].self, from: dates).count
    },
    Case(name: "@CodableDate, .format(...)") {
      try decoder.decode([FormattedEvent].self, from: dates).count
    },
  ], rounds: rounds, iterations: quick ? 1 : 3)

let handUsers = try decoder.decode(HandResponse.self, from: payload).users
let encodableUsers = handUsers.map(EncodableUser.init)
let pathUsers = handUsers.map(PathEncodedUser.init)
let wrapperUsers = handUsers.map(WrapperEncodedUser.init)
let encoder = JSONEncoder()
let codixEncoder = CodixJSONEncoder()
try report(
  "Encoding: 2,000 users x 7 fields (3 in a nested object), median of \(rounds) rounds",
  [
    Case(name: "synthesized Encodable") { try encoder.encode(encodableUsers).count },
    Case(name: "CodixPath encode(_:at:)") { try encoder.encode(pathUsers).count },
    Case(name: "CodixWrappers") { try encoder.encode(wrapperUsers).count },
    Case(name: "synthesized, CodixJSONEncoder") { try codixEncoder.encode(encodableUsers).count },
    Case(name: "CodixPath, CodixJSONEncoder") { try codixEncoder.encode(pathUsers).count },
    Case(name: "CodixWrappers, CodixJSONEncoder") { try codixEncoder.encode(wrapperUsers).count },
  ], rounds: rounds, iterations: quick ? 2 : 5)

let oneUser = Data(
  #"{"id": 1, "name": "a", "email": "e", "age": 2, "score": 1.5, "is_active": true, "nick_name": "n", "balance": 2.5, "role": "r", "tags": ["t"], "address": {"city": "c", "zip": "z"}}"#
    .utf8)
if times("First decode of a new 12-property type") {
  // Hand-written types first: the wrapper types then do not pay for the
  // Foundation code both share on its first run.
  let handColds = try coldDecodeMicroseconds(of: oneUser, handWritten: true).sorted()
  let colds = try coldModelDecodeMicroseconds(of: oneUser).sorted()
  let genericColds = try coldDecodeMicroseconds(of: oneUser).sorted()
  print(
    "\nFirst decode of a new 12-property type, minus a warm decode, 10 types each (median, max):"
  )
  for (name, times) in [
    ("hand-written Codable (generic)", handColds), ("CodixWrappers (builds its table)", colds),
    ("CodixWrappers, generic type", genericColds),
  ] {
    print(
      "  " + name.padding(toLength: 34, withPad: " ", startingAt: 0)
        + String(format: "%7.1f µs  %7.1f µs", times[times.count / 2], times.last ?? 0))
  }
}

if let twitter = corpus("twitter.json") {
  try report(
    "twitter.json: 100 statuses x 11 fields (\(twitter.count / 1024) KiB), median of \(rounds) rounds",
    [
      Case(name: "hand-written Codable") {
        try decoder.decode(Statuses<HandStatus>.self, from: twitter).statuses.count
      },
      Case(name: "CodixPath, plain decode") {
        try decoder.decode(Statuses<PathStatus>.self, from: twitter).statuses.count
      },
      Case(name: "CodixWrappers, plain decode") {
        try decoder.decode(Statuses<WrapperStatus>.self, from: twitter).statuses.count
      },
      Case(name: "hand-written, decode(_:from:at:)") {
        try decoder.decode([HandStatus].self, from: twitter, at: "statuses").count
      },
      Case(name: "CodixPath decode(at:)") {
        try decoder.decode([PathStatus].self, from: twitter, at: "statuses").count
      },
      Case(name: "CodixWrappers @Coding") {
        try decoder.decode([WrapperStatus].self, from: twitter, at: "statuses").count
      },
    ], rounds: rounds, iterations: quick ? 5 : 20)
} else {
  print("\nTests/Data/twitter.json not found: the real-data benchmark cannot run.")
  exit(1)
}

// MARK: - CodixJSONDecoder against JSONDecoder (NativeReader.swift)

let readerScenarios = nativeReaderScenarios().filter { runs($0.title) }
if Document.canadaPath == nil {
  print("\ncanada.json is not in Tests/Data: its scenario is left out.")
}
for reader in readerScenarios {
  // Sanity first: a benchmark of a wrong result is worthless.
  try reader.check()
  try report(
    "\(reader.title), median of \(rounds) rounds", reader.cases, rounds: rounds,
    iterations: quick ? reader.iterations.quick : reader.iterations.full)
}
// MARK: - CodixJSONEncoder against JSONEncoder (NativeWriter.swift)

let writerScenarios = nativeWriterScenarios().filter { runs($0.title) }
for writer in writerScenarios {
  try writer.check()
  try report(
    "\(writer.title), median of \(rounds) rounds", writer.cases, rounds: rounds,
    iterations: quick ? writer.iterations.quick : writer.iterations.full)
}

// The peak memory of each case, in processes of its own; a quick run measures
// only twitter.json's first pair, once, to prove the measurement works.
try reportMemory(of: readerScenarios, processes: quick ? 1 : 3, onlyTheFirstPair: quick)
if !quick, runs("Resident after") { try reportKeptAlive() }
try reportMemory(
  of: writerScenarios.filter { $0.memoryTarget != nil }, processes: quick ? 1 : 3,
  onlyTheFirstPair: quick, what: "encode")
try reportStreaming()
printTargets(quick: quick)
try saveRatios()
print(
  String(
    format: "\nRun time: %.0f s",
    Double(DispatchTime.now().uptimeNanoseconds - runStart) / 1e9))
