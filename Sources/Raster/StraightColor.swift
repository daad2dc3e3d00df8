/// A colour with straight (not premultiplied) alpha, each channel nominally in 0...1 (the kernels clamp).
package struct StraightColor: Equatable {
  package var r: Double, g: Double, b: Double, a: Double

  package init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
    (self.r, self.g, self.b, self.a) = (r, g, b, a)
  }
}
