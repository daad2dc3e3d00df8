import Foundation
import TestSupport
import Testing

/// `--data` refuses a table that would silently change nothing, names the row of every error, and
/// `check --data` checks every row without rendering (issue 41, item 4); `--dry-run` plans the good rows.
struct DataColumnsCLITests {
  static func table(_ text: String, in directory: URL, name: String = "rows.csv") throws -> String {
    let path = directory.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func aColumnThatChangesNothingIsRefusedUnlessIgnored() async throws {
    let (directory, input) = try await TemplatingCLITests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 'color' was meant as 'Left.Box.Fill 1.Color': without a dot it would only name outputs, and -o does not use it.
    let csv = try Self.table("city,color\nParis,blue\nLyon,green\n", in: directory)
    let out = directory.appendingPathComponent("out").path
    let refused = try await CommandRunner.lottie2video([input, "--data", csv, "-o", out + "/{city}.png"])
    #expect(refused.exited(64), "\(refused)")
    #expect(
      refused.stderr.contains(
        "The column 'color' of \(csv) would change nothing: it is no keypath (a header with a dot, as in 'Layer.Property'), 'slot:ID' or 'image:ID', and the output name does not use it; nearest: 'Left.Box.Fill 1.Color', 'Right.Box.Fill 1.Color'"
      ), "\(refused)")
    #expect(!FileManager.default.fileExists(atPath: out))
    let ignored = try await CommandRunner.lottie2video([
      input, "--data", csv, "--data-ignore", "color", "-o", out + "/{city}.gif", "--frames", "0-0",
    ])
    #expect(ignored.exited(0), "\(ignored)")
    #expect(FileManager.default.fileExists(atPath: out + "/Paris.gif"))
    // An ignored keypath column does nothing either, its cells filled or not.
    let keyed = try Self.table("city,Left.Box.Fill 1.Colour\nParis,blue\n", in: directory, name: "keyed.csv")
    let ignoredKeypath = try await CommandRunner.lottie2video([
      input, "--data", keyed, "--data-ignore", "Left.Box.Fill 1.Colour", "-o", out + "/k-{city}.gif", "--frames",
      "0-0",
    ])
    #expect(ignoredKeypath.exited(0), "\(ignoredKeypath)")
    let typo = try await CommandRunner.lottie2video([
      input, "--data", csv, "--data-ignore", "colour", "-o", out + "/{city}.png",
    ])
    #expect(typo.exited(64), "\(typo)")
    #expect(
      typo.stderr.contains("--data-ignore names 'colour', which is not a column of \(csv) (columns: city, color)"))
    let withoutData = try await CommandRunner.lottie2video([input, "--data-ignore", "x", "-o", out + "/a.png"])
    #expect(withoutData.exited(64) && withoutData.stderr.contains("give --data too"), "\(withoutData)")
  }

  @Test func aKeypathColumnThatMatchesNothingIsRefusedBeforeAnyRow() async throws {
    let (directory, input) = try await TemplatingCLITests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Its cells are empty: row by row nothing would ever say the keypath is wrong.
    let csv = try Self.table("name,Left.Box.Fill 1.Colour\na,\nb,\n", in: directory)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([input, "--data", csv, "-o", out + "/{name}.png"])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr.contains(
        "\(csv): the column 'Left.Box.Fill 1.Colour' matches no keypath of the animation; nearest: 'Left.Box.Fill 1.Color'"
      ), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test func checkDataChecksEveryRowWithoutRendering() async throws {
    let (directory, input) = try await TemplatingCLITests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = try Self.table("city,Left.Box.Fill 1.Color\nParis,blue\nLyon,nope\nNice,\n", in: directory)
    let result = try await CommandRunner.lottie2video(["check", input, "--data", csv])
    #expect(result.exited(1), "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "\(csv): note: the column 'city' changes nothing in the animation: an export needs it in the output's name (-o 'out/{city}.mp4') or in --data-ignore",
        "\(input) row 1: ok",
        "\(input) row 2: error: the value 'nope' for 'Left.Box.Fill 1.Color' is not a colour (#RRGGBB, #RRGGBBAA or a CSS colour name)",
        "\(input) row 3: ok",
      ], "\(result)")
    let json = try await CommandRunner.lottie2video([
      "check", input, "--data", csv, "--data-ignore", "city", "--json",
    ])
    #expect(json.exited(1), "\(json)")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(records.map { $0["row"] as? Int } == [1, 2, 3])
    #expect(records.map { $0["ok"] as? Bool } == [true, false, true])
    let many = try await CommandRunner.lottie2video(["check", input, input, "--data", csv])
    #expect(many.exited(64) && many.stderr.contains("give exactly one input"), "\(many)")
  }

  @Test func aDryRunPlansTheGoodRowsAndNamesTheBadOne() async throws {
    let (directory, input) = try await TemplatingCLITests.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = try Self.table("city,Left.Box.Fill 1.Color\nParis,blue\nLyon,nope\nNice,\n", in: directory)
    let out = directory.appendingPathComponent("out").path
    let result = try await CommandRunner.lottie2video([input, "--data", csv, "-o", out + "/{city}.gif", "--dry-run"])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr.contains(
        "Error: row 2 (\(out)/Lyon.gif): \(input): the value 'nope' for 'Left.Box.Fill 1.Color' is not a colour"),
      "\(result)")
    #expect(result.stdout.contains("\(out)/Paris.gif") && result.stdout.contains("\(out)/Nice.gif"), "\(result)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }
}
