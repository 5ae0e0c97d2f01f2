import CodixCore
import Foundation

#if PEER_REERJSON
  import ReerJSON
#endif
#if PEER_IKIGAJSON
  import IkigaJSON
#endif

// Prints the peer table: each document decoded by JSONDecoder, CodixJSONDecoder
// and, when they were built in, ReerJSON and IkigaJSON, into the same Codable
// models (Tests/CodixCorpus, copied in by run.sh). Every decoder's value is
// checked against JSONDecoder's first. Rounds alternate the decoders; a cell
// is the median over the rounds of that decoder's time over JSONDecoder's in
// the same round.

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let rounds = option("--rounds").flatMap(Int.init) ?? 31
let data = option("--data") ?? "Tests/Data"
/// `--only TEXT`: only the rows whose name contains TEXT (to profile one).
let only = option("--only")
/// `--scale F`: each row's decodes per round times F (0.01 under valgrind).
let scale = option("--scale").flatMap(Double.init) ?? 1

/// What every decoder compared here offers: `decode(_:from:)` of a `Data`.
protocol PeerDecoder {
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}
extension JSONDecoder: PeerDecoder {}
extension CodixJSONDecoder: PeerDecoder {}

struct Decoder {
  let name: String
  let decoder: any PeerDecoder
}

var decoders = [
  Decoder(name: "JSONDecoder", decoder: JSONDecoder()),
  Decoder(name: "CodixJSONDecoder", decoder: CodixJSONDecoder()),
]
var missing: [String] = []
#if PEER_REERJSON
  /// ReerJSON's `decode(_:from:path:)`, whose `path` defaults to the root.
  struct Reer: PeerDecoder {
    let decoder = ReerJSONDecoder()
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
      try decoder.decode(type, from: data)
    }
  }
  decoders.append(Decoder(name: "ReerJSON", decoder: Reer()))
#else
  missing.append("ReerJSON")
#endif
#if PEER_IKIGAJSON
  extension IkigaJSONDecoder: PeerDecoder {}
  decoders.append(Decoder(name: "IkigaJSON", decoder: IkigaJSONDecoder()))
#else
  missing.append("IkigaJSON")
#endif
for name in missing {
  print("\(name): no checkout under CODIX_PEERS, its column is left out.")
}

/// One row: a document, its model, and how many decodes a round times.
struct Row {
  let name: String
  let document: Data
  let repeats: Int
  /// Decodes the document with `decoder` `repeats` times; returns the last value.
  let run: (Decoder, Int) throws -> any Equatable
}

func row<T: Decodable & Equatable>(_ name: String, _ document: Data, _ type: T.Type, repeats: Int)
  -> Row
{
  Row(name: name, document: document, repeats: repeats) { decoder, count in
    var last: T?
    for _ in 0..<count {
      last = try decoder.decoder.decode(T.self, from: document)
    }
    return last!
  }
}

func file(_ name: String) -> Data {
  guard let data = FileManager.default.contents(atPath: data + "/" + name) else {
    print("\(data)/\(name) not found (--data names the folder of the corpora).")
    exit(1)
  }
  return data
}

let rows = [
  row("twitter.json", file("twitter.json"), Timeline.self, repeats: 5),
  row("citm_catalog.json", file("citm_catalog.json"), Catalog.self, repeats: 2),
  row("canada.json", file("canada.json"), FeatureCollection.self, repeats: 1),
  row(
    "\(OrderResponse.json.count) B response ×10,000", OrderResponse.json, OrderResponse.self,
    repeats: 10_000),
  row(
    "\(TinyResponse.json.count) B response ×100,000", TinyResponse.json, TinyResponse.self,
    repeats: 100_000),
]

func equal(_ a: any Equatable, _ b: any Equatable) -> Bool {
  func open<T: Equatable>(_ a: T) -> Bool { (b as? T) == a }
  return open(a)
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func formatted(_ value: Double, _ digits: Int = 2) -> String {
  String(format: "%.\(digits)f", value)
}

print("Peers: \(rounds) alternating rounds after one warm-up, medians of per-round ratios.")
var table = "| document | " + decoders.map { "`\($0.name)`" }.joined(separator: " | ") + " |\n"
table += "|---|" + decoders.map { _ in "---|" }.joined() + "\n"
for row in rows where only.map({ row.name.contains($0) }) ?? true {
  let row = Row(
    name: row.name, document: row.document,
    repeats: max(1, Int((Double(row.repeats) * scale).rounded())), run: row.run)
  // The values first: every decoder against JSONDecoder's.
  let reference = try row.run(decoders[0], 1)
  var agrees = [Bool]()
  for decoder in decoders {
    do {
      agrees.append(equal(try row.run(decoder, 1), reference))
    } catch {
      agrees.append(false)
      print("\(row.name): \(decoder.name) threw \(error)")
    }
  }
  // Warm-up, then alternating rounds.
  for (index, decoder) in decoders.enumerated() where agrees[index] || index > 0 {
    _ = try? row.run(decoder, max(1, row.repeats / 10))
  }
  var times = Array(repeating: [Double](), count: decoders.count)
  for _ in 0..<rounds {
    for (index, decoder) in decoders.enumerated() {
      times[index].append(seconds { _ = try? row.run(decoder, row.repeats) })
    }
  }
  let foundation = times[0].sorted()[rounds / 2] / Double(row.repeats)
  let each =
    foundation < 1e-3
    ? "\(formatted(foundation * 1e6, 1)) µs each" : "\(formatted(foundation * 1e3, 1)) ms"
  var line = "| \(row.name) | 1.00 (\(each))"
  for index in decoders.indices.dropFirst() {
    let ratios = zip(times[index], times[0]).map { $0 / $1 }.sorted()
    line += " | \(formatted(ratios[rounds / 2]))×"
    if !agrees[index] { line += ", values differ" }
  }
  table += line + " |\n"
  print(line + " |")
}
print("\n" + table)
