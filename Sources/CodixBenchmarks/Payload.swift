import Foundation

/// The generated payload: `count` user objects of 11 fields each, one of them
/// a nested object and one an array, inside `{"response": {"users": [...]}}`.
enum Payload {
  static func make(count: Int) -> Data {
    Data(
      ("{\"response\": {\"users\": " + String(decoding: users(count: count), as: UTF8.self) + "}}")
        .utf8)
  }

  /// The users alone, as a top-level array: for a plain `JSONDecoder().decode`.
  static func users(count: Int) -> Data {
    var users: [String] = []
    users.reserveCapacity(count)
    for i in 0..<count {
      users.append(
        """
        {"id": \(i), "name": "User \(i)", "email": "user\(i)@example.com", "age": \(18 + i % 60), \
        "score": \(Double(i) * 1.5), "is_active": \(i % 2 == 0), "nick_name": "nick\(i)", \
        "balance": \(Double(i) * 10.25), "role": "\(["admin", "editor", "viewer"][i % 3])", \
        "tags": ["t\(i % 7)", "t\(i % 5)", "t\(i % 3)"], \
        "address": {"street": "\(i) Main Street", "city": "City \(i % 50)", "zip": "\(10000 + i)"}}
        """)
    }
    return Data(("[" + users.joined(separator: ",") + "]").utf8)
  }
}
