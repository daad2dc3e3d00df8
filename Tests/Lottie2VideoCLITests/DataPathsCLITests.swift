import Foundation
import TestSupport
import Testing

/// Issue 38, item 5: a `--data` table chooses values, never where output goes nor which file outside its folder
/// is read. Before, an `image:` cell of `../secret.png` (or an absolute path) put a file from anywhere into the
/// video; now it is read only inside the table's folder, the animation's folder and `--assets`, unless
/// `--allow-external-paths`, and relative paths start from the table's folder.
struct DataPathsCLITests {
  /// Exports one frame per row of `table` into `out/{name}.mp4`.
  static func exportRows(_ input: String, table: URL, into out: URL, _ extra: [String] = []) async throws
    -> CommandResult
  {
    try await CommandRunner.lottie2video(
      [input, "--data", table.path, "-o", out.path + "/{name}.mp4", "--max-frames", "1", "-q"] + extra)
  }

  @Test(.hangGuard)
  func imageCellsAreConfined() async throws {
    let (directory, input) = try await TemplatingCLITests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let outside = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: outside) }
    let secret = outside.appendingPathComponent("secret.png")
    try FileManager.default.copyItem(at: directory.appendingPathComponent("white.png"), to: secret)
    let escape = "../" + outside.lastPathComponent + "/secret.png"
    let table = directory.appendingPathComponent("rows.csv")
    try Data("name,image:logo\ninside,white.png\nclimbs,\(escape)\nabsolute,\(secret.path)\n".utf8).write(to: table)
    let out = directory.appendingPathComponent("out")

    let confined = try await Self.exportRows(input, table: table, into: out)
    #expect(confined.exited(1), "\(confined)")
    for reference in [escape, secret.path] {
      #expect(
        confined.stderr.contains(
          "image:logo: '\(reference)' is outside the data table's folder, the animation's folder and --assets; not "
            + "read (--allow-external-paths allows it for trusted tables)"),
        "\(confined)")
    }
    #expect(directoryListing(out) == ["inside.mp4"])

    try FileManager.default.removeItem(at: out)
    let trusted = try await Self.exportRows(input, table: table, into: out, ["--allow-external-paths"])
    #expect(trusted.exited(0), "\(trusted)")
    #expect(directoryListing(out) == ["absolute.mp4", "climbs.mp4", "inside.mp4"])
  }

  /// A cell's value in `-o` can name a file, never a folder: `/` becomes `_` and a leading `.` is escaped.
  @Test(.hangGuard)
  func outputPlaceholdersCannotClimb() async throws {
    let (directory, input) = try await TemplatingCLITests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("rows.csv")
    try Data("name\n../../escaped\n/etc/x\n".utf8).write(to: table)
    let out = directory.appendingPathComponent("out")
    let result = try await Self.exportRows(input, table: table, into: out)
    #expect(result.exited(0), "\(result)")
    #expect(directoryListing(out) == ["_._.._escaped.mp4", "_etc_x.mp4"])
    #expect(!FileManager.default.fileExists(atPath: directory.deletingLastPathComponent().path + "/escaped.mp4"))
  }
}
