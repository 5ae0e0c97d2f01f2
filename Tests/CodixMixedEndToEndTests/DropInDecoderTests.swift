import CodixPath
import CodixWrappers
import Foundation
import Testing

// CodixJSONDecoder in place of JSONDecoder, as code written for JSONDecoder
// uses it.

// MARK: - A final class

/// A protocol a class can conform to with a concrete return type only when
/// it is final: this file does not compile if `CodixJSONDecoder` can be
/// subclassed (a subclass's overrides would be ignored by Codix's entry
/// points, which read the options it stores).
private protocol MadeByItsOwnType {
  static func made() -> Self
}

extension CodixJSONDecoder: MadeByItsOwnType {
  fileprivate static func made() -> CodixJSONDecoder { CodixJSONDecoder() }
}

@Test func codixJSONDecoderIsAFinalClass() {
  #expect(type(of: CodixJSONDecoder.made()) == CodixJSONDecoder.self)
}
