import Foundation

// The one way Codix reads memory another library keeps private.
//
// A probe reads a field of a Foundation object that Foundation does not
// publish (where a JSON decoder is in its document, which container an
// encoder writes to). Such a reading may only make Codix faster: each one
// has a slower path that gives the same values, taken whenever the probe is
// not there. A probe is used only after three steps, all in `proven`:
//
// 1. It is not refused: `CODIX_REFUSE_PROBES=1` in the environment refuses
//    every probe for the process (CI runs the whole suite so, and gets the
//    same values).
// 2. It is found: the reflection seam locates the field by name, type and
//    size (`Reflection.swift`); a layout that differs finds nothing.
// 3. It is proven: a canned document is decoded or encoded with it, and
//    every answer it gives there is checked against the public API's.
//
// The answer is remembered per type for the process (`PerTypeMemo`), so a
// probe costs its proof once.

/// The gate every reading of another library's memory goes through.
package enum Probes {
  /// Whether the environment refuses every probe (`CODIX_REFUSE_PROBES=1`).
  package static let refused: Bool =
    ProcessInfo.processInfo.environment["CODIX_REFUSE_PROBES"] == "1"

  /// The probe `trial` finds and proves on a canned document; `nil`, with
  /// no trial run, when probes are refused, and `nil` when the trial finds
  /// nothing or disagrees. `trial` answers a probe only once every check of
  /// its proof passed.
  package static func proven<Probe>(by trial: () -> Probe?) -> Probe? {
    refused ? nil : trial()
  }
}
