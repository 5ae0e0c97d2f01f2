// A stand-in for SwiftUI on Linux: the names a drawing file uses, with the
// same spelling. Only what the files beside it need is here; points and
// rectangles are Foundation's, as SwiftUI's are on Apple platforms.
@_exported import Foundation

/// The outline of a shape: the name SwiftUI's drawing code uses.
public struct Path: Sendable, Equatable {
  /// The points drawn, in order.
  public private(set) var points: [CGPoint] = []

  /// An empty path.
  public init() {}

  /// A path built by `build`.
  public init(_ build: (inout Path) -> Void) {
    build(&self)
  }

  /// Starts a new outline at `point`.
  public mutating func move(to point: CGPoint) { points.append(point) }

  /// Draws a line to `point`.
  public mutating func addLine(to point: CGPoint) { points.append(point) }
}

/// A shape that draws itself in a rectangle.
public protocol Shape {
  /// The outline of the shape in `rect`.
  func path(in rect: CGRect) -> Path
}
