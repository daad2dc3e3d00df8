import Foundation
import TestSupport
import Testing

/// A video into a folder that does not exist: the error says which folder is missing, before anything is
/// loaded, and names no temporary file; a batch, a --data run and a PNG sequence still make their folders.
struct OutputFolderCLITests {
  static let hello = Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json").path

  @Test func aMissingVideoFolderIsNamed() async throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let video = directory.appendingPathComponent("nowhere/v.mp4").path
    let result = try await CommandRunner.lottie2video([Self.hello, "-o", video, "--width", "16", "--max-frames", "2"])
    #expect(result.exited(1), "\(result)")
    #expect(
      result.stderr
        == "Error: \(video): the folder '\(directory.path)/nowhere' does not exist (a video's folder is not created; make it first)\n",
      "\(result.stderr)")
    #expect(directoryListing(directory) == [])
    // As an event: the file failed, it never started.
    let json = try await CommandRunner.lottie2video([Self.hello, "-o", video, "--progress", "json"])
    #expect(json.exited(1), "\(json)")
    let events = json.stderr.split(separator: "\n").map(String.init)
    #expect(events.count == 2 && events[0].hasPrefix(#"{"event":"file-failed""#) && events[0].contains("does not exist"), "\(json.stderr)")
    // A --data run makes the folders its template names.
    let rows = directory.appendingPathComponent("rows.csv").path
    try Data("name\na\n".utf8).write(to: URL(fileURLWithPath: rows))
    let data = try await CommandRunner.lottie2video([
      Self.hello, "--data", rows, "-o", directory.appendingPathComponent("made/{name}.mp4").path, "--width", "16",
      "--max-frames", "2", "-q",
    ])
    #expect(data.exited(0), "\(data)")
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("made/a.mp4").path))
  }
}
