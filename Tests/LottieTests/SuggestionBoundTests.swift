import Lottie
import TestSupport
import Testing

/// "Did you mean" stays cheap whatever the names (issue 38, item 4): the edit distance takes the product of two
/// lengths, and a file's layer names or a `--set` key can be a megabyte long. Names are compared on their first
/// 200 characters, so the suggestions for ordinary names are what they were.
struct SuggestionBoundTests {
  @Test func ordinaryNamesAreSuggestedAsBefore() {
    let candidates = [
      "Left.Box.Fill 1.Color", "Right.Box.Fill 1.Color", "Left.Box.Rect.Size", "Logo.Transform.Opacity",
    ]
    #expect(
      Keypaths.nearest(to: "Left.Box.Fil 1.Color", in: candidates, count: 2)
        == ["'Left.Box.Fill 1.Color'", "'Right.Box.Fill 1.Color'"])
  }

  @Test(.hangGuard) func megabyteNamesAreComparedOnTheirStart() {
    let long = String(repeating: "x", count: 1 << 20)
    let candidates = (0..<200).map { "\(long)\($0).Color" } + ["Layer.Fill 1.Color"]
    #expect(Keypaths.nearest(to: "Layer.Fill 1.Colour", in: candidates, count: 1) == ["'Layer.Fill 1.Color'"])
    let nearest = Keypaths.nearest(to: long + ".Colr", in: candidates, count: 1)
    #expect(nearest.count == 1 && nearest[0].hasSuffix(".Color'"))
  }
}
