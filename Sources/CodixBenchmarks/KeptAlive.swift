import CodixPath
import CodixWrappers
import Foundation

// What a plain `JSONDecoder().decode(_:from:)` leaves resident once it has
// returned and its value has been freed: nothing of Codix's may keep the
// decoder, its map of the document or the document alive (JSONDecoder copies
// its input when something still references its decoder). Each model is
// decoded in a process of its own from a generated 39 MiB array of 400,000
// small objects; the figure is the resident size after the decode, its value
// freed, minus the resident size before it, both after handing freed memory
// back to the system (see Memory.swift).

/// A child process's request: `--resident-after <model>`.
struct KeptAliveRequest {
  static let flag = "--resident-after"
  static let models = ["hand-written", "CodixPath", "CodixWrappers"]
  let model: String

  init?(_ arguments: [String]) {
    guard let index = arguments.firstIndex(of: Self.flag), index + 1 < arguments.count else {
      return nil
    }
    model = arguments[index + 1]
  }
}

private struct HandPair: Decodable {
  let id: Int
  let city: String

  enum CodingKeys: String, CodingKey { case id, address }
  enum AddressKeys: String, CodingKey { case city }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    city = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
      .decode(String.self, forKey: .city)
  }
}

private struct PathPair: Decodable {
  let id: Int
  let city: String

  init(from decoder: any Decoder) throws {
    id = try decoder.decode(at: "id")
    city = try decoder.decode(at: "address.city")
  }
}

private struct WrapperPair: Kodable {
  @Coding var id: Int
  @Coding("address.city") var city: String
}

/// The generated document: 400,000 objects of about 100 bytes.
private func keptAliveDocument(count: Int) -> Data {
  var text = "["
  text.reserveCapacity(count * 100)
  for index in 0..<count {
    if index > 0 { text += "," }
    text +=
      #"{"id": \#(index), "name": "user \#(index)", "address": {"city": "City \#(index % 97)", "zip": "\#(10_000 + index % 89_999)"}}"#
  }
  text += "]"
  return Data(text.utf8)
}

/// Decodes the model `request` names and prints what stayed resident, in KiB.
func measureKeptAliveInThisProcess(_ request: KeptAliveRequest) -> Int32 {
  let memory = ProcessMemory()
  let data = keptAliveDocument(count: 400_000)
  memory.releaseFreedMemory()
  let before = memory.resident()
  do {
    let count: Int
    switch request.model {
    case "hand-written": count = try JSONDecoder().decode([HandPair].self, from: data).count
    case "CodixPath": count = try JSONDecoder().decode([PathPair].self, from: data).count
    case "CodixWrappers": count = try JSONDecoder().decode([WrapperPair].self, from: data).count
    default:
      print("No model \"\(request.model)\".")
      return 2
    }
    guard count == 400_000 else { return 1 }
  } catch {
    print("The decode failed: \(error)")
    return 1
  }
  memory.releaseFreedMemory()
  print("kept \(memory.resident() - before)")
  return 0
}

/// Measures each model in a process of its own and prints what each left
/// resident; exits 1 when a Codix model left more than hand-written Codable
/// did, beyond 2 MiB of noise.
@MainActor
func reportKeptAlive() throws {
  print(
    "\nResident after a plain JSONDecoder().decode of 400,000 objects (39 MiB) returned, its value freed:"
  )
  var figures: [String: Int] = [:]
  for model in KeptAliveRequest.models {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: thisExecutable())
    process.arguments = [KeptAliveRequest.flag, model]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let line = text.split(separator: "\n").last(where: { $0.hasPrefix("kept ") }),
      let kibibytes = Int(line.dropFirst(5))
    else {
      print("Measuring \(model) failed (status \(process.terminationStatus)):\n\(text)")
      exit(1)
    }
    figures[model] = kibibytes
    let name = model.padding(toLength: 16, withPad: " ", startingAt: 0)
    print("  \(name) \(String(format: "%7.1f", Double(kibibytes) / 1024)) MiB")
  }
  let hand = figures["hand-written"] ?? 0
  for model in ["CodixPath", "CodixWrappers"] {
    let kept = figures[model] ?? 0
    let holds = kept <= hand + 2048
    keptAliveChecks.append((model, Double(kept - hand) / 1024, holds))
  }
}

/// Each Codix model's resident size after the decode, above hand-written
/// Codable's, in MiB, and whether it is within the 2 MiB allowed.
@MainActor var keptAliveChecks: [(model: String, aboveHandWritten: Double, holds: Bool)] = []
