import CodixWrappers
import Foundation

// An app module that declares its own `JSONValue` and `Variant`: its own
// declarations win over what it imports, so these names need nothing.

enum JSONValue: Equatable {
  case text(String)
  case other
}

enum Variant: String, Codable {
  case control, treatment
}

struct Experiment: Kodable {
  @Coding var name: String
  @Coding var variant: Variant = .control
}

func describe(_ value: JSONValue, _ experiment: Experiment) -> String {
  "\(value) \(experiment.name) \(experiment.variant)"
}
