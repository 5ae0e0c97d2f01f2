import CodixWrappers
import Foundation
import NetworkingKit

// Another imported module declares `JSONValue` too: the file says which one
// it means, in one line. (`Variant` needs nothing: Codix's is `TaggedVariant`.)
typealias JSONValue = NetworkingKit.JSONValue

struct Settings: Kodable {
  @Coding var id: Int
  @Coding(.extras) var extras: [String: CodixCore.JSONValue] = [:]
}

func summary(_ value: JSONValue, _ variant: Variant) -> String {
  "\(value) \(variant.rawValue)"
}
