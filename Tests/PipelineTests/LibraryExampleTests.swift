import Foundation
import Lottie
import LottieArchive
import Pipeline
import TestSupport
import Testing

/// The README's library example, run as written (on the sample, with a marker added), so the README cannot
/// drift from the API.
struct LibraryExampleTests {
  @Test func readmeExampleExports() throws {
    let directory = Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The sample with an "intro" marker (frames 0-9), a "Title" keypath stand-in and no slots: use keypaths
    // the sample has.
    var json = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("examples/hello.json"), encoding: .utf8)
    json = json.replacingOccurrences(of: #""layers""#, with: #""markers":[{"cm":"intro","tm":0,"dr":10}],"layers""#)
    let input = directory.appendingPathComponent("promo.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: input))

    let template = Template(sets: [.init(key: "**.Fill.Color", value: "#FF0000")])
    let loaded = try AnimationSource.load(path: input, template: template)
    let animation = loaded.animation
    let (images, _) = try ImageAssets.load(loaded)

    let render = RenderSettings(width: 64, height: 64, background: RGBA(1, 1, 1), images: images)
    var options = ExportOptions(outputPath: directory.appendingPathComponent("promo.mp4").path, render: render, fps: 60)
    var timeline = Timeline(animation: animation)
    if let intro = animation.markers.first(where: { $0.name == "intro" }) {
      (timeline.start, timeline.end) = (intro.frame, intro.frame + intro.duration)
    }
    timeline.repeatCount = 2
    options.timeline = timeline
    let result = try Exporter.export(animation: animation, options: options) { _ in }
    // 10 frames of a 30 fps animation are 1/3 s: 20 frames at 60 fps, twice.
    #expect(result.frames == 40)
    #expect(result.bytes > 0)
  }
}
