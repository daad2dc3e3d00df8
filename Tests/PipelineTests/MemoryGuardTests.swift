import Foundation
import Lottie
import TestSupport
import Testing

@testable import Pipeline

/// `--limit memory` holds while an export runs, not only in its plan: over the limit the heap gives back its
/// free pages first, and an export still over stops, leaving nothing (issue 41, item 3).
struct MemoryGuardTests {
  @Test func theHeapGivesWayBeforeTheExportStops() throws {
    var readings: [Int?] = []
    var trimmed = 0
    let memoryGuard = try #require(
      MemoryGuard(
        limit: 1000, estimate: 800, resident: { readings.isEmpty ? nil : readings.removeFirst() },
        trim: { trimmed += 1 }))
    // Under the limit: nothing to do.
    readings = [900]
    try memoryGuard.check(frame: 0)
    #expect(trimmed == 0)
    // Over, and under once the heap gave its free pages back: the export goes on.
    readings = [1200, 950]
    try memoryGuard.check(frame: 1)
    #expect(trimmed == 1)
    // Over even then: it stops, saying where and by how much.
    readings = [1_500_000_000, 1_400_000_000]
    #expect(throws: ExportError.memoryExceeded(resident: 1_400_000_000, limit: 1000, frame: 2, estimate: 800)) {
      try memoryGuard.check(frame: 2)
    }
    #expect(trimmed == 2)
    // Where /proc cannot say, nothing is enforced.
    readings = [nil]
    try memoryGuard.check(frame: 3)
    #expect(MemoryGuard(limit: nil, estimate: 800) == nil)
  }

  @Test func theProcessReadsItsOwnResidentSet() throws {
    let resident = try #require(MemoryGuard.residentBytes())
    // The test process holds its libraries at least.
    #expect(resident > 10_000_000 && resident < 1 << 40)
  }

  /// The export's own guard: a resident limit below what the process already holds stops it at its first
  /// frame, and no file is left.
  @Test func anExportOverTheLimitStopsAndLeavesNothing() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("a.mp4").path
    var options = ExportOptions(
      outputPath: output, render: RenderSettings(width: 64, height: 64, jobs: 1), fps: 30)
    options.memoryLimit = nil
    let held = try #require(MemoryGuard.residentBytes())
    options.residentLimit = held / 2
    #expect {
      _ = try Exporter.export(animation: try ExportLimitTests.animation(), options: options)
    } throws: { error in
      guard case .memoryExceeded(let resident, let limit, let frame, _) = error as? ExportError else { return false }
      return frame == 0 && limit == held / 2 && resident > limit
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }
}
