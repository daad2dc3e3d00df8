import Lottie

/// Small text animations for these tests.
enum TextSamples {
  /// One text layer showing `text` in font "Font" of `family` and `style` at `size`, with `animators`.
  static func animation(
    _ text: String, family: String, style: String = "Regular", size: Double = 40, fPath: String? = nil,
    animators: String = "[]", documents: [(frame: Double, text: String)]? = nil
  ) throws -> Animation {
    let path = fPath.map { #","fPath":"\#($0)""# } ?? ""
    let keys = (documents ?? [(0, text)]).map { frame, text in
      #"{"t":\#(frame),"s":{"t":"\#(text)","f":"Font","s":\#(size),"j":0,"tr":0,"lh":48,"fc":[0,0,0]}}"#
    }
    let json = #"""
      {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":400,"h":100,
       "fonts":{"list":[{"fName":"Font","fFamily":"\#(family)","fStyle":"\#(style)","ascent":75\#(path)}]},
       "layers":[{"ty":5,"ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[10,60]}},
         "t":{"d":{"k":[\#(keys.joined(separator: ","))]},"a":\#(animators)}}]}
      """#
    return try LottieParser.parse(bytes: Array(json.utf8), file: "t.json")
  }
}
