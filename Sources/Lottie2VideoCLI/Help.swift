/// Help and usage texts. Every option is listed with its default.
enum Help {
  static let version = "lottie2video 0.1.0"

  static func usage(_ command: String?) -> String {
    switch command {
    case "snapshot": return "Usage: lottie2video snapshot <input> --frame <frame> -o <output.png> [--width <w>] [--height <h>] [--scale <s>] [--background <color>] [--animation <id>]"
    case "info": return "Usage: lottie2video info <input>"
    case "check": return "Usage: lottie2video check <input> ... [--json] [--strict]"
    case "render": return "Usage: lottie2video render <input> [--width <w>] [--height <h>] [--fps <fps>] [--jobs <n>] [--max-frames <n>] [--animation <id>]"
    default:
      return "Usage: lottie2video <input> -o <output.mp4|.webm|.mov|.gif> [--fps <fps>] [--width <w>] [--height <h>] [--scale <s>] [--fit <mode>] [--background <color>] [--crf <n>] [--codec <name>] [--codec-preset <name>] [--loop <n>] [--dither <mode>] [--assets <dir>] [--animation <id>] [--jobs <n>] [--max-frames <n>] [--strict] [--quiet]"
    }
  }

  static let main = """
    OVERVIEW: Render Lottie animations (Bodymovin JSON, dotLottie, .tgs) to video.

    USAGE: lottie2video <input> -o <output.mp4> [options]
           lottie2video snapshot <input> --frame <frame> -o <output.png> [options]
           lottie2video info <input>
           lottie2video check <input> ... [--json] [--strict]
           lottie2video render <input> [options]

    ARGUMENTS:
      <input>                 A Lottie JSON file (.json), a dotLottie archive
                              (.lottie, versions 1 and 2) or a Telegram sticker
                              (.tgs); the format is found from the content.

    OPTIONS:
      -o, --output <path>     Output video. The format comes from the extension:
                              .mp4, .m4v (H.264), .webm (VP9, with alpha when the
                              background is transparent), .mov (ProRes 4444 with
                              alpha, or ProRes 422 HQ when opaque), .gif (palette
                              from the frames, transparency kept).
                              Written under a temporary name and renamed when
                              complete: a failure or Ctrl-C leaves no partial file.
      --fps <fps>             Output frame rate (default: the animation's own).
                              The animation is sampled at its own time, so the
                              duration stays the same at any rate.
      --width <w>             Output width in pixels (default: the animation's
                              width, or derived from --height keeping the aspect).
      --height <h>            Output height in pixels (default: as --width).
      --scale <s>             Multiply the animation's size by s (default: 1).
                              Ignored when --width or --height is given.
      --fit <mode>            contain, cover or fill, when the output's aspect
                              ratio differs from the animation's (default: contain,
                              centred).
      --background <color>    #RRGGBB, #RRGGBBAA, a CSS colour name or
                              'transparent' (default: transparent; MP4 has no
                              alpha, so it is composited over white; WebM, MOV
                              and GIF keep the transparency).
      --codec <name>          h264, vp9, prores, prores-hq or gif, where the
                              container allows it (default: as above).
      --crf <n>               H.264 quality, 0 (lossless) to 51 (default: 23).
      --codec-preset <name>   x264 speed preset, ultrafast ... veryslow
                              (default: veryfast).
      --assets <dir>          Folder for external images (default: the animation's
                              folder, where the asset's 'u' path is relative to).
                              Images inside a .lottie archive are taken from it.
      --animation <id>        Which animation of a .lottie archive to use, by its
                              manifest id (default: the manifest's initial or first
                              animation).
      --loop <n>              GIF: 0 loops forever, n plays n+1 times, -1 plays
                              once (default: 0).
      --dither <mode>         GIF: sierra2_4a, bayer or none (default: sierra2_4a).
      --jobs <n>              Render workers (default: active cores).
      --max-frames <n>        Stop after n frames (default: all).
      --strict                Fail (exit 1, nothing written) when the input uses
                              anything we ignore or approximate (warnings).
      -q, --quiet             No progress and no summary line.
      -h, --help              Show this help.
      --version               Show the version.

    Odd sizes: H.264 in yuv420p needs even sides, so an odd width or height is
    padded by one pixel (the last column or row repeated).

    SUBCOMMANDS:
      snapshot                Render one frame to a straight-alpha RGBA PNG.
                              --frame <f> is a composition frame as in the
                              JSON's ip/op (fractional allowed). Transparent unless
                              --background is given. Takes --width, --height,
                              --scale, --fit, --background, --assets,
                              --animation.
      info                    Print size, frame rate, frames, duration, layer
                              counts and diagnostics.
      check                   List, for each input, what is ignored or
                              approximated, with JSON paths, without rendering
                              (--json for machine-readable output; --strict to
                              exit 1 on warnings). Takes --animation.
      render                  Render every frame without encoding and print
                              'frames=N seconds=S fps=F' (for timing). Takes
                              --width, --height, --scale, --fps, --jobs,
                              --max-frames, --background, --assets, --animation.

    EXIT CODES: 0 success, 1 failure, 64 usage error.
    """
}
