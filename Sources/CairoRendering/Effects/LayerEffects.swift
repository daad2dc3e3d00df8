import CCairo
import Foundation
import Lottie
import LottieScene

/// A layer effect's values at one frame, with lengths in device pixels.
enum ResolvedEffect: Equatable {
  case fill(color: RGBA, opacity: Double)
  case tint(black: RGBA, white: RGBA, amount: Double)
  case tritone(bright: RGBA, mid: RGBA, dark: RGBA)
  case blur(sigmaX: Double, sigmaY: Double)
  case shadow(color: RGBA, opacity: Double, offset: Vec2, sigma: Double, shadowOnly: Bool)
  /// Gradient Ramp: `toLayer` maps device points to layer space, where the ramp runs from `start` to `end`.
  case ramp(toLayer: Affine, start: Vec2, end: Vec2, startColor: RGBA, endColor: RGBA, radial: Bool, blend: Double)
  /// The inner shadow style, `blend` a Cairo operator.
  case innerShadow(color: RGBA, opacity: Double, offset: Vec2, sigma: Double, blend: cairo_operator_t)
  /// A band `width` device pixels wide around the outside of the layer's pixels, under them.
  case outline(color: RGBA, width: Double, opacity: Double)
  /// Mask paths in layer space, stroked under `world`.
  case stroke(paths: [BezierPath], world: Affine, color: RGBA, width: Double, opacity: Double, start: Double,
    end: Double, spacing: Double, paintStyle: Int)

  /// Larger blurs are clamped: beyond this the layer is a faint haze anyway.
  static let maxSigma = 400.0
  /// Wider stroke styles are clamped (After Effects allows 250 px at 100%).
  static let maxOutline = 1000.0

  /// The effects' values at this frame, for a layer drawn with `world` with `masks` (all of them, as a stroke
  /// effect counts them). Effects that change nothing are left out.
  static func resolve(_ effects: [EffectValues], masks: [MaskNode], world: Affine) -> [ResolvedEffect] {
    let scale = world.maxScale
    var out: [ResolvedEffect] = []
    for effect in effects {
      switch effect {
      case .fill(let color, let opacity):
        out.append(.fill(color: color, opacity: min(max(opacity, 0), 1)))
      case .tint(let black, let white, let amount):
        let a = min(max(amount, 0), 1)
        if a > 0 { out.append(.tint(black: black, white: white, amount: a)) }
      case .tritone(let bright, let mid, let dark):
        out.append(.tritone(bright: bright, mid: mid, dark: dark))
      case .gaussianBlur(let sigma, let dimensions):
        let s = min(max(sigma, 0) * scale, maxSigma)
        let d = (dimensions + 0.5).clampedInt(-1000...1000)
        let sx = d == 3 ? 0 : s, sy = d == 2 ? 0 : s
        if sx >= 0.3 || sy >= 0.3 { out.append(.blur(sigmaX: sx, sigmaY: sy)) }
      case .stroke(let index, let all, let color, let size, let opacity, let start, let end, let spacing, let style):
        let chosen = all ? Array(masks.indices) : (masks.indices.contains(index - 1) ? [index - 1] : [])
        let width = size * 2
        guard !chosen.isEmpty, width > 0 || style == 2 else { continue }
        out.append(
          .stroke(
            paths: chosen.map { masks[$0].path }, world: world, color: color, width: width,
            opacity: min(max(opacity, 0), 1), start: start, end: end, spacing: spacing, paintStyle: style))
      case .dropShadow(let color, let opacity, let direction, let distance, let sigma, let shadowOnly):
        let o = min(max(opacity, 0), 1)
        guard o > 0 || shadowOnly else { continue }
        // lottie-web draws the filter in the layer's space: the offset turns and scales with the layer.
        let angle = (direction - 90) * .pi / 180
        let offset = world.applyVector(Vec2(distance * cos(angle), distance * sin(angle)))
        let s = min(max(sigma, 0) * scale, maxSigma)
        out.append(.shadow(color: color, opacity: o, offset: offset, sigma: s, shadowOnly: shadowOnly))
      case .transform:
        // Drawn as part of the layer's matrix and opacity (`SceneLayer.effectMatrix`).
        continue
      case .gradientRamp(let start, let startColor, let end, let endColor, let shape, let blend):
        let b = min(max(blend, 0), 1)
        guard b < 1, let toLayer = world.inverted() else { continue }
        out.append(
          .ramp(
            toLayer: toLayer, start: start, end: end, startColor: startColor, endColor: endColor,
            radial: (shape + 0.5).clampedInt(0...10) == 2, blend: b))
      case .innerShadow(let color, let opacity, let direction, let distance, let sigma, let blendMode):
        let o = min(max(opacity, 0), 1)
        guard o > 0 else { continue }
        let angle = (direction - 90) * .pi / 180
        let offset = world.applyVector(Vec2(distance * cos(angle), distance * sin(angle)))
        let s = min(max(sigma, 0) * scale, maxSigma)
        out.append(
          .innerShadow(color: color, opacity: o, offset: offset, sigma: s, blend: LayerPainter.blendOperator(blendMode)))
      case .layerStroke(let color, let size, let opacity):
        let o = min(max(opacity, 0), 1)
        // Lengths in the layer's pixels scale with it, as the drop shadow's do.
        let width = min(max(size, 0) * scale, maxOutline)
        if o > 0 && width > 0 { out.append(.outline(color: color, width: width, opacity: o)) }
      }
    }
    return out
  }

  /// How far, in device pixels, the effects can reach beyond the layer's own pixels.
  static func margin(_ effects: [ResolvedEffect]) -> Double {
    var margin = 0.0
    for effect in effects {
      switch effect {
      case .blur(let sx, let sy): margin += 3 * max(sx, sy) + 2
      case .shadow(_, _, let offset, let sigma, _): margin += max(abs(offset.x), abs(offset.y)) + 3 * sigma + 2
      // Drawn inside the layer, but the outside it is cast from must reach that far for the blur to see it.
      case .innerShadow(_, _, let offset, let sigma, _): margin += max(abs(offset.x), abs(offset.y)) + 3 * sigma + 2
      case .outline(_, let width, _): margin += width + 2
      // Mask paths may lie anywhere: the whole canvas.
      case .stroke(_, _, _, _, _, _, _, _, let style) where style != 3: margin += 100_000
      default: break
      }
    }
    return margin
  }
}

extension DeviceBox {
  /// The box grown by `margin` on every side.
  func expanded(by margin: Double) -> DeviceBox {
    var box = self
    box.minX -= margin
    box.minY -= margin
    box.maxX += margin
    box.maxY += margin
    return box
  }
}

extension LayerPainter {
  /// Replaces the current group (the layer's pixels after its masks) with the effects' result, in a new group.
  func applyEffects(_ effects: [ResolvedEffect]) {
    guard var content = popGroup() else { return }
    for effect in effects {
      switch effect {
      case .fill(let color, let opacity):
        EffectPixels.apply(content) { EffectPixels.fill($0, color: color, opacity: opacity) }
      case .tint(let black, let white, let amount):
        EffectPixels.apply(content) { EffectPixels.tint($0, black: black, white: white, amount: amount) }
      case .tritone(let bright, let mid, let dark):
        EffectPixels.apply(content) { EffectPixels.tritone($0, bright: bright, mid: mid, dark: dark) }
      case .blur(let sx, let sy):
        EffectPixels.apply(content) { EffectPixels.blur($0, sigmaX: sx, sigmaY: sy) }
      case .stroke(let paths, let world, let color, let width, let opacity, let start, let end, let spacing, let style):
        if let result = strokeEffect(
          content, paths: paths, world: world, color: color, width: width, opacity: opacity, start: start, end: end,
          spacing: spacing, paintStyle: style)
        {
          cairo_pattern_destroy(content)
          content = result
        }
      case .outline(let color, let width, let opacity):
        EffectPixels.apply(content) { EffectPixels.outline($0, color: color, width: width, opacity: opacity) }
      case .shadow(let color, let opacity, let offset, let sigma, let shadowOnly):
        if let result = dropShadow(
          content, color: color, opacity: opacity, offset: offset, sigma: sigma, shadowOnly: shadowOnly)
        {
          cairo_pattern_destroy(content)
          content = result
        }
      case .ramp(let toLayer, let start, let end, let startColor, let endColor, let radial, let blend):
        EffectPixels.ramp(
          content, toLayer: toLayer, start: start, end: end, startColor: startColor, endColor: endColor,
          radial: radial, blend: blend)
      case .innerShadow(let color, let opacity, let offset, let sigma, let blend):
        if let result = innerShadow(content, color: color, opacity: opacity, offset: offset, sigma: sigma, blend: blend) {
          cairo_pattern_destroy(content)
          content = result
        }
      }
    }
    pushGroup()
    cairo_set_source(context, content)
    cairo_paint(context)
    cairo_pattern_destroy(content)
  }

  /// lottie-web's stroke effect: mask paths stroked with round caps, dotted and trimmed by a dash pattern,
  /// over the layer (style 1), alone (2) or as a mask revealing the layer (3).
  private func strokeEffect(
    _ content: OpaquePointer, paths: [BezierPath], world: Affine, color: RGBA, width: Double, opacity: Double,
    start: Double, end: Double, spacing: Double, paintStyle: Int
  ) -> OpaquePointer? {
    let reveal = paintStyle == 3
    pushGroup()
    if paintStyle == 1 {
      cairo_set_source(context, content)
      cairo_paint(context)
    }
    // The strokes go in a group of their own so that the opacity applies to them as a whole.
    pushGroup()
    setMatrix(world)
    cairo_set_line_width(context, width)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    cairo_set_source_rgba(context, reveal ? 1 : color.r, reveal ? 1 : color.g, reveal ? 1 : color.b, 1)
    let gap = width * max(spacing, 0) / 100
    for path in paths where !path.vertices.isEmpty {
      cairo_new_path(context)
      appendPath(path, transform: .identity)
      var dashes: [Double] = []
      if start != 0 || end != 100 {
        let s = min(max(min(start, end) / 100, 0), 1), e = min(max(max(start, end) / 100, 0), 1)
        let length = pathLength()
        dashes = [0, 0, 0, length * s]
        let segment = 1 + gap
        let count = (length * (e - s) / segment).clampedInt(0...100_000)
        if count > 0 { for _ in 0..<count { dashes += [1, gap] } }
        dashes += [0, length * 10, 0, 0]
      } else if gap > 0 {
        dashes = [1, gap]
      }
      // Cairo rejects (and stays in error for the whole frame) an all-zero or non-finite pattern.
      if dashes.isEmpty || dashes.allSatisfy({ $0 == 0 }) || !dashes.allSatisfy({ $0.isFinite && $0 >= 0 }) {
        cairo_set_dash(context, nil, 0, 0)
      } else {
        dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), 1) }
      }
      cairo_stroke(context)
    }
    cairo_set_dash(context, nil, 0, 0)
    guard let strokes = popGroup() else {
      if let discarded = popGroup() { cairo_pattern_destroy(discarded) }
      return nil
    }
    defer { cairo_pattern_destroy(strokes) }
    cairo_identity_matrix(context)
    if reveal {
      pushGroup()
      cairo_set_source_rgba(context, 0, 0, 0, opacity)
      cairo_mask(context, strokes)
      guard let mask = popGroup() else { return popGroup() }
      defer { cairo_pattern_destroy(mask) }
      cairo_set_source(context, content)
      cairo_mask(context, mask)
    } else {
      cairo_set_source(context, strokes)
      cairo_paint_with_alpha(context, opacity)
    }
    return popGroup()
  }

  /// The length of the current path, in user space.
  private func pathLength() -> Double {
    guard let flat = cairo_copy_path_flat(context) else { return 0 }
    defer { cairo_path_destroy(flat) }
    var length = 0.0
    var current = Vec2(0, 0), first = Vec2(0, 0)
    var i = 0
    let count = Int(flat.pointee.num_data)
    while i < count {
      let header = flat.pointee.data[i].header
      let point = { (k: Int) in Vec2(flat.pointee.data[i + k].point.x, flat.pointee.data[i + k].point.y) }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        current = point(1)
        first = current
      case CAIRO_PATH_LINE_TO:
        let p = point(1)
        length += (p - current).length
        current = p
      case CAIRO_PATH_CLOSE_PATH:
        length += (first - current).length
        current = first
      default:
        break
      }
      i += Int(header.length)
    }
    return length
  }

  /// The layer over a blurred, coloured and offset copy of its coverage (or that copy alone).
  private func dropShadow(
    _ content: OpaquePointer, color: RGBA, opacity: Double, offset: Vec2, sigma: Double, shadowOnly: Bool
  ) -> OpaquePointer? {
    pushGroup()
    cairo_set_source_rgba(context, color.r, color.g, color.b, 1)
    cairo_mask(context, content)
    guard let shadow = popGroup() else { return nil }
    defer { cairo_pattern_destroy(shadow) }
    if sigma >= 0.3 { EffectPixels.apply(shadow) { EffectPixels.blur($0, sigmaX: sigma, sigmaY: sigma) } }
    pushGroup()
    cairo_translate(context, offset.x, offset.y)
    cairo_set_source(context, shadow)
    cairo_paint_with_alpha(context, opacity * color.a)
    if !shadowOnly {
      cairo_identity_matrix(context)
      cairo_set_source(context, content)
      cairo_paint(context)
    }
    return popGroup()
  }
}

extension LayerPainter {
  /// The inner shadow style over `content`: the colour where the layer is not, moved by `offset` and blurred,
  /// kept where the layer is, blended onto it with `blend`.
  fileprivate func innerShadow(
    _ content: OpaquePointer, color: RGBA, opacity: Double, offset: Vec2, sigma: Double, blend: cairo_operator_t
  ) -> OpaquePointer? {
    // The outside of the layer, in the shadow's colour: everything in the group's area minus the layer.
    pushGroup()
    cairo_set_source_rgba(context, color.r, color.g, color.b, 1)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_DEST_OUT)
    cairo_set_source(context, content)
    cairo_paint(context)
    guard let outside = popGroup() else { return nil }
    defer { cairo_pattern_destroy(outside) }
    if sigma >= 0.3 { EffectPixels.apply(outside) { EffectPixels.blur($0, sigmaX: sigma, sigmaY: sigma) } }
    // Moved, faded, and kept only where the layer is.
    pushGroup()
    cairo_translate(context, offset.x, offset.y)
    cairo_set_source(context, outside)
    cairo_paint_with_alpha(context, opacity * color.a)
    cairo_identity_matrix(context)
    cairo_set_operator(context, CAIRO_OPERATOR_DEST_IN)
    cairo_set_source(context, content)
    cairo_paint(context)
    guard let shadow = popGroup() else { return nil }
    defer { cairo_pattern_destroy(shadow) }
    // The layer, with the shadow blended onto it.
    pushGroup()
    cairo_set_source(context, content)
    cairo_paint(context)
    cairo_set_operator(context, blend)
    cairo_set_source(context, shadow)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    return popGroup()
  }
}

/// Pixel operations on a group's premultiplied ARGB32 image surface.
enum EffectPixels {
  struct Image {
    var data: UnsafeMutablePointer<UInt8>
    var width: Int
    var height: Int
    var stride: Int
  }

  /// Runs `body` on the pattern's image surface, if it has one.
  static func apply(_ pattern: OpaquePointer, _ body: (Image) -> Void) {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut,
      cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    else { return }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else { return }
    let image = Image(
      data: data, width: Int(cairo_image_surface_get_width(surface)),
      height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
    guard image.width > 0, image.height > 0 else { return }
    body(image)
    cairo_surface_mark_dirty(surface)
  }

  /// Calls `body` with every non-transparent pixel's straight colour (0...1) and alpha (1...255); the colour it
  /// returns replaces the pixel's, keeping its alpha.
  @inline(__always)
  static func mapColors(_ image: Image, _ body: (Double, Double, Double) -> (Double, Double, Double)) {
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        let p = row + x * 4
        let a = Int(p[3])
        if a == 0 { continue }
        let inv = 1.0 / Double(a)
        let (r, g, b) = body(Double(p[2]) * inv, Double(p[1]) * inv, Double(p[0]) * inv)
        let scale = Double(a)
        p[2] = UInt8(min(max(r * scale + 0.5, 0), scale))
        p[1] = UInt8(min(max(g * scale + 0.5, 0), scale))
        p[0] = UInt8(min(max(b * scale + 0.5, 0), scale))
      }
    }
  }

  /// Fill: every pixel takes the colour; coverage is scaled by the opacity (lottie-web's colour matrix).
  /// Gradient Ramp over the pattern's pixels (device-aligned, with the surface's device offset): each pixel
  /// keeps its alpha and takes the ramp's colour at its centre, mixed with its own by `blend`. Colours are
  /// interpolated straight, clamped before the start and after the end.
  static func ramp(
    _ pattern: OpaquePointer, toLayer: Affine, start: Vec2, end: Vec2, startColor: RGBA, endColor: RGBA, radial: Bool,
    blend: Double
  ) {
    var surfaceOut: OpaquePointer? = nil
    guard cairo_pattern_get_surface(pattern, &surfaceOut) == CAIRO_STATUS_SUCCESS, let surface = surfaceOut else { return }
    // Pixel = device + device offset.
    var ox = 0.0, oy = 0.0
    cairo_surface_get_device_offset(surface, &ox, &oy)
    let d = end - start
    let length2 = d.x * d.x + d.y * d.y
    let radius = length2.squareRoot()
    func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }
    apply(pattern) { image in
      for y in 0..<image.height {
        let row = image.data + y * image.stride
        for x in 0..<image.width {
          let p = row + x * 4
          if p[3] == 0 { continue }
          let q = toLayer.apply(Vec2(Double(x) + 0.5 - ox, Double(y) + 0.5 - oy)) - start
          let t: Double
          if radial {
            t = radius > 0 ? unit((q.x * q.x + q.y * q.y).squareRoot() / radius) : 1
          } else {
            t = length2 > 0 ? unit((q.x * d.x + q.y * d.y) / length2) : 0
          }
          let alpha = Double(p[3])
          func mixed(_ original: UInt8, _ a: Double, _ b: Double) -> UInt8 {
            let ramp = unit(a + (b - a) * t) * alpha
            return UInt8(min(Double(original) * blend + ramp * (1 - blend) + 0.5, alpha))
          }
          p[2] = mixed(p[2], startColor.r, endColor.r)
          p[1] = mixed(p[1], startColor.g, endColor.g)
          p[0] = mixed(p[0], startColor.b, endColor.b)
        }
      }
    }
  }

  static func fill(_ image: Image, color: RGBA, opacity: Double) {
    for y in 0..<image.height {
      let row = image.data + y * image.stride
      for x in 0..<image.width {
        let p = row + x * 4
        if p[3] == 0 { continue }
        let a = Double(p[3]) * opacity
        p[3] = UInt8(min(max(a + 0.5, 0), 255))
        let alpha = Double(p[3])
        p[2] = UInt8(min(color.r * alpha + 0.5, alpha))
        p[1] = UInt8(min(color.g * alpha + 0.5, alpha))
        p[0] = UInt8(min(color.b * alpha + 0.5, alpha))
      }
    }
  }

  /// Stroke style, outside: every pixel within `width` of the layer's pixels (those at least half opaque) gets
  /// the colour under it, the band's outer edge antialiased by the fraction of a pixel it covers. Distances are
  /// Euclidean, so convex corners come out round.
  static func outline(_ image: Image, color: RGBA, width: Double, opacity: Double) {
    let w = image.width, h = image.height
    let far = 1e20
    var distance = [Double](repeating: far, count: w * h)
    for y in 0..<h {
      let row = image.data + y * image.stride
      for x in 0..<w where row[x * 4 + 3] >= 128 { distance[y * w + x] = 0 }
    }
    squaredDistanceTransform(&distance, width: w, height: h)
    // Between pixel centres the edge lies half a pixel in: a band of `width` reaches centres `width + 0.5` out,
    // and a pixel is covered by the part of it inside that reach.
    let reach = width + 1
    for y in 0..<h {
      let row = image.data + y * image.stride
      for x in 0..<w {
        let d2 = distance[y * w + x]
        if d2 >= reach * reach { continue }
        let coverage = min(max(reach - d2.squareRoot(), 0), 1) * opacity
        if coverage <= 0 { continue }
        let p = row + x * 4
        let under = coverage * (255 - Double(p[3]))
        p[0] = UInt8(min(Double(p[0]) + color.b * under + 0.5, 255))
        p[1] = UInt8(min(Double(p[1]) + color.g * under + 0.5, 255))
        p[2] = UInt8(min(Double(p[2]) + color.r * under + 0.5, 255))
        p[3] = UInt8(min(Double(p[3]) + under + 0.5, 255))
      }
    }
  }

  /// Replaces each value (0 on the shape, a huge number elsewhere) with the squared Euclidean distance to the
  /// nearest 0, by Felzenszwalb and Huttenlocher's lower envelope of parabolas, rows then columns.
  static func squaredDistanceTransform(_ values: inout [Double], width w: Int, height h: Int) {
    let n = max(w, h)
    // Working rows in unchecked buffers: this runs over every pixel of a layer's box twice.
    let f = UnsafeMutablePointer<Double>.allocate(capacity: n), d = UnsafeMutablePointer<Double>.allocate(capacity: n)
    let v = UnsafeMutablePointer<Int>.allocate(capacity: n), z = UnsafeMutablePointer<Double>.allocate(capacity: n + 1)
    defer {
      f.deallocate()
      d.deallocate()
      v.deallocate()
      z.deallocate()
    }
    @inline(__always) func line(_ count: Int) {
      var k = 0
      v[0] = 0
      z[0] = -.infinity
      z[1] = .infinity
      if count > 1 {
        for q in 1..<count {
          let fq = f[q] + Double(q * q)
          var s = (fq - (f[v[k]] + Double(v[k] * v[k]))) / Double(2 * q - 2 * v[k])
          while s <= z[k] && k > 0 {
            k -= 1
            s = (fq - (f[v[k]] + Double(v[k] * v[k]))) / Double(2 * q - 2 * v[k])
          }
          k += 1
          v[k] = q
          z[k] = s
          z[k + 1] = .infinity
        }
      }
      k = 0
      for q in 0..<count {
        while z[k + 1] < Double(q) { k += 1 }
        let dq = Double(q - v[k])
        d[q] = dq * dq + f[v[k]]
      }
    }
    values.withUnsafeMutableBufferPointer { buffer in
      guard let values = buffer.baseAddress else { return }
      for y in 0..<h {
        let row = values + y * w
        // A row with no shape pixel stays far (the column pass brings the distances).
        var hasShape = false
        for x in 0..<w where row[x] == 0 {
          hasShape = true
          break
        }
        guard hasShape else { continue }
        f.update(from: row, count: w)
        line(w)
        row.update(from: d, count: w)
      }
      for x in 0..<w {
        for y in 0..<h { f[y] = values[y * w + x] }
        line(h)
        for y in 0..<h { values[y * w + x] = d[y] }
      }
    }
  }

  /// sRGB to linear light, by 8-bit value.
  static let linear: [Double] = (0..<256).map { i in
    let c = Double(i) / 255
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
  }

  /// lottie-web's grey: the mean of the channels in linear light, back to sRGB.
  @inline(__always)
  static func grey(_ r: Double, _ g: Double, _ b: Double) -> Double {
    func lin(_ c: Double) -> Double { linear[Int(min(max(c, 0), 1) * 255 + 0.5)] }
    let l = (lin(r) + lin(g) + lin(b)) / 3
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
  }

  /// Tint: grey mapped from black to white, over the original at `amount`.
  static func tint(_ image: Image, black: RGBA, white: RGBA, amount: Double) {
    mapColors(image) { r, g, b in
      let l = grey(r, g, b)
      let tr = black.r + (white.r - black.r) * l, tg = black.g + (white.g - black.g) * l
      let tb = black.b + (white.b - black.b) * l
      return (r + (tr - r) * amount, g + (tg - g) * amount, b + (tb - b) * amount)
    }
  }

  /// Tritone: grey mapped dark → mid → bright (a three-entry table, as lottie-web's component transfer).
  static func tritone(_ image: Image, bright: RGBA, mid: RGBA, dark: RGBA) {
    mapColors(image) { r, g, b in
      let l = grey(r, g, b)
      let (from, to, f) = l < 0.5 ? (dark, mid, l * 2) : (mid, bright, l * 2 - 1)
      return (from.r + (to.r - from.r) * f, from.g + (to.g - from.g) * f, from.b + (to.b - from.b) * f)
    }
  }

  /// Radii of three box blurs whose succession approximates a Gaussian of `sigma`.
  static func boxRadii(sigma: Double) -> [Int] {
    let n = 3.0
    let ideal = (12 * sigma * sigma / n + 1).squareRoot()
    var wl = ideal.clampedInt(0...1_000_000)
    if wl % 2 == 0 { wl -= 1 }
    wl = max(wl, 1)
    let wu = wl + 2
    let m = ((12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / Double(-4 * wl - 4)).rounded()
    return (0..<3).map { i in ((Double(i) < m ? wl : wu) - 1) / 2 }
  }

  /// Separable Gaussian blur approximated by three box blurs per axis, on premultiplied pixels; what
  /// falls outside the image is transparent. Each pass averages `2r + 1` pixels with running sums and rounds to
  /// the nearest 8-bit value, rows first, then columns (walked row by row, all columns at once).
  static func blur(_ image: Image, sigmaX: Double, sigmaY: Double) {
    if sigmaX >= 0.3 { for r in boxRadii(sigma: sigmaX) where r > 0 { horizontalBox(image, radius: r) } }
    if sigmaY >= 0.3 { for r in boxRadii(sigma: sigmaY) where r > 0 { verticalBox(image, radius: r) } }
  }

  /// `(x + div / 2) / div` for the sums of a box of `div` 8-bit values, by a multiplication, four channels at
  /// once: exact while `div` is under 4096 (the error, under x / 2³², stays below 1 / div).
  struct BoxAverage {
    let half: SIMD4<UInt32>
    let reciprocal: SIMD4<UInt64>
    let divisor: UInt32

    init(radius: Int) {
      divisor = UInt32(2 * radius + 1)
      half = SIMD4(repeating: divisor / 2)
      reciprocal = SIMD4(repeating: ((1 << 32) + UInt64(divisor) - 1) / UInt64(divisor))
    }

    @inline(__always) func callAsFunction(_ sum: SIMD4<UInt32>) -> UInt32 {
      let q: SIMD4<UInt64>
      if divisor < 4096 {
        q = (SIMD4<UInt64>(truncatingIfNeeded: sum &+ half) &* reciprocal) &>> 32
      } else {
        q = SIMD4<UInt64>(truncatingIfNeeded: (sum &+ half) / divisor)
      }
      return UInt32(truncatingIfNeeded: q.x) | UInt32(truncatingIfNeeded: q.y) << 8
        | UInt32(truncatingIfNeeded: q.z) << 16 | UInt32(truncatingIfNeeded: q.w) << 24
    }
  }

  /// A premultiplied pixel's four channels as lanes.
  @inline(__always) static func lanes(_ p: UInt32) -> SIMD4<UInt32> {
    SIMD4(p & 0xFF, (p >> 8) & 0xFF, (p >> 16) & 0xFF, p >> 24)
  }

  /// One horizontal box pass of `radius` over every row.
  static func horizontalBox(_ image: Image, radius r: Int) {
    let w = image.width
    let average = BoxAverage(radius: r)
    let row = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: w)
    defer { row.deallocate() }
    for y in 0..<image.height {
      let pixels = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w { row[x] = lanes(pixels[x]) }
      var sum = SIMD4<UInt32>.zero
      for j in 0...min(r, w - 1) { sum &+= row[j] }
      for i in 0..<w {
        pixels[i] = average(sum)
        let add = i + r + 1
        if add < w { sum &+= row[add] }
        let remove = i - r
        if remove >= 0 { sum &-= row[remove] }
      }
    }
  }

  /// One vertical box pass of `radius` over every column, with a running sum of every column.
  static func verticalBox(_ image: Image, radius r: Int) {
    let w = image.width, h = image.height
    let average = BoxAverage(radius: r)
    let source = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
    let sums = UnsafeMutablePointer<SIMD4<UInt32>>.allocate(capacity: w)
    defer {
      source.deallocate()
      sums.deallocate()
    }
    for y in 0..<h {
      UnsafeMutableRawPointer(source + y * w).copyMemory(from: image.data + y * image.stride, byteCount: w * 4)
    }
    sums.initialize(repeating: .zero, count: w)
    for j in 0...min(r, h - 1) {
      let line = source + j * w
      for x in 0..<w { sums[x] &+= lanes(line[x]) }
    }
    for y in 0..<h {
      let out = UnsafeMutableRawPointer(image.data + y * image.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<w { out[x] = average(sums[x]) }
      let add = y + r + 1
      if add < h {
        let line = source + add * w
        for x in 0..<w { sums[x] &+= lanes(line[x]) }
      }
      let remove = y - r
      if remove >= 0 {
        let line = source + remove * w
        for x in 0..<w { sums[x] &-= lanes(line[x]) }
      }
    }
  }
}

extension LayerPainter {
  /// The stroke style of a solid whose masks (if any) only add shapes lying inside it: its outline is then a
  /// stroke of the rectangle or of the mask paths (round joins, the band's width on both sides), under the
  /// solid's colour filled inside them, instead of a distance transform over the layer's pixels. Nil for any
  /// other layer.
  static func solidOutline(_ layer: SceneLayer, effects: [ResolvedEffect]) -> (color: RGBA, width: Double, opacity: Double)? {
    guard case .solid(_, let w, let h) = layer.content, effects.count == 1,
      case .outline(let color, let width, let opacity) = effects[0]
    else { return nil }
    for mask in layer.activeMasks {
      guard mask.mode == .add, !mask.isInverted, mask.opacity >= 100, mask.expansion == 0 else { return nil }
      let path = mask.path
      for (i, v) in path.vertices.enumerated() {
        for p in [v, v + path.inTangents[i], v + path.outTangents[i]] where !(p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h) {
          return nil
        }
      }
    }
    return (color, width, opacity)
  }

  /// Draws a solid under `solidOutline`'s conditions with its outline, into the current group.
  func drawSolidOutline(
    _ layer: SceneLayer, _ outline: (color: RGBA, width: Double, opacity: Double), world: Affine, opacity: Double
  ) {
    guard case .solid(let color, let w, let h) = layer.content else { return }
    let rectangle = BezierPath(
      isClosed: true, vertices: [Vec2(0, 0), Vec2(w, 0), Vec2(w, h), Vec2(0, h)],
      inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4))
    let shapes = layer.activeMasks.isEmpty ? [rectangle] : layer.activeMasks.map(\.path)
    // The band, in device space so that its width is the same in every direction (as the pixel distance is).
    cairo_identity_matrix(context)
    cairo_set_line_width(context, outline.width * 2)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    cairo_set_dash(context, nil, 0, 0)
    cairo_set_source_rgba(context, outline.color.r, outline.color.g, outline.color.b, outline.color.a * outline.opacity)
    cairo_new_path(context)
    for shape in shapes where !shape.vertices.isEmpty { appendPath(shape, transform: world) }
    cairo_stroke(context)
    // The solid over it, inside its masks (each adds its shape).
    setMatrix(world)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_set_source_rgba(context, color.r, color.g, color.b, color.a * opacity)
    for shape in shapes where !shape.vertices.isEmpty {
      cairo_new_path(context)
      appendPath(shape, transform: .identity)
      cairo_fill(context)
    }
  }
}
