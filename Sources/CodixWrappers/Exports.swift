// What `import CodixWrappers` brings into a file: all of CodixCore but `Path`.
//
// SwiftUI declares `Path` (the shape), and a file that imports two modules
// declaring one name cannot use it unqualified. The wrapper style rarely
// names `Path` (a key is a string literal: `@Coding("a.b[0]")`), so leaving
// it out lets a SwiftUI view and a wrapper model share a file unchanged. Code
// that builds a `Path` by name adds `import CodixCore` (or `import CodixPath`).
//
// Every other public declaration of CodixCore is listed here, one line each;
// Scripts/check-exports.py fails CI when one is missing. Members and
// extensions come with their module (`JSONDecoder().decode(_:from:at:)`,
// `userInfo[.codixDiagnostics]`).

@_exported import struct CodixCore.BoolFromInt
@_exported import struct CodixCore.BoolFromString
@_exported import struct CodixCore.CodixCollectedErrors
@_exported import class CodixCore.CodixDiagnostics
@_exported import struct CodixCore.CodixError
@_exported import struct CodixCore.CodixJSONBytes
@_exported import struct CodixCore.CodixJSONChunks
@_exported import class CodixCore.CodixJSONDecoder
@_exported import struct CodixCore.CodixJSONElements
@_exported import class CodixCore.CodixJSONEncoder
@_exported import protocol CodixCore.CodixTopLevelDecoder
@_exported import protocol CodixCore.CodixTopLevelEncoder
@_exported import enum CodixCore.CodixVersion
@_exported import struct CodixCore.DataFromBase64
@_exported import enum CodixCore.DateCodingStrategy
@_exported import protocol CodixCore.DateConvertible
@_exported import struct CodixCore.DateFromString
@_exported import struct CodixCore.DateFromTimeIntervalSince1970
@_exported import typealias CodixCore.DateValue
@_exported import struct CodixCore.DoubleFromString
@_exported import struct CodixCore.IntFromString
@_exported import enum CodixCore.JSONValue
@_exported import enum CodixCore.KeyStyle
@_exported import enum CodixCore.PathComponent
@_exported import enum CodixCore.RawDate
@_exported import protocol CodixCore.ReversibleTransformer
@_exported import enum CodixCore.TagStyle
@_exported import protocol CodixCore.TaggedCodable
@_exported import struct CodixCore.TaggedVariant
@_exported import protocol CodixCore.Transformer
@_exported import struct CodixCore.TransparentTransformer
@_exported import enum CodixCore.UnknownKeys
