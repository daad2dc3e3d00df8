/// An affine map of the plane taking (x, y) to (a·x + c·y + tx, b·x + d·y + ty), Cairo's layout (Cairo's
/// `xx, yx, xy, yy, x0, y0`).
package struct PixelTransform: Equatable {
  package var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }
}
