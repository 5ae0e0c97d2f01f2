import CodixCore
import CodixPath
import CodixTestSupport
import CodixWrappers
import Foundation
import Testing

// A model whose own value is not an object gets one report on every route:
// an entry point knows the type it asked for, Foundation's decoder (calling
// `init(from:)` itself) does not, and neither may show in the report.

private struct PathLodging: Decodable {
  var name: String
  var city: String
  init(from decoder: any Decoder) throws {
    name = try decoder.decode(at: "name")
    city = try decoder.decode(at: "address.city")
  }
}

private struct WrapperLodging: Kodable {
  @Coding var name: String
  @Coding("address.city") var city: String
}

private func rootError<T: Decodable>(
  _ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> CodixError? {
  errorOnEveryRoute(type, from: Data(text.utf8), sourceLocation: sourceLocation)
}

@Test(arguments: [#"["n"]"#, #""n""#, "1"])
func aModelsValueThatIsNotAnObjectIsReportedAlikeOnEveryRoute(text: String) {
  for error in [rootError(PathLodging.self, text), rootError(WrapperLodging.self, text)] {
    #expect(error?.kind == .typeMismatch)
    #expect(error?.path == "" && error?.property == nil)
    #expect(error?.expected == "an object")
  }
}

@Test func deeperAValueThatIsNotAnObjectIsThePropertysError() {
  let text = #"{"name": "n", "address": "x"}"#
  for error in [rootError(PathLodging.self, text), rootError(WrapperLodging.self, text)] {
    #expect(error?.kind == .typeMismatch && error?.path == "address")
  }
  #expect(rootError(WrapperLodging.self, text)?.property == "city")
}
