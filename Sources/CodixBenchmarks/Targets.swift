import Foundation

// The table printed at the end of a run: the targets, each with this
// run's ratio and PASS or MISS. A target's ratio is the median over the
// rounds of its case's time over its baseline case's in the same round (see
// `report`); the range beside it is the middle half of those ratios, so a
// PASS or a MISS whose range straddles the limit is within the machine's
// noise (about ±0.03x from one process to the next). A case filtered out by
// `--scenario` or `--only` reads "not run".

/// One timed case of this run.
struct Timing {
  let scenario: String
  let name: String
  let median: Double
  let ratio: Double
  /// The middle half of the per-round ratios; nil for a baseline.
  let spread: (low: Double, high: Double)?
}

/// Every case timed in this run, in order.
@MainActor var timings: [Timing] = []

/// The targets of the cases that run Codix models, over hand-written
/// Codable on `JSONDecoder`: through Codix's entry points, on the native
/// reader, and through a plain `JSONDecoder().decode`, on Foundation's
/// decoder through its public API only.
private typealias ModelTarget = (scenario: String, name: String, limit: Double)

private let modelTargets: [(section: String, rows: [ModelTarget])] = [
  (
    "Codix models through Codix's entry points (the native reader)",
    [
      ("Generated payload", "CodixPath decode(at:)", 0.45),
      ("Generated payload", "CodixWrappers @Coding", 0.45),
      ("Dotted paths into a nested object", "CodixPath, decode(_:from:at:)", 0.45),
      ("Dotted paths into a nested object", "CodixWrappers, decode(_:from:at:)", 0.45),
    ]
  ),
  (
    "Codix models through a plain JSONDecoder().decode (Foundation's public API, nothing kept)",
    [
      ("Dotted paths into a nested object", "CodixPath, plain decode", 1.6),
      ("Dotted paths into a nested object", "CodixWrappers, plain decode", 1.3),
      ("twitter.json: 100 statuses", "CodixPath, plain decode", 1.6),
      ("twitter.json: 100 statuses", "CodixWrappers, plain decode", 1.3),
      ("Encoding", "CodixPath encode(_:at:)", 1.6),
      ("Encoding", "CodixWrappers", 1.6),
    ]
  ),
  (
    "Codix models on CodixJSONEncoder, over synthesized Encodable on JSONEncoder",
    [
      ("Encoding", "CodixPath, CodixJSONEncoder", 0.6),
      ("Encoding", "CodixWrappers, CodixJSONEncoder", 0.6),
    ]
  ),
]

/// The same cases' ratios in a saved run, for `--reference-ratios`.
private let documentedRatios: [(scenario: String, name: String, ratio: Double)] =
  modelTargets.flatMap { section in section.rows.map { ($0.scenario, $0.name, $0.limit) } }

/// The noise allowed above a reference ratio before it counts as a regression.
private let noise = 0.03

// MARK: - Reference runs

// The documented figures need not hold on the machine of the day (its speed
// drifts, and not every scenario's ratio drifts alike), so a run can be
// compared with another build's run of the same day instead:
//
//   codix-benchmarks --save-ratios main.tsv            (the build before)
//   codix-benchmarks --reference-ratios main.tsv       (the build after)
//
// The file holds one line per timed case: scenario title (without its
// rounds), case name and ratio, separated by tabs.

/// The value after `flag` on the command line.
private func argument(after flag: String) -> String? {
  let arguments = CommandLine.arguments
  return arguments.firstIndex(of: flag).flatMap {
    $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
  }
}

/// Writes every timed case's ratio where `--save-ratios` says.
@MainActor
func saveRatios() throws {
  guard let path = argument(after: "--save-ratios") else { return }
  let lines = timings.map { timing in
    let title = timing.scenario.components(separatedBy: ", median of ")[0]
    return "\(title)\t\(timing.name)\t\(timing.ratio)\n"
  }
  try Data(lines.joined().utf8).write(to: URL(fileURLWithPath: path))
  print("\nRatios saved to \(path).")
}

/// The ratios of `--reference-ratios`' file, else Docs/Performance.md's, and what they are.
private func referenceRatios() -> (
  source: String, ratios: [(scenario: String, name: String, ratio: Double)]
) {
  guard let path = argument(after: "--reference-ratios") else {
    return ("Docs/Performance.md's ratio", documentedRatios)
  }
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
    print("Cannot read the reference ratios at \(path).")
    exit(1)
  }
  let saved = text.split(separator: "\n").compactMap {
    line -> (scenario: String, name: String, ratio: Double)? in
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 3, let ratio = Double(fields[2]) else { return nil }
    return (String(fields[0]), String(fields[1]), ratio)
  }
  return (
    "the ratio in \(path)",
    documentedRatios.compactMap { documented in
      saved.first { $0.scenario.hasPrefix(documented.scenario) && $0.name == documented.name }
    }
  )
}

/// One line of the table: a target and this run's figure for it.
private struct TargetRow {
  let what: String
  let limit: Double
  /// Nil when the case did not run.
  let ratio: Double?
  var spread: (low: Double, high: Double)? = nil

  var cells: [String] {
    [
      what, String(format: "<= %.2f", limit),
      ratio.map { String(format: "%.2fx", $0) } ?? "not run",
      spread.map { String(format: "(%.2f-%.2f)", $0.low, $0.high) } ?? "",
      // Judged as printed: a ratio shown as 1.00x meets a limit of 1.00.
      ratio.map { ($0 * 100).rounded() / 100 <= limit ? "PASS" : "MISS" } ?? "",
    ]
  }
}

/// Prints the targets with this run's figures. A section none of
/// whose cases ran (`--memory`, `--scenario`) is left out.
@MainActor
func printTargets(quick: Bool) {
  let scenarios = nativeReaderScenarios() + nativeWriterScenarios()
  var sections: [(title: String, rows: [TargetRow])] = []
  for scenario in scenarios {
    let rows = scenario.cases.compactMap { benchmark -> TargetRow? in
      guard let limit = benchmark.target else { return nil }
      let timing = timings.last {
        $0.scenario.hasPrefix(scenario.title) && $0.name == benchmark.name
      }
      return TargetRow(
        what: "\(short(scenario.title)): \(benchmark.name)", limit: limit, ratio: timing?.ratio,
        spread: timing?.spread)
    }
    if let index = sections.firstIndex(where: { $0.title == scenario.goal }) {
      sections[index].rows += rows
    } else {
      sections.append((scenario.goal, rows))
    }
  }

  var memory: [TargetRow] = []
  for scenario in scenarios {
    guard let limit = scenario.memoryTarget else { continue }
    for benchmark in scenario.cases where benchmark.target != nil {
      let use = memoryUses.last { $0.scenario == scenario.title && $0.name == benchmark.name }
      let what = "\(short(scenario.title)): \(benchmark.name)"
      memory.append(TargetRow(what: what + ", peak", limit: limit, ratio: use?.ratio))
      memory.append(
        TargetRow(what: what + ", with what is kept", limit: limit, ratio: use?.totalRatio))
    }
  }
  sections.append(
    (
      "Peak memory decoding and encoding twitter.json, over Foundation's coder's (medians of "
        + "processes; the same code reads 0.96-1.07 from one process to the next)", memory
    ))

  for section in modelTargets {
    sections.append(
      (
        section.section,
        section.rows.map { target in
          let timing = timings.last {
            $0.scenario.hasPrefix(target.scenario) && $0.name == target.name
          }
          return TargetRow(
            what: "\(short(target.scenario)): \(target.name)", limit: target.limit,
            ratio: timing?.ratio, spread: timing?.spread)
        }
      ))
  }
  if let path = argument(after: "--reference-ratios") {
    let reference = referenceRatios()
    sections.append(
      (
        "No regression: at most \(reference.source) + \(noise) (\(path))",
        reference.ratios.map { saved in
          let timing = timings.last {
            $0.scenario.hasPrefix(saved.scenario) && $0.name == saved.name
          }
          return TargetRow(
            what: "\(short(saved.scenario)): \(saved.name)"
              + String(format: " (was %.2f)", saved.ratio),
            limit: saved.ratio + noise, ratio: timing?.ratio, spread: timing?.spread)
        }
      ))
  }
  sections.append(
    (
      "Resident after a plain JSONDecoder().decode returned, MiB above hand-written Codable's",
      keptAliveChecks.map { check in
        TargetRow(
          what: "\(check.model), 400,000 objects", limit: 2, ratio: check.aboveHandWritten)
      }
    ))

  printTable(sections, quick: quick)
}

/// The debug-build target: in a build without optimization (Codix's, while
/// Foundation ships optimized), `CodixJSONDecoder` within 3x the time of
/// `JSONDecoder` on each document. Printed after `--reader-only` in a debug
/// build; the scenario of one element deep repeats twitter.json and is left
/// out.
@MainActor
func printDebugTargets(quick: Bool) {
  #if DEBUG
    let rows = timings.filter {
      $0.scenario.hasPrefix("CodixJSONDecoder") && !$0.scenario.contains("one element deep")
        && $0.name.hasPrefix("CodixJSONDecoder")
    }.map {
      TargetRow(
        what: "\(short($0.scenario)): \($0.name)", limit: 3, ratio: $0.ratio, spread: $0.spread)
    }
    printTable(
      [("CodixJSONDecoder in a debug build, over JSONDecoder (Foundation as it ships)", rows)],
      quick: quick)
  #endif
}

/// Prints `sections`, leaving out those none of whose cases ran.
private func printTable(_ sections: [(title: String, rows: [TargetRow])], quick: Bool) {
  let shown = sections.filter { section in section.rows.contains { $0.ratio != nil } }
  guard !shown.isEmpty else { return }
  let width = shown.flatMap(\.rows).map(\.what.count).max() ?? 0
  print("\nTargets, ratios of this run's medians\(quick ? " (--quick: indicative)" : "")")
  for section in shown {
    print("  \(section.title)")
    for row in section.rows {
      let cells = row.cells
      print(
        "    \(cells[0].padding(toLength: width, withPad: " ", startingAt: 0))  \(cells[1])  "
          + "\(cells[2].padding(toLength: 7, withPad: " ", startingAt: 0))  "
          + "\(cells[3].padding(toLength: 11, withPad: " ", startingAt: 0))  \(cells[4])")
    }
  }
}

/// A scenario's title up to its colon, without "CodixJSONDecoder, ":
/// "citm_catalog.json" (and "CodixJSONEncoder, citm_catalog.json", to tell
/// the writer's apart).
private func short(_ title: String) -> String {
  let head = title.firstIndex(of: ":").map { title[..<$0] } ?? title[...]
  let prefix = "CodixJSONDecoder, "
  return String(head.hasPrefix(prefix) ? head.dropFirst(prefix.count) : head)
}
