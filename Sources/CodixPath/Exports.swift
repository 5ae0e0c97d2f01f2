@_exported import CodixCore
