import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The peak memory of one decode, for each case of The reader's scenarios.
//
// Each case runs in a process of its own: the benchmark starts itself again
// with `--measure-memory-of <scenario title> <case name>`, so no case inherits
// another's heap, its fragmentation or what its caches keep. That process
// (Linux):
//
// 1. loads the case's input and decodes it once: code is paged in, type
//    metadata, Codix's tables and per-thread caches are made;
// 2. hands the memory that decode freed back to the system (glibc's
//    `malloc_trim(0)`, which also releases free pages inside the heap);
//    without this, the next decode would reuse memory already resident and
//    its peak would read as almost nothing;
// 3. three times: trims again, reads its resident size (`VmRSS` in
//    /proc/self/status), resets the kernel's high-water mark of the resident
//    size to that (writing `5` to /proc/self/clear_refs, Linux 4.0 and
//    later), decodes, and reads the high-water mark (`VmHWM`).
//
// The peak of a decode is its high-water mark minus the resident size just
// before it: every page the decode made resident at its fullest, the decoded
// value included (it is alive when the decode returns, the latest point the
// peak can be reached), and nothing the process held before: the input, the
// code, the one-time tables. The figure is the median of the three. (Free
// space on pages the trim cannot release, each holding a live block, is
// reused without counting: on twitter.json the decode reads about 0.2 MiB
// without the trim and about 1 MiB with it.)
//
// Between processes running the same code, the peak moves by about ±3% and
// the figure with what is kept by about ±7% (addresses are randomized, and
// so is where the runtime's tables land): each case is measured in three
// processes (one in a quick run), and the medians are shown.
//
// A decoder could lower that peak by keeping the last document alive between
// decodes (it is then part of the resident size before the next one), so a
// second figure, "with what is kept", is the same high-water mark above the
// resident size before the process's first decode: the peak plus what the
// first decode left resident after its value was freed (code paged in,
// one-time tables, and whatever a cache keeps alive: a decoder, a document).
//
// Where the high-water mark cannot be reset (macOS, an older kernel, a sandbox
// that forbids the file), the process measures its first decode instead: the
// maximum resident size after it (`getrusage`'s `ru_maxrss`, in KiB on Linux
// and in bytes on macOS) minus the resident size before it (the maximum so
// far where the current size cannot be read). That figure includes one-time
// costs, and the output says so.
//
// Reading a file or writing a line allocates a few KiB; the status file is
// read into a buffer made before the first reading, so the reading itself
// adds nothing to the peak it reads.

/// What a child process measures: `--measure-memory-of <scenario title> <case name>`.
struct MemoryRequest {
  static let flag = "--measure-memory-of"
  let scenario: String
  let name: String

  init?(_ arguments: [String]) {
    guard let index = arguments.firstIndex(of: Self.flag), index + 2 < arguments.count else {
      return nil
    }
    scenario = arguments[index + 1]
    name = arguments[index + 2]
  }
}

/// What a child process measured, in KiB.
struct MemoryFigure {
  /// The decode's peak above the resident size just before it.
  var peak: Int
  /// The decode's peak above the resident size before the process's first
  /// decode: `peak` plus what the first decode left resident (one-time costs,
  /// what caches keep alive).
  var total: Int
  /// Whether the figures are a first decode's (then `peak == total`).
  var firstDecode: Bool

  /// The one line a child prints: `memory <peak> <total> <steady|first>`.
  var line: String { "memory \(peak) \(total) \(firstDecode ? "first" : "steady")" }

  init(peak: Int, total: Int, firstDecode: Bool) {
    self.peak = peak
    self.total = total
    self.firstDecode = firstDecode
  }

  init?(line: Substring) {
    let fields = line.split(separator: " ")
    guard fields.count == 4, fields[0] == "memory", let peak = Int(fields[1]),
      let total = Int(fields[2])
    else { return nil }
    self.init(peak: peak, total: total, firstDecode: fields[3] == "first")
  }
}

// MARK: - In the child

/// Measures the case `request` names and prints its figure; returns the exit status.
func measureMemoryInThisProcess(_ request: MemoryRequest, of scenarios: [Scenario]) -> Int32 {
  let scenario = scenarios.first { $0.title == request.scenario }
  guard let benchmark = scenario?.cases.first(where: { $0.name == request.name }) else {
    print("No case \"\(request.name)\" in the scenario \"\(request.scenario)\".")
    return 2
  }
  do {
    let memory = ProcessMemory()
    _ = benchmark.input?.data
    benchmark.prepare?()
    let figure =
      memory.resetPeak()
      ? try steadyPeak(of: benchmark, memory) : try firstDecodePeak(of: benchmark, memory)
    print(figure.line)
    return 0
  } catch {
    print("The decode failed: \(error)")
    return 1
  }
}

/// The median peak of three decodes after a first one (see the top of this file).
private func steadyPeak(of benchmark: Case, _ memory: ProcessMemory) throws -> MemoryFigure {
  memory.releaseFreedMemory()
  let before = memory.resident()
  _ = try benchmark.run()
  memory.releaseFreedMemory()
  var peaks: [Int] = []
  var totals: [Int] = []
  for _ in 0..<3 {
    memory.releaseFreedMemory()
    let resident = memory.resident()
    _ = memory.resetPeak()
    _ = try benchmark.run()
    let highWater = memory.peak()
    peaks.append(highWater - resident)
    totals.append(highWater - before)
  }
  return MemoryFigure(peak: peaks.sorted()[1], total: totals.sorted()[1], firstDecode: false)
}

/// The peak of the process's first decode, above what it held before.
private func firstDecodePeak(of benchmark: Case, _ memory: ProcessMemory) throws
  -> MemoryFigure
{
  #if os(Linux)
    let before = memory.resident()
  #else
    let before = ProcessMemory.maximumResident()
  #endif
  _ = try benchmark.run()
  let peak = ProcessMemory.maximumResident() - before
  return MemoryFigure(peak: peak, total: peak, firstDecode: true)
}

/// This process's memory, in KiB.
final class ProcessMemory {
  /// The maximum resident size so far, from `getrusage`.
  static func maximumResident() -> Int {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
      return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #else
      return Int(usage.ru_maxrss)  // KiB on Linux
    #endif
  }

  #if os(Linux)
    /// What /proc/self/status is read into, made before any reading.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16_384, alignment: 8)
    /// glibc's `malloc_trim`, found at run time: the Glibc module does not declare it.
    private let trim: (@convention(c) (Int) -> Int32)? = dlopen(nil, RTLD_NOW)
      .flatMap { dlsym($0, "malloc_trim") }
      .map { unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self) }

    deinit { buffer.deallocate() }

    /// The current resident size (`VmRSS`).
    func resident() -> Int { status("VmRSS:") ?? Self.maximumResident() }

    /// The high-water mark of the resident size (`VmHWM`), since the last reset.
    func peak() -> Int { status("VmHWM:") ?? Self.maximumResident() }

    /// Resets the high-water mark to the current resident size; false where
    /// the kernel does not allow it.
    func resetPeak() -> Bool {
      let file = open("/proc/self/clear_refs", O_WRONLY)
      guard file >= 0 else { return false }
      defer { close(file) }
      return write(file, "5", 1) == 1
    }

    /// Returns the heap memory freed so far to the system (`malloc_trim(0)`).
    func releaseFreedMemory() { _ = trim?(0) }

    /// The number, in KiB, on the line of /proc/self/status that starts with `field`.
    private func status(_ field: StaticString) -> Int? {
      let file = open("/proc/self/status", O_RDONLY)
      guard file >= 0 else { return nil }
      defer { close(file) }
      var count = 0
      while count < buffer.count {
        let got = read(file, buffer.baseAddress! + count, buffer.count - count)
        if got <= 0 { break }
        count += got
      }
      let text = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      let key = UnsafeRawBufferPointer(start: field.utf8Start, count: field.utf8CodeUnitCount)
      var line = 0
      while line + key.count <= count {
        if text[line..<line + key.count].elementsEqual(key) {
          var index = line + key.count
          while index < count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t")
          {
            index += 1
          }
          var value = 0
          while index < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
            value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
            index += 1
          }
          return value
        }
        while line < count, text[line] != UInt8(ascii: "\n") { line += 1 }
        line += 1
      }
      return nil
    }
  #else
    func resident() -> Int { Self.maximumResident() }
    func peak() -> Int { Self.maximumResident() }
    func resetPeak() -> Bool { false }
    func releaseFreedMemory() {}
  #endif
}

// MARK: - In the parent

/// One case's peak memory in this run.
struct MemoryUse {
  let scenario: String
  let name: String
  let figure: MemoryFigure
  /// The peak over its baseline case's (the same baseline as its time's).
  let ratio: Double
  /// The peak with what is kept over its baseline case's.
  let totalRatio: Double
}

/// Every case's peak memory measured in this run, for the table of targets.
@MainActor var memoryUses: [MemoryUse] = []

/// Measures the peak memory of each case of `scenarios`, each in processes
/// of its own (the median of `processes`), and prints it with its ratio to
/// its baseline case's. `onlyTheFirstPair` measures the first two cases of
/// the first scenario.
@MainActor
func reportMemory(
  of scenarios: [Scenario], processes: Int, onlyTheFirstPair: Bool, what: String = "decode"
) throws {
  let chosen = onlyTheFirstPair ? Array(scenarios.prefix(1)) : scenarios
  guard !chosen.isEmpty else { return }
  print(
    "\nPeak memory of one \(what) (MiB), each case in processes of its own, median of 3 \(what)s "
      + "after a first in each of \(processes) processes: above the resident size just before the "
      + "\(what), and above it before the first \(what) (with what that \(what) kept: code, tables, "
      + "caches); Memory.swift explains")
  for scenario in chosen {
    var cases = selected(scenario.cases)
    if onlyTheFirstPair { cases = Array(cases.prefix(2)) }
    guard !cases.isEmpty else { continue }
    let figures = try cases.map {
      try measureMemory(of: $0.name, in: scenario.title, processes: processes)
    }
    let width = max(28, cases.map(\.name.count).max() ?? 0)
    print("  \(scenario.title)")
    print(
      "    " + "".padding(toLength: width, withPad: " ", startingAt: 0)
        + "     peak            with what is kept")
    for (index, benchmark) in cases.enumerated() {
      let base = baseline(of: benchmark, in: cases)
      let figure = figures[index]
      let use = MemoryUse(
        scenario: scenario.title, name: benchmark.name, figure: figure,
        ratio: Double(figure.peak) / Double(max(figures[base].peak, 1)),
        totalRatio: Double(figure.total) / Double(max(figures[base].total, 1)))
      memoryUses.append(use)
      var line = "    " + benchmark.name.padding(toLength: width, withPad: " ", startingAt: 0)
      line += String(format: " %8.2f  %5.2fx", mebibytes(figure.peak), use.ratio)
      line += String(format: "    %8.2f  %5.2fx", mebibytes(figure.total), use.totalRatio)
      if figure.firstDecode { line += "   (a first decode: one-time costs included)" }
      if index != base && base != 0 { line += "  of \(cases[base].name)" }
      print(line)
    }
  }
}

private func mebibytes(_ kibibytes: Int) -> Double { Double(kibibytes) / 1024 }

/// The median figures of `processes` runs of this executable measuring one
/// case; exits 1 if one fails.
private func measureMemory(of name: String, in scenario: String, processes: Int) throws
  -> MemoryFigure
{
  let figures = try (0..<processes).map { _ in try measureMemory(of: name, in: scenario) }
  return MemoryFigure(
    peak: figures.map(\.peak).sorted()[processes / 2],
    total: figures.map(\.total).sorted()[processes / 2],
    firstDecode: figures.contains { $0.firstDecode })
}

/// Runs this executable again to measure one case; exits 1 if it fails.
private func measureMemory(of name: String, in scenario: String) throws -> MemoryFigure {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: thisExecutable())
  process.arguments = [MemoryRequest.flag, scenario, name]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  let line = text.split(separator: "\n").last { $0.hasPrefix("memory ") }
  guard process.terminationStatus == 0, let figure = line.flatMap(MemoryFigure.init(line:)) else {
    print("Measuring the memory of \"\(name)\" failed (status \(process.terminationStatus)):")
    print(text)
    exit(1)
  }
  return figure
}

/// The path of this executable, to start it again.
func thisExecutable() -> String {
  #if os(Linux)
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      return path
    }
  #endif
  return Bundle.main.executablePath ?? CommandLine.arguments[0]
}
