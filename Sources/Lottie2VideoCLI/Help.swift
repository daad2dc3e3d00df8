/// Help and usage texts. Every option is listed with its default.
enum Help {
  static let version = "lottie2video 0.1.0"

  static func usage(_ command: String?) -> String {
    switch command {
    case "snapshot": return "Usage: lottie2video snapshot <input> --frame <frame> -o <output.png> [--width <w>] [--height <h>] [--scale <s>] [--background <color>] [--animation <id>] [--set <keypath=value>] [--slot <id=value>] [--image <asset=file>]"
    case "info": return "Usage: lottie2video info <input> [--keypaths] [--set <keypath=value>] [--slot <id=value>]"
    case "check": return "Usage: lottie2video check <input> ... [--json] [--strict]"
    case "sheet": return "Usage: lottie2video sheet <input> -o <sheet.png> [--count <n>] [--columns <n>] [--width <w>] [--frames <a-b>] [--background <color>] [--set <keypath=value>] [--slot <id=value>] [--image <asset=file>]"
    case "render": return "Usage: lottie2video render <input> [--width <w>] [--height <h>] [--size <size>] [--fps <fps>] [--frames <a-b>] [--speed <x>] [--repeat <n>] [--bounce] [--duration <seconds>] [--preset <name>] [--jobs <n>] [--max-frames <n>] [--animation <id>]"
    case "presets": return "Usage: lottie2video presets"
    default:
      return "Usage: lottie2video <input> -o <output.mp4|.webm|.mov|.gif|.webp|.apng|...> [--fps <fps>] [--preset <name|file.json>] [--frames <a-b> | --progress <from-to> | --marker <name>] [--speed <x>] [--repeat <n> | --duration <seconds>] [--bounce] [--size <size>] [--width <w>] [--height <h>] [--scale <s>] [--fit <mode>] [--padding <n>] [--background <color>] [--crf <n>] [--format <name>] [--codec <name>] [--codec-preset <name>] [--bitrate <rate>] [--pix-fmt <format>] [--quality <q>] [--lossless] [--loop <n>] [--dither <mode>] [--assets <dir>] [--fonts <dir>] [--animation <id>] [--jobs <n>] [--max-frames <n>] [--poster <file.png>] [--set <keypath=value>] [--slot <id=value>] [--image <asset=file>] [--data <rows.csv|rows.json>] [--limit <name=value>] [--progress json] [--strict] [--quiet]"
    }
  }

  static let main = """
    OVERVIEW: Render Lottie animations (Bodymovin JSON, dotLottie, .tgs) to video.

    USAGE: lottie2video <input> -o <output.mp4> [options]
           lottie2video snapshot <input> --frame <frame> -o <output.png> [options]
           lottie2video info <input> [--keypaths]
           lottie2video <input> --data <rows.csv> -o 'out/{name}.mp4' [options]
           lottie2video <folder|input ...> -o <folder> [--recursive] [--skip-existing] [options]
           lottie2video check <input> ... [--json] [--strict]
           lottie2video sheet <input> -o <sheet.png> [options]
           lottie2video render <input> [options]
           lottie2video presets
           lottie2video merge-reports <report.json> ... -o <merged.json>

    ARGUMENTS:
      <input>                 A Lottie JSON file (.json), a dotLottie archive
                              (.lottie, versions 1 and 2) or a Telegram sticker
                              (.tgs); the format is found from the content.

    OPTIONS:
      -o, --output <path>     Output video. The format comes from the extension:
                              .mp4, .m4v (H.264), .webm (VP9, with alpha when the
                              background is transparent), .mov (ProRes 4444 with
                              alpha, or ProRes 422 HQ when opaque), .gif (palette
                              from the frames, transparency kept), .webp (animated
                              WebP), .apng, or a PNG sequence: a name with a frame
                              number pattern such as frames/f_%05d.png (a plain
                              name.png is numbered name_00000.png, ...). '-' writes
                              to standard output with --format y4m or rawvideo.
                              Written under a temporary name and renamed when
                              complete: a failure or Ctrl-C leaves no partial file.
      --format <name>         The container when the name does not say it: mp4,
                              m4v, mov, webm, gif, webp, apng, png, y4m, rawvideo
                              (default: from the extension).
      --preset <name|file>    Settings for a destination, from a JSON file: a
                              name from 'lottie2video presets' (looked up in
                              $L2V_PRESETS, then the presets/ folder of the
                              package the binary was built in) or a path to a
                              .json file (schema: presets/README.md). Options
                              given on the command line win over the preset's.
                              A preset's width and height are the base size that
                              --width, --height and --scale apply to (default:
                              none).
      --fps <fps>             Output frame rate (default: the animation's own).
                              The animation is sampled at its own time, so the
                              duration stays the same at any rate.

    TIMING (all combine with --fps; counts are exact: round(seconds x fps)):
      --frames <a-b>          Play composition frames a through b, both included
                              (as in the JSON's ip/op; default: ip through op-1).
      --progress <from-to>    Play a portion of ip..op, as lottie-ios
                              fromProgress/toProgress, e.g. 0.25-0.5 (default:
                              0-1).
      --marker <name>         Play a marker's span, tm up to tm+dr (default:
                              none). Only one of --frames, --progress, --marker.
      --speed <x>             Playback rate, 0.01 to 100: 2 plays twice as fast
                              (half the frames), 0.5 half as fast (default: 1).
      --repeat <n>            Play the segment n times in the video (default: 1).
      --bounce                Play forward then backward (lottie-ios
                              autoReverse); doubles the length. Backward output
                              frames mirror the forward ones: for 90 frames at
                              the animation's rate, frame 90+k shows 89-k
                              (default: off).
      --duration <seconds>    Loop the segment (with --bounce, the cycle) to
                              fill exactly this long; not with --repeat
                              (default: as long as the repeats).

    TEMPLATING (export, snapshot, sheet, render, info, check):
      --set <keypath=value>   Set a property by keypath, as lottie-ios names
                              them: layer, group and item names, then the
                              property, joined by dots (a dot in a name is \\.);
                              * matches one name, ** any number. Colours take
                              #RRGGBB, #RRGGBBAA (AA sets the fill's or stroke's
                              Opacity, as colours carry no alpha in Lottie) or
                              a CSS name; opacity,
                              rotation, stroke width, trim start/end numbers;
                              position, scale and size x,y; Text a string.
                              E.g. --set '**.Fill 1.Color=#FF0000'
                              --set 'Title.Text=Hello'. Repeatable; a keypath
                              that matches nothing is an error listing the
                              nearest ones ('info --keypaths' lists them all).
      --slot <id=value>       Set a Lottie slot (top-level 'slots') by id; the
                              value is read as the slot's default is shaped.
      --image <asset=file>    Draw an image file instead of an image asset, by
                              asset id (scaled to the asset's w and h).
      --data <rows.csv|.json> One export per row: each column whose name is a
                              keypath (has a dot or *) is a --set, 'slot:ID' a
                              --slot, 'image:ID' an --image; empty cells keep the
                              file's value. The output is a template: {column}
                              and {row} (the row number) are filled in, e.g.
                              -o 'out/{city}.mp4'. Rows run like a batch (in
                              parallel within --jobs; --report works).

    SIZE AND ENCODING:
      --width <w>             Output width in pixels (default: the animation's
                              width, or derived from --height keeping the aspect).
      --height <h>            Output height in pixels (default: as --width).
      --scale <s>             Multiply the animation's size by s (default: 1).
                              Ignored when --width or --height is given.
      --size <size>           480p (854x480), 720p (1280x720), 1080p
                              (1920x1080), 1440p (2560x1440), 4k or 2160p
                              (3840x2160), or WxH such as 1080x1350; instead of
                              --width and --height (default: as --width).
      --fit <mode>            contain, cover or fill, when the output's aspect
                              ratio differs from the animation's (default: contain,
                              centred).
      --padding <n>           Pixels of background on every side; the animation
                              is fitted inside the rest (default: 0). With
                              --fit cover the crop is not clipped to the padded
                              box.
      --background <color>    #RRGGBB, #RRGGBBAA, a CSS colour name or
                              'transparent' (default: transparent; MP4 has no
                              alpha, so it is composited over white; WebM, MOV
                              and GIF keep the transparency).
      --codec <name>          h264, h265, vp9, av1, prores, prores-hq or gif,
                              where the container allows it (default: as above).
      --crf <n>               Quality: H.264/H.265 0 (lossless) to 51
                              (default: 23); VP9 and AV1 0 to 63 (default: 32
                              for VP9, 35 for AV1). A preset with a size
                              budget (maxBytes) raises it until the file fits.
      --bitrate <rate>        Target bit rate instead of CRF for H.264, H.265 and
                              VP9, e.g. 800k or 5M (default: CRF).
      --pix-fmt <format>      yuv420p or yuv444p for H.264 and H.265 (default:
                              yuv420p).
      --quality <q>           Animated WebP quality, 0 to 100 (default: 80).
      --lossless              Lossless animated WebP (default: lossy).
      --codec-preset <name>   x264 speed preset, ultrafast ... veryslow
                              (default: veryfast).
      --assets <dir>          Folder for external images (default: the animation's
                              folder, where the asset's 'u' path is relative to).
                              Images inside a .lottie archive are taken from it.
      --fonts <dir>           Folder of extra fonts for text layers (brand fonts);
                              a .lottie archive's fonts/ are added too.
      --animation <id>        Which animation of a .lottie archive to use, by its
                              manifest id (default: the manifest's initial or first
                              animation).
      --loop <n>              GIF: 0 loops forever, n plays n+1 times, -1 plays
                              once (default: 0).
      --dither <mode>         GIF: sierra2_4a, bayer or none (default: sierra2_4a).
      --jobs <n>              Render workers (default: active cores). A batch
                              or --data run exports up to n files at once, with
                              n divided between them; on a terminal one line
                              shows files done and running, frames, fps, ETA.
      --max-frames <n>        Stop after n frames (default: all).
      --recursive             Batch: also export the animations in sub-folders,
                              mirroring them under the output folder (default:
                              the top folder only).
      --skip-existing         Batch: leave outputs that already exist, so a rerun
                              resumes (default: overwrite).
      --report <file.json>    Batch: write a record per file (input, output,
                              status, reason, frames, duration, bytes, seconds,
                              diagnostics, and batch: its place in the whole
                              batch and shard) (default: none).
      --shard <i/n>           Batch: export only every n-th file of the sorted
                              list, starting with the i-th, so n machines split
                              a batch without overlap (default: all).
      --poster <file.png>     Also write the first frame of the video as a PNG
                              (default: none). In a batch or --data run the
                              name is a template: {name} (the output's name)
                              or a data column, e.g. 'posters/{name}.png'.
      --strict                Fail (exit 1, nothing written) when the input uses
                              anything we ignore or approximate (warnings).
      --progress json         Progress as JSON lines on stderr instead of the bar:
                              {"event":"progress","file":...,"frame":n,
                              "total":n,"fps":f,"eta":s,"elapsed":s} and a final
                              "done" (in a batch also "index" and "count"). Not
                              to be confused with --progress <from-to>.
      --limit <name=value>    Raise or lower a safety limit (repeatable):
                              file-size (MB, default 256), archive-size (MB, 256),
                              canvas (px a side, 16384), frames (1000000),
                              layers (20000), precomp-depth (64),
                              layer-instances (layers per frame with precomps
                              expanded, 250000), image-size (megapixels, 64).
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
                              --scale, --size, --fit, --padding, --background,
                              --assets, --animation.
      info                    Print size, frame rate, frames, duration, layer
                              counts and diagnostics; with --keypaths, every
                              settable keypath and the kind of value it takes.
      sheet                   Draw a contact sheet of frames for review: --count
                              frames (default: 12) spread over the animation or
                              --frames, in --columns columns (default: 4) of
                              --width-pixel cells (default: 256), each labelled
                              with its frame number; transparency shows as a
                              checkerboard unless --background is given.
      check                   List, for each input, what is ignored or
                              approximated, with JSON paths, without rendering
                              (--json for machine-readable output; --strict to
                              exit 1 on warnings). Takes --animation.
      render                  Render every frame without encoding and print
                              'frames=N seconds=S fps=F' (for timing). Takes
                              the size and timing options, --preset, --fps,
                              --jobs, --max-frames, --background, --assets,
                              --animation.
      presets                 List the presets found, with what each sets.
      merge-reports           Merge the --report files of a sharded batch into
                              one (-o, '-' for stdout): every file once, in
                              order, with the failures and totals; an error,
                              writing nothing, when shards overlap, miss files
                              or come from different batches. Exit 1 when a
                              file failed.

    EXIT CODES: 0 success, 1 failure, 64 usage error.
    """
}
