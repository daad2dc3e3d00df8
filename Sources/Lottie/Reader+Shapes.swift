extension Reader {
  // MARK: - Shapes

  func shapes(_ json: JSON, _ path: JSONPath) throws(LottieError) -> [ShapeItem] {
    var out: [ShapeItem] = []
    var indices: [Int] = []
    for (i, item) in try array(json, path).enumerated() {
      if var shape = try shape(item, path.appending(i)) {
        shape.index = i
        out.append(shape)
        indices.append(i)
      }
    }
    noteMergeApproximations(out, indices: indices, path)
    return out
  }

  /// Merge paths other than mode 1 are drawn as combined coverage, not as a merged outline: what follows
  /// them in their group and needs the outline is approximated.
  private func noteMergeApproximations(_ items: [ShapeItem], indices: [Int], _ path: JSONPath) {
    for (k, item) in items.enumerated() {
      guard case .merge(let mode) = item.kind, mode != .merge else { continue }
      let later = Set(items[(k + 1)...].map(\.type))
      let name = MergeMode.names[mode] ?? ""
      if !later.isDisjoint(with: ["st", "gs"]) {
        note(
          .info, path.appending(indices[k]),
          "strokes after merge paths (\(name)) follow the merged outline except within half a stroke of where the paths cross, and dashes follow each path"
        )
      }
      if !later.isDisjoint(with: ["tm", "rd", "pb", "zz", "op", "tw"]) {
        note(
          .info, path.appending(indices[k]),
          "modifiers after merge paths (\(name)) change the paths before they are merged")
      }
    }
  }

  private func direction(_ o: [String: JSON], _ path: JSONPath) throws(LottieError) -> Bool {
    try int(o, "d", path) == 3
  }

  private func strokeStyle(_ o: [String: JSON], _ path: JSONPath) throws(LottieError) -> StrokeStyle {
    var dashes: [DashElement] = []
    if let d = o["d"], d != .null {
      for (i, item) in try array(d, path.appending("d")).enumerated() {
        let p = path.appending("d").appending(i)
        let e = try object(item, p)
        dashes.append(
          DashElement(kind: try string(e, "n", p) ?? "d", length: try property(e, "v", p, Reader.scalar, default: 0)))
      }
    }
    return StrokeStyle(
      width: try property(o, "w", path, Reader.scalar, default: 1),
      cap: LineCap(rawValue: try int(o, "lc", path) ?? 2) ?? .round,
      join: LineJoin(rawValue: try int(o, "lj", path) ?? 2) ?? .round,
      miterLimit: try optionalNumber(o, "ml", path)
        ?? (try? property(o, "ml2", path, Reader.scalar, default: 4).initialValue) ?? 4,
      dashes: dashes)
  }

  /// A paint's own blend mode (`bm` on `fl`, `st`, `gf`, `gs`; numbered as layers'): After Effects blends
  /// the paint with what the paints below it in its group drew. Unknown modes are drawn as normal.
  private func paintBlendMode(_ o: [String: JSON], _ path: JSONPath) throws(LottieError) -> BlendMode {
    let bm = try int(o, "bm", path) ?? 0
    guard let mode = BlendMode(rawValue: bm) else {
      note(.warning, path.appending("bm"), "unknown blend mode \(bm) drawn as normal")
      return .normal
    }
    return mode
  }

  private func gradient(_ o: [String: JSON], _ path: JSONPath) throws(LottieError) -> Gradient {
    let gPath = path.appending("g")
    guard let g = o["g"], case .object(let go) = g else { throw invalid(gPath, "missing gradient colours 'g'") }
    let count = try int(go, "p", gPath) ?? 0
    return Gradient(
      isRadial: try int(o, "t", path) == 2, colorStopCount: max(0, count),
      stops: try property(go, "k", gPath, Reader.numberList, default: NumberList([])),
      start: try property(o, "s", path, Reader.vector, default: .zero),
      end: try property(o, "e", path, Reader.vector, default: .zero),
      highlightLength: try property(o, "h", path, Reader.scalar, default: 0),
      highlightAngle: try property(o, "a", path, Reader.scalar, default: 0))
  }

  func shape(_ json: JSON, _ path: JSONPath) throws(LottieError) -> ShapeItem? {
    let o = try object(json, path)
    if try bool(o, "hd", path) { return nil }
    let type = try string(o, "ty", path) ?? ""
    return ShapeItem(
      name: try string(o, "nm", path) ?? "", matchName: try string(o, "mn", path) ?? "",
      kind: try shapeKind(o, type: type, json, path),
      blendMode: try ["fl", "st", "gf", "gs"].contains(type) ? paintBlendMode(o, path) : .normal)
  }

  private func shapeKind(_ o: [String: JSON], type: String, _ json: JSON, _ path: JSONPath) throws(LottieError)
    -> ShapeItem.Kind
  {
    switch type {
    case "gr":
      return .group(try shapes(o["it"] ?? .array([]), path.appending("it")))
    case "rc":
      return .rectangle(
        position: try property(o, "p", path, Reader.vector, default: .zero),
        size: try property(o, "s", path, Reader.vector, default: .zero),
        roundness: try property(o, "r", path, Reader.scalar, default: 0), reversed: try direction(o, path))
    case "el":
      return .ellipse(
        position: try property(o, "p", path, Reader.vector, default: .zero),
        size: try property(o, "s", path, Reader.vector, default: .zero), reversed: try direction(o, path))
    case "sh":
      let empty = BezierPath(isClosed: false, vertices: [], inTangents: [], outTangents: [])
      // `closed` on the item: Bodymovin before 4.4.18 (see `Reader.bezier(closedByDefault:)`).
      let decode = Reader.bezier(closedByDefault: try bool(o, "closed", path))
      return .path(try property(o, "ks", path, decode, default: empty), reversed: try direction(o, path))
    case "sr":
      return .polystar(
        Polystar(
          isStar: (try int(o, "sy", path) ?? 1) == 1,
          position: try property(o, "p", path, Reader.vector, default: .zero),
          points: try property(o, "pt", path, Reader.scalar, default: 5),
          rotation: try property(o, "r", path, Reader.scalar, default: 0),
          outerRadius: try property(o, "or", path, Reader.scalar, default: 0),
          innerRadius: try property(o, "ir", path, Reader.scalar, default: 0),
          outerRoundness: try property(o, "os", path, Reader.scalar, default: 0),
          innerRoundness: try property(o, "is", path, Reader.scalar, default: 0), reversed: try direction(o, path)))
    case "fl":
      return .fill(
        color: try property(o, "c", path, Reader.color, default: RGBA(0, 0, 0)),
        opacity: try property(o, "o", path, Reader.scalar, default: 100),
        rule: FillRule(rawValue: try int(o, "r", path) ?? 1) ?? .nonZero)
    case "st":
      return .stroke(
        color: try property(o, "c", path, Reader.color, default: RGBA(0, 0, 0)),
        opacity: try property(o, "o", path, Reader.scalar, default: 100), style: try strokeStyle(o, path))
    case "gf":
      return .gradientFill(
        try gradient(o, path), opacity: try property(o, "o", path, Reader.scalar, default: 100),
        rule: FillRule(rawValue: try int(o, "r", path) ?? 1) ?? .nonZero)
    case "gs":
      return .gradientStroke(
        try gradient(o, path), opacity: try property(o, "o", path, Reader.scalar, default: 100),
        style: try strokeStyle(o, path))
    case "tr":
      return .transform(try transform(json, path))
    case "tm":
      return .trim(
        start: try property(o, "s", path, Reader.scalar, default: 0),
        end: try property(o, "e", path, Reader.scalar, default: 100),
        offset: try property(o, "o", path, Reader.scalar, default: 0),
        mode: TrimMode(rawValue: try int(o, "m", path) ?? 1) ?? .simultaneously)
    case "rd":
      return .roundCorners(radius: try property(o, "r", path, Reader.scalar, default: 0))
    case "rp":
      let trPath = path.appending("tr")
      let tr = try object(o["tr"] ?? .object([:]), trPath)
      return .repeater(
        Repeater(
          copies: try property(o, "c", path, Reader.scalar, default: 1),
          offset: try property(o, "o", path, Reader.scalar, default: 0),
          // 1 is "Below" and 2 "Above" (lottie-docs' `composite`; lottie-web's RepeaterModifier gives the
          // topmost copy index 0 when `m == 1`, and ThorVG reads `m == 2` as in order).
          copiesAbove: (try int(o, "m", path) ?? 1) == 2,
          transform: try transform(o["tr"] ?? .object([:]), trPath),
          startOpacity: try property(tr, "so", trPath, Reader.scalar, default: 100),
          endOpacity: try property(tr, "eo", trPath, Reader.scalar, default: 100)))
    case "pb":
      return .puckerBloat(amount: try property(o, "a", path, Reader.scalar, default: 0))
    case "zz":
      return .zigZag(
        ridges: try property(o, "r", path, Reader.scalar, default: 0),
        size: try property(o, "s", path, Reader.scalar, default: 0),
        pointType: try property(o, "pt", path, Reader.scalar, default: 1))
    case "op":
      return .offsetPath(
        amount: try property(o, "a", path, Reader.scalar, default: 0),
        join: LineJoin(rawValue: try int(o, "lj", path) ?? 2) ?? .round,
        miterLimit: try property(o, "ml", path, Reader.scalar, default: 4))
    case "mm":
      let raw = try int(o, "mm", path) ?? 1
      guard let mode = MergeMode(rawValue: raw) else {
        note(.warning, path, "merge paths mode \(raw) is not one the docs describe; drawn as merge (mode 1)")
        return .merge(mode: .merge)
      }
      if mode == .merge {
        note(.info, path, "merge paths (merge) drawn as the paths before it combined, as lottie-web does")
      }
      return .merge(mode: mode)
    case "tw":
      let kind = ShapeItem.Kind.twist(
        angle: try property(o, "a", path, Reader.scalar, default: 0),
        center: try property(o, "c", path, Reader.vector, default: .zero))
      note(
        .info, path,
        "twist follows After Effects' description (no other player draws it): the outline swirls about the centre, most in the middle"
      )
      return kind
    default:
      note(.warning, path, "unknown shape item type '\(type)' ignored")
      return .unsupported(type: type)
    }
  }
}
