import CodixCore
import Foundation

// Elements as they arrive: the throughput of streaming the elements of
// `items[*]` from memory and from a file, as a ratio to CodixJSONDecoder
// decoding the same array from one Data; and the peak memory of streaming
// a generated document of 1 GiB (256 MiB in a quick run) that is never held
// in memory, above the resident size before it starts.

/// A small object of the streamed documents.
struct StreamItem: Decodable, Equatable {
  var id: Int
  var name: String
  var score: Double
  var active: Bool
  var tags: [String]
}

/// The text of element `index`.
private func streamItem(_ index: Int) -> String {
  #"{"id": \#(index), "name": "item \#(index)", "score": \#(Double(index % 1000) / 8), "#
    + #""active": \#(index % 3 == 0), "tags": ["a", "b\u00e9"]}"#
}

/// A document of `count` items at `items`.
private func streamDocument(count: Int) -> Data {
  var text = #"{"meta": {"count": \#(count)}, "items": ["#
  for index in 0..<count {
    if index > 0 { text += ",\n" }
    text += streamItem(index)
  }
  return Data((text + "]}").utf8)
}

/// A document of at least `size` bytes of items at `items`, made as it is
/// read, a chunk at a time (as a network body arrives).
struct GeneratedDocument: AsyncSequence, Sendable {
  typealias Element = [UInt8]
  let size: Int

  func makeAsyncIterator() -> Iterator { Iterator(size: size) }

  struct Iterator: AsyncIteratorProtocol {
    let size: Int
    var produced = 0
    var index = 0
    var chunk: [UInt8] = []
    var ended = false

    init(size: Int) { self.size = size }

    mutating func next() async throws -> [UInt8]? {
      guard !ended else { return nil }
      refill()
      return chunk
    }

    private mutating func refill() {
      produced += chunk.count
      chunk.removeAll(keepingCapacity: true)
      if produced == 0 { chunk.append(contentsOf: Array(#"{"items": ["#.utf8)) }
      while chunk.count < 65_536 {
        if produced + chunk.count >= size {
          chunk.append(contentsOf: Array("]}".utf8))
          ended = true
          return
        }
        if index > 0 { chunk.append(contentsOf: Array(",\n".utf8)) }
        chunk.append(contentsOf: Array(streamItem(index).utf8))
        index += 1
      }
    }
  }
}

/// Runs `body` to the end on the cooperative pool, waiting for it.
private func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let semaphore = DispatchSemaphore(value: 0)
  let box = ResultBox<T>()
  Task {
    do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
    semaphore.signal()
  }
  semaphore.wait()
  return try box.result!.get()
}

/// A result handed from a task to the thread waiting for it.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
  // Unchecked: written once by the task before the semaphore is signalled,
  // read once after the wait.
  var result: Result<T, any Error>?
}

/// Counts the elements streamed from `data` (or the file at `url`).
private func streamedCount(_ data: Data?, file url: URL?) throws -> Int {
  try blocking {
    var count = 0
    let decoder = CodixJSONDecoder()
    if let data {
      for try await item in decoder.elements(of: StreamItem.self, at: "items[*]", in: data) {
        count &+= item.id & 1 + 1
      }
    } else if let url {
      for try await item in decoder.elements(
        of: StreamItem.self, at: "items[*]", contentsOf: url)
      {
        count &+= item.id & 1 + 1
      }
    }
    return count
  }
}

/// Runs an actor's work on a dispatch queue, as the main actor runs on the
/// main queue.
private final class QueueExecutor: SerialExecutor {
  let queue = DispatchQueue(label: "codix-benchmark-consumer")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  func asUnownedSerialExecutor() -> UnownedSerialExecutor {
    UnownedSerialExecutor(ordinary: self)
  }
}

/// Consumes a stream on an actor of its own, as an app's model object
/// consumes one on the main actor.
private actor StreamConsumer {
  let executor = QueueExecutor()
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

  func count(_ data: Data) async throws -> Int {
    var count = 0
    for try await item in CodixJSONDecoder().elements(of: StreamItem.self, at: "items[*]", in: data)
    {
      count &+= item.id & 1 + 1
    }
    return count
  }
}

@MainActor
func reportStreaming() throws {
  let title = "Streaming: items[*] of small objects"
  guard runs(title) else { return }
  let count = quick ? 20_000 : 200_000
  let data = streamDocument(count: count)
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "codix-benchmark-stream-\(getpid()).json")
  try data.write(to: url)
  defer { try? FileManager.default.removeItem(at: url) }
  let whole = try CodixJSONDecoder().decode([StreamItem].self, from: data, at: "items")
  var streamed: [StreamItem] = []
  streamed = try blocking {
    var items: [StreamItem] = []
    for try await item in CodixJSONDecoder().elements(
      of: StreamItem.self, at: "items[*]", in: data)
    {
      items.append(item)
    }
    return items
  }
  guard whole == streamed else {
    print("Streaming decoded other elements than a whole decode.")
    exit(1)
  }
  let megabytes = Double(data.count) / 1_048_576
  // `--only` keeps some of the streamed cases (and the baseline).
  let cases =
    [
      // On the cooperative pool, as the streamed cases run.
      Case(name: "CodixJSONDecoder, one Data") {
        try blocking {
          try CodixJSONDecoder().decode([StreamItem].self, from: data, at: "items").count
        }
      }
    ]
    + selected([
      Case(name: "elements(of:at:in:), Data") { try streamedCount(data, file: nil) },
      Case(name: "elements(of:at:contentsOf:), file") { try streamedCount(nil, file: url) },
      Case(name: "elements, Data, on an actor (queue)") {
        try blocking { try await StreamConsumer().count(data) }
      },
    ])
  let samples = try measure(cases, rounds: rounds, iterations: 1)
  print(
    "\n\(title): \(count) items (\(String(format: "%.1f", megabytes)) MiB), median of \(rounds) rounds"
  )
  for (index, benchmark) in cases.enumerated() {
    let time = median(samples[index])
    let ratio = median(zip(samples[0], samples[index]).map { $0 / $1 })
    print(
      "  \(benchmark.name.padding(toLength: 36, withPad: " ", startingAt: 0))"
        + String(
          format: "%8.1f MB/s   %.2fx the throughput of one Data", megabytes / time * 1000, ratio))
  }

  // Peak memory: a generated document never held whole.
  guard only == nil || only!.contains("generated") else { return }
  let size = quick ? 64 << 20 : 1 << 30
  let memory = ProcessMemory()
  memory.releaseFreedMemory()
  let before = memory.resident()
  let canReset = memory.resetPeak()
  let start = DispatchTime.now().uptimeNanoseconds
  let items = try blocking {
    var count = 0
    for try await _ in CodixJSONDecoder().elements(
      of: StreamItem.self, at: "items[*]", inChunks: GeneratedDocument(size: size))
    {
      count += 1
    }
    return count
  }
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  let peak = canReset ? memory.peak() : ProcessMemory.maximumResident()
  print(
    String(
      format:
        "  generated %d MiB in chunks of 64 KiB: %d items in %.1f s (%.1f MB/s), peak %.1f MiB above the %.1f MiB resident before%@",
      size >> 20, items, seconds, Double(size) / 1_048_576 / seconds,
      Double(peak - before) / 1024, Double(before) / 1024,
      canReset ? "" : " (process maximum: the peak could not be reset)"))
}
