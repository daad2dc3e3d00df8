import Lottie
import Testing

/// Path names split without Foundation's path calls, which trap on one-character names in
/// swift-corelibs-foundation 6.3.
struct PathNameTests {
  @Test func oneCharacterNamesAndRoots() {
    #expect(PathName.folder(of: "a") == "")
    #expect(PathName.folder(of: "-") == "")
    #expect(PathName.folder(of: "/a") == "/")
    #expect(PathName.folder(of: "x/a") == "x")
    #expect(PathName.fileName(of: "a") == "a")
    #expect(PathName.stem(of: ".hidden") == ".hidden")
    #expect(PathName.fileExtension(of: "x/b.JSON") == "json")
    #expect(PathName.deletingExtension("/b.json") == "/b")
  }

  /// Only the file name of a PNG sequence is a pattern: a folder keeps its `%` as it is.
  @Test func sequenceFramesKeepTheFolder() {
    #expect(PathName.sequenceFrame("f_%05d.png", 3) == "f_00003.png")
    #expect(PathName.sequenceFrame("50%d/f_%03d.png", 7) == "50%d/f_007.png")
    #expect(PathName.sequenceFrame("/f%%_%02d.png", 1) == "/f%_01.png")
  }
}
