import Testing
@testable import CodixCore
@Test func placeholder() { #expect(Path("a.b").components == ["a", "b"]) }
