import Foundation

/// Loads Lottie animations from bytes or files.
public enum LottieParser {
  /// Parses a Bodymovin JSON file.
  public static func load(
    contentsOf path: String, limits: LoadLimits = LoadLimits(), template: Template = Template()
  ) throws(LottieError) -> Animation {
    let name = path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw .unreadable(file: name, reason: "is a directory")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
        throw .unreadable(file: name, reason: isDirectory.boolValue ? "is a directory" : "permission denied")
      }
      throw .unreadable(file: name, reason: "no such file")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      // Read at most one byte past the limit so a huge file is refused without loading all of it.
      let (cap, overflow) = limits.maxFileBytes.addingReportingOverflow(1)
      data = try handle.read(upToCount: overflow ? .max : cap) ?? Data()
    } catch {
      throw .unreadable(file: name, reason: "\(error)")
    }
    if data.count > limits.maxFileBytes {
      throw .limitExceeded(
        file: name, path: .root,
        message: "file is larger than \(limits.maxFileBytes) bytes" + LoadLimits.hint("file-size", "MB"))
    }
    return try parse(bytes: [UInt8](data), file: name, limits: limits, template: template)
  }

  /// Parses Bodymovin JSON bytes; `file` names the source in errors and diagnostics. `template` is applied
  /// to the document before it is read.
  ///
  /// Runs on a thread of its own with a stack sized for `limits.maxJSONDepth` (see
  /// ``onParserStack(_:_:)``), so a document nested to the limit cannot overflow the caller's stack.
  public static func parse(
    bytes: [UInt8], file: String, limits: LoadLimits = LoadLimits(), template: Template = Template()
  ) throws(LottieError) -> Animation {
    try onParserStack(limits) {
      Result { () throws(LottieError) -> Animation in
        try parseOnThisThread(bytes: bytes, file: file, limits: limits, template: template)
      }
    }
  }

  /// The body of ``parse(bytes:file:limits:template:)``, on the caller's stack.
  static func parseOnThisThread(
    bytes: [UInt8], file: String, limits: LoadLimits, template: Template
  ) throws(LottieError) -> Animation {
    var json = try document(bytes: bytes, file: file, limits: limits)
    try template.apply(to: &json, file: file, maxLayerInstances: limits.maxLayerInstances)
    let reader = Reader(file: file, limits: limits)
    var animation = try reader.animation(json)
    if template.listsKeypaths { animation.keypaths = Keypaths.list(json) }
    return animation
  }

  /// The JSON document in `bytes`, for tools that look at it before it is read as an animation.
  public static func document(bytes: [UInt8], file: String, limits: LoadLimits = LoadLimits()) throws(LottieError)
    -> JSON
  {
    let json: JSON
    do {
      json = try JSONReader.parse(bytes, maxDepth: limits.maxJSONDepth)
    } catch {
      let (line, column) = lineAndColumn(of: error.offset, in: bytes)
      throw .syntax(file: file, offset: error.offset, line: line, column: column, message: error.message)
    }
    return json
  }

  static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var column = 1
    for b in bytes.prefix(offset) {
      if b == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column)
  }
}

extension Reader {
  // MARK: - Animation

  func animation(_ json: JSON) throws(LottieError) -> Animation {
    let root = JSONPath.root
    let o = try object(json, root)
    for key in ["w", "h", "fr", "ip", "op", "layers"] where o[key] == nil {
      throw invalid(root, "missing required member '\(key)': not a Lottie animation")
    }
    let width = try requiredNumber(o, "w", root)
    let height = try requiredNumber(o, "h", root)
    let frameRate = try requiredNumber(o, "fr", root)
    self.frameRate = frameRate
    let inPoint = Self.wholeFrameIfNoise(try requiredNumber(o, "ip", root))
    let outPoint = Self.wholeFrameIfNoise(try requiredNumber(o, "op", root))
    guard width >= 1, height >= 1 else { throw invalid(root, "canvas size \(width)x\(height) is empty") }
    guard width <= limits.maxCanvasSide, height <= limits.maxCanvasSide else {
      throw .limitExceeded(
        file: file, path: root,
        message:
          "canvas \(whole(width))x\(whole(height)) exceeds the limit of \(whole(limits.maxCanvasSide)) pixels a side"
          + LoadLimits.hint("canvas", needed: max(width, height)))
    }
    // 0.001 to 1000: a tiny positive rate (1e-300) has no rational time base for the encoders and used to
    // fail there, without the file or this path.
    guard frameRate >= 0.001, frameRate <= 1000 else {
      throw invalid(root.appending("fr"), "frame rate \(frameRate) is out of range")
    }
    guard outPoint > inPoint else {
      throw invalid(root.appending("op"), "out point \(outPoint) is not after in point \(inPoint)")
    }
    guard outPoint - inPoint <= limits.maxFrames else {
      throw .limitExceeded(
        file: file, path: root.appending("op"),
        message: "\(whole(outPoint - inPoint)) frames exceeds the limit of \(whole(limits.maxFrames))"
          + LoadLimits.hint("frames", needed: outPoint - inPoint))
    }

    if case .object(let s)? = o["slots"] { slots = s }
    var layerCount = 0
    var precomps: [String: [Layer]] = [:]
    var precompNames: [String: String] = [:]
    var images: [String: ImageAsset] = [:]
    var sounds: [String: SoundAsset] = [:]
    if let assets = o["assets"], assets != .null {
      let assetsPath = root.appending("assets")
      for (i, item) in try array(assets, assetsPath).enumerated() {
        let p = assetsPath.appending(i)
        let a = try object(item, p)
        guard let id = try string(a, "id", p) else {
          note(.warning, p, "asset without 'id' ignored")
          continue
        }
        if let layers = a["layers"], layers != .null {
          precomps[id] = try self.layers(layers, p.appending("layers"), count: &layerCount)
          // Read leniently: a name is for expressions only, and the layers draw without it.
          if case .string(let name)? = a["nm"], !name.isEmpty, precompNames[name] == nil { precompNames[name] = id }
        } else if a["p"] != nil, let sound = try soundAsset(a, id: id, p) {
          sounds[id] = sound
        } else if a["p"] != nil {
          let fileName = try string(a, "p", p) ?? ""
          let embedded = try bool(a, "e", p) || fileName.hasPrefix("data:")
          images[id] = ImageAsset(
            id: id, width: try number(a, "w", p, default: 0), height: try number(a, "h", p, default: 0),
            directory: try string(a, "u", p) ?? "", fileName: fileName, isEmbedded: embedded, path: p)
        } else {
          note(.info, p, "asset '\(id)' of an unknown kind ignored")
        }
      }
    }
    removeDataSources(from: &images, assets: o["assets"])
    let layers = try self.layers(o["layers"] ?? .array([]), root.appending("layers"), count: &layerCount)
    try checkPrecompReferences(root: layers, precomps: precomps)

    var markers: [Marker] = []
    if let m = o["markers"], m != .null {
      let mp = root.appending("markers")
      for (i, item) in try array(m, mp).enumerated() {
        let mo = try object(item, mp.appending(i))
        markers.append(
          Marker(
            name: try string(mo, "cm", mp.appending(i)) ?? "",
            frame: try frameTime(mo, "tm", mp.appending(i), default: 0),
            duration: try frameTime(mo, "dr", mp.appending(i), default: 0)))
      }
    }
    let (fonts, glyphs) = try fontsAndGlyphs(o)

    var animation = Animation(
      version: try string(o, "v", root) ?? "", name: try string(o, "nm", root) ?? "", width: width, height: height,
      frameRate: frameRate, inPoint: inPoint, outPoint: outPoint, layers: layers, precomps: precomps, images: images,
      markers: markers, fonts: fonts, glyphs: glyphs, diagnostics: diagnostics)
    animation.expressions = expressions
    animation.expressionLayers = expressionLayers
    animation.expressionsOnHiddenLayers = expressionsOnHiddenLayers
    animation.precompNames = precompNames
    animation.sounds = sounds
    animation.moveAudioReferencedAssetsToSounds()
    return animation
  }

  /// Takes data sources (`t: 3`, a JSON file that expressions read as footage data) out of the image
  /// assets, with a note: they are no pictures, and reading them as images only earned a misleading "not a
  /// PNG" warning.
  private func removeDataSources(from images: inout [String: ImageAsset], assets: JSON?) {
    guard case .array(let items)? = assets else { return }
    for (i, item) in items.enumerated() {
      guard case .object(let a) = item, case .number(3)? = a["t"], case .string(let id)? = a["id"],
        images.removeValue(forKey: id) != nil
      else { continue }
      note(
        .info, JSONPath.root.appending("assets").appending(i),
        "data source '\(id)' (JSON for expressions' footage()) is not read; expressions that use it keep their property's own value"
      )
    }
  }

  /// Rejects precomps that include themselves, directly or through others, and nesting past the limit.
  private func checkPrecompReferences(root: [Layer], precomps: [String: [Layer]]) throws(LottieError) {
    var state: [String: Int] = [:]  // 1 visiting, 2 done
    func references(_ layers: [Layer]) -> [(String, JSONPath)] {
      layers.compactMap { layer in
        if case .precomp(let id, _, _, _) = layer.content { return (id, layer.path.appending("refId")) }
        return nil
      }
    }
    func visit(_ id: String, _ path: JSONPath, chain: [String]) throws(LottieError) {
      guard let layers = precomps[id] else {
        note(.warning, path, "precomp asset '\(id)' does not exist; layer not drawn")
        return
      }
      if state[id] == 2 { return }
      if state[id] == 1 {
        let cycle = (chain.drop { $0 != id } + [id]).joined(separator: " -> ")
        throw invalid(path, "precomp cycle: \(cycle)")
      }
      if chain.count >= limits.maxPrecompDepth {
        throw .limitExceeded(
          file: file, path: path,
          message: "precomps nested deeper than \(limits.maxPrecompDepth)" + LoadLimits.hint("precomp-depth", "N"))
      }
      state[id] = 1
      for (child, childPath) in references(layers) { try visit(child, childPath, chain: chain + [id]) }
      state[id] = 2
    }
    for (id, path) in references(root) { try visit(id, path, chain: []) }
    // No cycles now: count the layers a frame draws with every precomp use expanded.
    var instances: [String: Double] = [:]
    func expanded(_ layers: [Layer]) -> Double {
      layers.reduce(0) { total, layer in
        guard case .precomp(let id, _, _, _) = layer.content, let inner = precomps[id] else { return total + 1 }
        if let known = instances[id] { return total + 1 + known }
        let count = expanded(inner)
        instances[id] = count
        return total + 1 + count
      }
    }
    let total = expanded(root)
    if total > Double(limits.maxLayerInstances) {
      throw .limitExceeded(
        file: file, path: .root.appending("assets"),
        message:
          "precomps expand to \(whole(total)) layers drawn per frame, more than the limit of \(limits.maxLayerInstances)"
          + LoadLimits.hint("layer-instances", needed: total)
      )
    }
  }

  // MARK: - Layers

  func layers(_ json: JSON, _ path: JSONPath, count: inout Int) throws(LottieError) -> [Layer] {
    var out: [Layer] = []
    let (outerSlot, outerName, outerHidden) = (layerSlot, layerName, layerHidden)
    defer { (layerSlot, layerName, layerHidden) = (outerSlot, outerName, outerHidden) }
    for (i, item) in try array(json, path).enumerated() {
      count += 1
      if count > limits.maxLayers {
        throw .limitExceeded(
          file: file, path: path.appending(i),
          message: "more than \(limits.maxLayers) layers" + LoadLimits.hint("layers", "N"))
      }
      // The position the layer will have in `out`, which an `ExpressionScope` binds expressions to.
      layerSlot = out.count
      (layerName, layerHidden) = ("", false)
      if case .object(let o) = item {
        if case .string(let name)? = o["nm"] { layerName = name }
        switch o["hd"] {
        case .bool(true)?: layerHidden = true
        case .number(let n)?: layerHidden = n != 0
        default: break
        }
      }
      effectControls = []
      if var layer = try layer(item, path.appending(i)) {
        var unknown: Set<String> = []
        let ks = path.appending(i).appending("ks")
        for (key, name) in ExpressionProperty<Double>.transformProperties
        where unevaluatedExpressions.contains(ks.appending(key)) {
          unknown.insert(name)
        }
        if unevaluatedExpressions.contains(ks.appending("p").appending("x"))
          || unevaluatedExpressions.contains(ks.appending("p").appending("y"))
        {
          unknown.insert("position")
        }
        layer.expressionControls = effectControls
        layer.unevaluatedExpressions = unknown
        out.append(layer)
      }
    }
    return out
  }

  func layer(_ json: JSON, _ path: JSONPath) throws(LottieError) -> Layer? {
    let o = try object(json, path)
    let type = try int(o, "ty", path) ?? -1
    let name = try string(o, "nm", path) ?? ""
    let isHidden = try bool(o, "hd", path)
    let content: LayerContent
    var audio: AudioLayerSettings? = nil
    switch type {
    case 0:
      let id = try string(o, "refId", path) ?? ""
      let tm = try optionalProperty(o, "tm", path, Reader.scalar)
      content = .precomp(
        referenceID: id, width: try number(o, "w", path, default: 0), height: try number(o, "h", path, default: 0),
        timeRemap: tm)
    case 1:
      let colorString = try string(o, "sc", path) ?? "#000000"
      content = .solid(
        color: solidColor(colorString, path.appending("sc")), width: try number(o, "sw", path, default: 0),
        height: try number(o, "sh", path, default: 0))
    case 2:
      content = .image(referenceID: try string(o, "refId", path) ?? "")
    case 3:
      content = .null
    case 4:
      content = .shapes(try shapes(o["shapes"] ?? .array([]), path.appending("shapes")))
    case 5:
      content = .text(try textLayer(o, path))
    case 6:
      content = .other(type: type)
      audio = try audioLayerSettings(o, path)
    case 13:
      content = .other(type: type)
      note(.warning, path, "camera layer ignored")
    default:
      content = .other(type: type)
      note(.info, path, "layer of type \(type) ignored")
    }
    if try bool(o, "ddd", path) {
      note(
        .warning, path.appending("ddd"),
        "3D layer drawn flat, as lottie-web's canvas renderer does: rotations are projected orthographically; perspective, cameras and depth order are lost"
      )
    }
    var masks: [Mask] = []
    if let mp = o["masksProperties"], mp != .null {
      let mpath = path.appending("masksProperties")
      for (i, item) in try array(mp, mpath).enumerated() {
        let p = mpath.appending(i)
        let m = try object(item, p)
        let modeName = try string(m, "mode", p) ?? "a"
        guard let mode = MaskMode(rawValue: modeName) else {
          note(.warning, p.appending("mode"), "unknown mask mode '\(modeName)'; mask ignored")
          continue
        }
        masks.append(
          Mask(
            name: ((try? string(m, "nm", p)) ?? nil) ?? "Mask \(i + 1)", mode: mode, isInverted: try bool(m, "inv", p),
            // `cl` on the mask: Bodymovin before 4.4.18 (see `Reader.bezier(closedByDefault:)`).
            path: try property(
              m, "pt", p, Reader.bezier(closedByDefault: try bool(m, "cl", p)),
              default: BezierPath(isClosed: true, vertices: [], inTangents: [], outTangents: [])),
            opacity: try property(m, "o", p, Reader.scalar, default: 100),
            expansion: try property(m, "x", p, Reader.scalar, default: 0)))
      }
    }
    var effects: [LayerEffect] = []
    if let ef = o["ef"], case .array = ef { effects += try self.effects(ef, path.appending("ef")) }
    if let sy = o["sy"], case .array = sy { effects += try styles(sy, path.appending("sy")) }
    let matteMode = try int(o, "tt", path).flatMap { MatteMode(rawValue: $0) }
    let bm = try int(o, "bm", path) ?? 0
    let blendMode = BlendMode(rawValue: bm) ?? .normal
    if blendMode == .add || blendMode == .hardMix {
      note(
        .info, path.appending("bm"),
        "blend mode \(blendMode == .add ? "add" : "hard mix") is drawn as After Effects draws it; lottie-web draws it as normal"
      )
    } else if BlendMode(rawValue: bm) == nil {
      note(.warning, path.appending("bm"), "unknown blend mode \(bm) drawn as normal")
    }
    return Layer(
      name: name, isHidden: isHidden, index: try int(o, "ind", path), parent: try int(o, "parent", path),
      inPoint: try frameTime(o, "ip", path, default: 0), outPoint: try frameTime(o, "op", path, default: 0),
      startTime: try frameTime(o, "st", path, default: 0), stretch: try number(o, "sr", path, default: 1),
      transform: try transform(o["ks"] ?? .object([:]), path.appending("ks"), is3D: try bool(o, "ddd", path)),
      autoOrient: try bool(o, "ao", path), blendMode: blendMode, isMatteSource: try bool(o, "td", path),
      matteMode: matteMode, matteParent: try int(o, "tp", path), masks: masks, content: content, path: path,
      effects: effects, matchName: try string(o, "mn", path) ?? "", classNames: try string(o, "cl", path) ?? "",
      elementID: try string(o, "ln", path) ?? "", audio: audio)
  }

  /// A number for messages: whole numbers without a decimal point, huge ones in exponent form.
  func whole(_ v: Double) -> String {
    v.exactWholeNumber.map(String.init) ?? "\(v)"
  }

  /// A solid layer's colour (`sc`), which Bodymovin writes as `#rrggbb`.
  ///
  /// Quirk: any other colour string is read as CSS reads it (`#RGB`, `#RRGGBBAA`, names such as `red`,
  /// `rgb()`, `transparent`): lottie-web hands `sc` to the canvas's `fillStyle` and the SVG rect's `fill`
  /// as it is. What no CSS parser reads draws black, with a warning, rather than refusing the file: lottie-ios's
  /// `hexColorComponents` returns black for anything but six hex digits, and an SVG fill it cannot read is
  /// black too.
  func solidColor(_ text: String, _ path: JSONPath) -> RGBA {
    if let color = Reader.parseHexColor(text) { return color }
    switch ColorParser.parse(text) {
    case .color(let color): return color
    case .transparent: return RGBA(0, 0, 0, 0)
    case nil:
      note(.warning, path, "'\(text)' is not a colour; the solid is drawn black, as the players draw it")
      return RGBA(0, 0, 0)
    }
  }

  static func parseHexColor(_ s: String) -> RGBA? {
    var hex = s.trimmingCharacters(in: .whitespaces)
    if hex.hasPrefix("#") { hex.removeFirst() }
    guard hex.count == 6 || hex.count == 8, let v = UInt64(hex, radix: 16) else { return nil }
    if hex.count == 8 {
      return RGBA(
        Double((v >> 24) & 255) / 255, Double((v >> 16) & 255) / 255, Double((v >> 8) & 255) / 255,
        Double(v & 255) / 255)
    }
    return RGBA(Double((v >> 16) & 255) / 255, Double((v >> 8) & 255) / 255, Double(v & 255) / 255)
  }

  // MARK: - Transform

  func transform(_ json: JSON, _ path: JSONPath, is3D: Bool = false) throws(LottieError) -> Transform {
    let o = try object(json, path)
    let position: Position
    if let p = o["p"], case .object(let po) = p, try bool(po, "s", path.appending("p")) {
      position = .split(
        x: try property(po, "x", path.appending("p"), Reader.scalar, default: 0),
        y: try property(po, "y", path.appending("p"), Reader.scalar, default: 0))
      if po["z"] != nil, is3D { note(.info, path.appending("p").appending("z"), "z position ignored") }
    } else {
      position = .combined(try property(o, "p", path, Reader.vector, default: .zero))
    }
    let rotation: Animatable<Double>
    if o["r"] == nil, o["rz"] != nil {
      rotation = try property(o, "rz", path, Reader.scalar, default: 0)
    } else {
      rotation = try property(o, "r", path, Reader.scalar, default: 0)
    }
    var transform = Transform(
      anchor: try property(o, "a", path, Reader.vector, default: .zero), position: position,
      scale: try property(o, "s", path, Reader.vector, default: Vec2(100, 100)), rotation: rotation,
      opacity: try property(o, "o", path, Reader.scalar, default: 100),
      skew: try property(o, "sk", path, Reader.scalar, default: 0),
      skewAxis: try property(o, "sa", path, Reader.scalar, default: 0))
    // 3D rotations: lottie-web's canvas renderer projects them orthographically; so do we.
    transform.rotationX = try optionalProperty(o, "rx", path, Reader.scalar)
    transform.rotationY = try optionalProperty(o, "ry", path, Reader.scalar)
    transform.orientation = try optionalProperty(o, "or", path, Reader.numberList)
    for key in ["rx", "ry", "or"] where o[key] != nil {
      note(
        .info, path.appending(key),
        "3D rotation '\(key)' drawn with an orthographic projection (no perspective), as lottie-web's canvas renderer does"
      )
    }
    return transform
  }
}
