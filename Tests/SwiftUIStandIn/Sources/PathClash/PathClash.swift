import CodixPath
import SwiftUI

// A file that imports SwiftUI and CodixPath and names `Path` unqualified
// does not build: both modules declare it. .ci/run checks that this target
// fails with "ambiguous", so the stand-in is known to reproduce the clash
// that ViewAndPathModel answers in one line.

struct Triangle: Shape {
  func path(in rect: CGRect) -> Path {
    Path { path in
      path.move(to: CGPoint(x: rect.width / 2, y: 0))
      path.addLine(to: CGPoint(x: rect.width, y: rect.height))
    }
  }
}
