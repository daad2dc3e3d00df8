import Foundation
import Lottie
import Testing

/// The model keeps each expression as source: the property without it, where it is, and a diagnostic.
@Suite("Expressions in the model")
struct ExpressionTests {
  @Test("an expression is kept with its path and the property's own value; the model alone does not run it")
  func kept() throws {
    let animation = try parse(opacityComposition(#"{"a":0,"k":50,"x":"value * 2"}"#))
    guard case .expression(let e) = animation.layers[0].transform.opacity else {
      Issue.record("expected an expression")
      return
    }
    #expect(e.source == "value * 2")
    #expect(e.path.description == "$.layers[0].ks.o")
    #expect(e.selfProperty == "opacity")
    #expect(animation.layers[0].transform.opacity.value(at: 0) == 50)
    #expect(animation.expressions.count == 1)
  }

  @Test("a syntax error is reported with its path and reason, and the property keeps its own value")
  func syntaxError() throws {
    let animation = try parse(opacityComposition(#"{"a":0,"k":50,"x":"var = ;"}"#))
    #expect(animation.layers[0].transform.opacity.isStatic)
    #expect(
      diagnosticTexts(animation).contains {
        $0.hasPrefix("test.json: $.layers[0].ks.o.x: warning: expression not evaluated (syntax error: expected a name")
      })
  }
}
