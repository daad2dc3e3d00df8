import Testing

@testable import TextLayout

/// Where box text may break, beyond what ICU says (`TextShaper.quotationBreaks`).
struct LineBreakTests {
  /// Between Chinese characters a line may break before an opening quotation mark and after a closing
  /// one, never inside the quotation's first or last character pair.
  @Test func quotationMarksBetweenChineseCharacters() {
    let text = "符号“不能”出现"  // “ at 2, ” at 5
    let breaks = TextShaper.breakOpportunities(text)
    #expect(breaks.contains(2), "before the opening mark: \(breaks.sorted())")
    #expect(breaks.contains(6), "after the closing mark: \(breaks.sorted())")
    #expect(!breaks.contains(3) && !breaks.contains(5), "inside the quotation's ends: \(breaks.sorted())")
    #expect(TextShaper.quotationBreaks(text) == [2, 6])
  }

  /// Quotation marks next to Latin text, spaces or the ends keep ICU's rules.
  @Test func quotationMarksElsewhereAreLeftAlone() {
    #expect(TextShaper.quotationBreaks("He said “hi” there").isEmpty)
    #expect(TextShaper.quotationBreaks("“不能”").isEmpty)
    #expect(TextShaper.quotationBreaks("号 “不能” 出").isEmpty)
    // Outside the Basic Multilingual Plane offsets count UTF-16 units: 𠀀 is two.
    #expect(TextShaper.quotationBreaks("𠀀“不") == [2])
  }
}
