import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

@testable import CodixCore

// Swift's `<` on String is not a strict weak order for some mixes of a
// precomposed and a decomposed letter: neither of these two is less than the
// other, and they are not equal. Codix sorts keys by their UTF-8 bytes, so a
// listing does not depend on the order the keys arrived in, which differs
// between routes.

private let precomposed = "caf\u{E9}-"
private let decomposed = "cafe\u{301}"

@Test func keysSortTheSameWhateverOrderTheyArriveIn() {
  let keys = [precomposed, decomposed, "K", "\u{212A}", "id"]
  let expected = KeyOrder.sorted(keys)
  #expect(expected == ["K", "cafe\u{301}", "caf\u{E9}-", "id", "\u{212A}"])
  for rotation in keys.indices {
    let arrived = Array(keys[rotation...] + keys[..<rotation])
    #expect(KeyOrder.sorted(arrived).elementsEqual(expected) { Array($0.utf8) == Array($1.utf8) })
    #expect(
      KeyOrder.sorted(arrived.reversed()).elementsEqual(expected) {
        Array($0.utf8) == Array($1.utf8)
      })
  }
}

private struct Titled: Decodable {
  var title: String
  init(from decoder: any Decoder) throws {
    title = try decoder.decode(at: "title")
  }
}

@Test func aMissingKeysReportListsTheKeysInOneOrderOnEveryRoute() throws {
  let data = Data(#"{"caf\u00e9-": 1, "cafe\u0301": 2, "titel": 3}"#.utf8)
  // Every route's report is checked equal to the plain route's, whose keys
  // come from Foundation's dictionary, in an order that changes by process.
  let outcomes = outcomesOnEveryRoute(Titled.self, from: data)
  guard case .failure(let error as CodixError)? = outcomes.first?.result else {
    Issue.record("Titled decoded")
    return
  }
  #expect(
    (error.message ?? "").contains(
      #"among "cafe\#u{301}", "caf\#u{E9}-", "titel". Did you mean "titel"?"#),
    "\(error)")
}
