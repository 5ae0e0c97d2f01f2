import Foundation
import Testing

@testable import CodixCore

// The once-per-type memo behind decoder kinds, key-strategy checks and
// wrapper kits, and the once-made value behind a table's encoding plan.

private final class Answer: @unchecked Sendable {
  let type: Any.Type
  init(_ type: Any.Type) { self.type = type }
}

private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var made = 0
  func count() {
    lock.lock()
    made += 1
    lock.unlock()
  }
  var total: Int {
    lock.lock()
    defer { lock.unlock() }
    return made
  }
}

@Test func aTypesAnswerIsMadeOnceAndKeptApartFromOtherTypes() {
  let memo = PerTypeMemo<Answer>()
  let counter = Counter()
  let first = memo.value(for: Int.self) {
    counter.count()
    return Answer(Int.self)
  }
  let again = memo.value(for: Int.self) {
    counter.count()
    return Answer(Int.self)
  }
  let other = memo.value(for: String.self) {
    counter.count()
    return Answer(String.self)
  }
  #expect(first === again)
  #expect(ObjectIdentifier(first.type) == ObjectIdentifier(Int.self))
  #expect(ObjectIdentifier(other.type) == ObjectIdentifier(String.self))
  #expect(counter.total == 2)
}

@Test func aNilAnswerIsKeptToo() {
  let memo = PerTypeMemo<Answer?>()
  let counter = Counter()
  for _ in 0..<3 {
    let answer = memo.value(for: Double.self) {
      counter.count()
      return nil
    }
    #expect(answer == nil)
  }
  #expect(counter.total == 1)
}

@Test func racingFirstUsesAllGetTheFirstStoredAnswer() {
  let memo = PerTypeMemo<Answer>()
  let lock = NSLock()
  nonisolated(unsafe) var seen: [ObjectIdentifier] = []
  DispatchQueue.concurrentPerform(iterations: 16) { _ in
    let answer = memo.value(for: Bool.self) { Answer(Bool.self) }
    lock.lock()
    seen.append(ObjectIdentifier(answer))
    lock.unlock()
  }
  #expect(seen.count == 16)
  #expect(Set(seen).count == 1)
}

@Test func aOnceValueIsMadeAtItsFirstUseOnly() {
  let counter = Counter()
  let once = OnceValue<Answer> {
    counter.count()
    return Answer(Int.self)
  }
  #expect(counter.total == 0)
  let first = once.value
  #expect(first === once.value)
  #expect(counter.total == 1)
}

@Test func racingFirstUsesOfAOnceValueAllGetTheFirstStoredValue() {
  let once = OnceValue { Answer(Bool.self) }
  let lock = NSLock()
  nonisolated(unsafe) var seen: [ObjectIdentifier] = []
  DispatchQueue.concurrentPerform(iterations: 16) { _ in
    let answer = once.value
    lock.lock()
    seen.append(ObjectIdentifier(answer))
    lock.unlock()
  }
  #expect(seen.count == 16)
  #expect(Set(seen).count == 1)
}
