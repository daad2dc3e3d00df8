// Recorded by PresetResolutionTests with L2V_RECORD_PRESET_FIXTURE=1; do not edit by hand.

/// What each case of ``PresetResolutionTests`` resolved to when it was recorded.
enum PresetResolutionFixture {
  static let expected: [(arguments: [String], plan: String)] = [
    (
      ["-o", "out.gif", "--preset", "gif-web"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--width", "320"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":137904128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--height", "320"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":137904128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--scale", "0.5"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":50,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134307728,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":50}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--size", "720p"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":167395328,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--width", "300", "--height", "200"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":136377728,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--fps", "24"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 24 fps becomes 25 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--fps", "90"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":50,"frames":150,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 90 fps becomes 50 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--duration", "2"],
      ##"{"codec":"gif","duration":2,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":50,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--crf", "30"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"veryfast","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":["--crf sets H.264, H.265, VP9 and AV1 quality; ignored for .gif"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--background", "red"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--fit", "cover"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--padding", "4"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--codec-preset", "slow"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--audio", "jingle.wav"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":["GIF has no sound: the --audio soundtrack left out (MP4, M4V, MOV and WebM carry sound)"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--no-audio"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--loop", "3"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":4,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--dither", "bayer"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--gif-palette", "per-frame"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":144355328,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--pix-fmt", "yuv444p"],
      ##"exit 1: Error: invalid encoder settings: codec gif cannot use pixel format yuv444p; only h264, h265 and y4m can\##n"##
    ),
    (
      ["-o", "out.gif", "--preset", "gif-web", "--repeat", "3"],
      ##"{"codec":"gif","duration":9,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":225,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":142512128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--width", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":156080128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--height", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":156080128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--scale", "0.5"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":540,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":196474328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":540}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--size", "720p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--width", "300", "--height", "200"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":147027728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--fps", "24"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":24,"frames":72,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--fps", "90"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":90,"frames":270,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":60,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--crf", "30"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"medium","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--background", "red"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--fit", "cover"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--padding", "4"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--codec-preset", "slow"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"slow","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":424068128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--no-audio"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--loop", "3"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":4,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--dither", "bayer"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--gif-palette", "per-frame"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--pix-fmt", "yuv444p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":599611328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-post", "--repeat", "3"],
      ##"{"codec":"h264","duration":9,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":270,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":383244128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--width", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":569,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":173151168,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--height", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":146515328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":180}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--scale", "0.5"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":960,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":244896128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":540}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--size", "720p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--width", "300", "--height", "200"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":147027728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--fps", "24"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":24,"frames":72,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--fps", "90"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":90,"frames":270,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":60,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--crf", "30"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"medium","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--background", "red"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--fit", "cover"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--padding", "4"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--codec-preset", "slow"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"slow","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":649507328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--no-audio"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--loop", "3"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":4,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--dither", "bayer"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--gif-palette", "per-frame"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--pix-fmt", "yuv444p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":961584128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "instagram-story", "--repeat", "3"],
      ##"{"codec":"h264","duration":9,"encoder":{"apngPlays":0,"av1Crf":20,"codecPreset":"medium","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":270,"height":1920,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":60,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":1080}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--width", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":180,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":146515328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--height", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":173151168,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":569}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--scale", "0.5"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":540,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":244896128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":960}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--size", "720p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--width", "300", "--height", "200"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":147027728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--fps", "24"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":24,"frames":72,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--fps", "90"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":90,"frames":270,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":60,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--crf", "30"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"medium","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--background", "red"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--fit", "cover"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--padding", "4"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--codec-preset", "slow"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"slow","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":649507328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--no-audio"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--loop", "3"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":4,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--dither", "bayer"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--gif-palette", "per-frame"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--pix-fmt", "yuv444p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":961584128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "linkedin", "--repeat", "3"],
      ##"{"codec":"h264","duration":9,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":270,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":600,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--width", "320"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":142204928,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--height", "320"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":142204928,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--scale", "0.5"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":50,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134412728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":50}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--size", "720p"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":206102528,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--width", "300", "--height", "200"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":138897728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--fps", "24"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":24,"frames":72,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--fps", "90"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":90,"frames":270,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--duration", "2"],
      ##"{"codec":"prores","duration":2,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":60,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--crf", "30"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"veryfast","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":["--crf sets H.264, H.265, VP9 and AV1 quality; ignored for prores in .mov"],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--background", "red"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--fit", "cover"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--padding", "4"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--codec-preset", "slow"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--no-audio"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--loop", "3"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":4,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--dither", "bayer"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--gif-palette", "per-frame"],
      ##"{"codec":"prores","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--pix-fmt", "yuv444p"],
      ##"exit 1: Error: invalid encoder settings: codec prores cannot use pixel format yuv444p; only h264, h265 and y4m can\##n"##
    ),
    (
      ["-o", "out.mov", "--preset", "prores-alpha", "--repeat", "3"],
      ##"{"codec":"prores","duration":9,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mov","fps":30,"frames":270,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"prores_ks","estimatedBytes":134997728,"limitBytes":4000000000},"notes":[],"output":"out.mov","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--width", "320"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":137904128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--height", "320"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":137904128,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--scale", "0.5"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":64,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134365184,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":64}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--size", "720p"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":167395328,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--width", "300", "--height", "200"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":136377728,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--fps", "24"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 24 fps becomes 25 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--fps", "90"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":50,"frames":150,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 90 fps becomes 50 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--duration", "2"],
      ##"{"codec":"gif","duration":2,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":50,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--crf", "30"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"veryfast","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":["--crf sets H.264, H.265, VP9 and AV1 quality; ignored for .gif"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--background", "red"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--fit", "cover"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"cover","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--padding", "4"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":4,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--codec-preset", "slow"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--audio", "jingle.wav"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":["GIF has no sound: the --audio soundtrack left out (MP4, M4V, MOV and WebM carry sound)"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--no-audio"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--loop", "3"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":4,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--dither", "bayer"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--gif-palette", "per-frame"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134938624,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--pix-fmt", "yuv444p"],
      ##"exit 1: Error: invalid encoder settings: codec gif cannot use pixel format yuv444p; only h264, h265 and y4m can\##n"##
    ),
    (
      ["-o", "out.gif", "--preset", "slack-emoji", "--repeat", "3"],
      ##"{"codec":"gif","duration":9,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":225,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":131072,"minFps":8,"minScale":0.25,"preset":"slack-emoji"},"timing":{"bounce":false,"end":90,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--width", "320"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":159612928,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--height", "320"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":159612928,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--scale", "0.5"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":256,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":150470656,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":256}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--size", "720p"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":362774528,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--width", "300", "--height", "200"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":149097728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--fps", "24"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":24,"frames":72,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--fps", "90"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":90,"frames":270,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--duration", "2"],
      ##"{"codec":"vp9","duration":2,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":60,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--crf", "30"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"veryfast","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--background", "red"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9","estimatedBytes":170393600,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--fit", "cover"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"cover","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--padding", "4"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":4,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--codec-preset", "slow"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":128000,"codec":"opus","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--no-audio"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--loop", "3"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":4,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--dither", "bayer"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--gif-palette", "per-frame"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--pix-fmt", "yuv444p"],
      ##"exit 1: Error: invalid encoder settings: codec vp9 cannot use pixel format yuv444p; only h264, h265 and y4m can\##n"##
    ),
    (
      ["-o", "out.webm", "--preset", "telegram-sticker", "--repeat", "3"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":512,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":199229440,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":262144,"minFps":8,"minScale":1,"preset":"telegram-sticker"},"timing":{"bounce":false,"end":90,"maxDuration":3,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":512}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--width", "320"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":159612928,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--height", "320"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":159612928,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--scale", "0.5"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":50,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":134837728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":50}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--size", "720p"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":362774528,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--width", "300", "--height", "200"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":149097728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--fps", "24"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":24,"frames":72,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--fps", "90"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":90,"frames":270,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--duration", "2"],
      ##"{"codec":"vp9","duration":2,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":60,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--crf", "30"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"veryfast","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--background", "red"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9","estimatedBytes":135597728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--fit", "cover"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--padding", "4"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--codec-preset", "slow"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":128000,"codec":"opus","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--no-audio"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--loop", "3"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":4,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--dither", "bayer"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--gif-palette", "per-frame"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--pix-fmt", "yuv444p"],
      ##"exit 1: Error: invalid encoder settings: codec vp9 cannot use pixel format yuv444p; only h264, h265 and y4m can\##n"##
    ),
    (
      ["-o", "out.webm", "--preset", "webm-alpha", "--repeat", "3"],
      ##"{"codec":"vp9","duration":9,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":270,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--width", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":180,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":146515328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--height", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":173151168,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":569}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--scale", "0.5"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":360,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":183408128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":640}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--size", "720p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--width", "300", "--height", "200"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":147027728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--fps", "24"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":24,"frames":72,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--fps", "90"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":90,"frames":270,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":60,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--crf", "30"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"medium","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--background", "red"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--fit", "cover"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--padding", "4"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--codec-preset", "slow"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"slow","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":363235328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--no-audio"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--loop", "3"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":4,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--dither", "bayer"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--gif-palette", "per-frame"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--pix-fmt", "yuv444p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":501936128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "x-video", "--repeat", "3"],
      ##"{"codec":"h264","duration":9,"encoder":{"apngPlays":0,"av1Crf":21,"codecPreset":"medium","crf":21,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":21,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":270,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":140,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--width", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":180,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":146515328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--height", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":173151168,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":569}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--scale", "0.5"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":540,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":244896128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":960}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--size", "720p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--width", "300", "--height", "200"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":147027728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--fps", "24"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":24,"frames":72,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--fps", "90"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":90,"frames":270,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":60,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--crf", "30"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"medium","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--background", "red"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--fit", "cover"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--padding", "4"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--codec-preset", "slow"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"slow","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":649507328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--no-audio"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--loop", "3"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":4,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--dither", "bayer"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--gif-palette", "per-frame"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--pix-fmt", "yuv444p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":961584128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-1080p", "--repeat", "3"],
      ##"{"codec":"h264","duration":9,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":270,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--width", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":180,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":146515328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":320}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--height", "320"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":320,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":173151168,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":569}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--scale", "0.5"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":1080,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":576931328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1920}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--size", "720p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":720,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":330979328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":1280}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--width", "300", "--height", "200"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":147027728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":300}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--fps", "24"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":24,"frames":72,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--fps", "90"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":90,"frames":270,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":60,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--crf", "30"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":30,"codecPreset":"medium","crf":30,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":30,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--background", "red"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FF0000FF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--fit", "cover"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"cover","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--padding", "4"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":4,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--codec-preset", "slow"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"slow","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":2195376128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":160000,"codec":"aac","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--no-audio"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--loop", "3"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":4,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":3,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":4,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--dither", "bayer"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"bayer","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--gif-palette", "per-frame"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--pix-fmt", "yuv444p"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":3443683328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "youtube-4k", "--repeat", "3"],
      ##"{"codec":"h264","duration":9,"encoder":{"apngPlays":0,"av1Crf":18,"codecPreset":"medium","crf":18,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":18,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":270,"height":2160,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (medium)","estimatedBytes":1905072128,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":3,"speed":1,"start":0},"warnings":[],"width":3840}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json"],
      ##"{"audio":{"animationAudio":false,"bitrate":96000,"codec":"aac","soundtrack":"presets/jingle.wav","soundtrackLoops":true,"soundtrackOffset":1.5},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":138907728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json", "--audio", "other.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":96000,"codec":"aac","soundtrack":"other.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":138907728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json", "--audio-offset", "3"],
      ##"{"audio":{"animationAudio":false,"bitrate":96000,"codec":"aac","soundtrack":"presets/jingle.wav","soundtrackLoops":true,"soundtrackOffset":3},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":138907728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json", "--audio-loop"],
      ##"{"audio":{"animationAudio":false,"bitrate":96000,"codec":"aac","soundtrack":"presets/jingle.wav","soundtrackLoops":true,"soundtrackOffset":1.5},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":138907728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json", "--no-audio"],
      ##"{"audio":{"animationAudio":false,"bitrate":96000,"codec":"aac","soundtrack":"presets/jingle.wav","soundtrackLoops":true,"soundtrackOffset":1.5},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":138907728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json", "--audio-bitrate", "192k"],
      ##"{"audio":{"animationAudio":false,"bitrate":192000,"codec":"aac","soundtrack":"presets/jingle.wav","soundtrackLoops":true,"soundtrackOffset":1.5},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"slow","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv444p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (slow)","estimatedBytes":138907728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/brand.json", "--codec-preset", "fast", "--pix-fmt", "yuv420p"],
      ##"{"audio":{"animationAudio":false,"bitrate":96000,"codec":"aac","soundtrack":"presets/jingle.wav","soundtrackLoops":true,"soundtrackOffset":1.5},"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"fast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (fast)","estimatedBytes":136002728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"background":"#FFFFFFFF","fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mov", "--preset", "presets/brand.json"],
      ##"exit 64: Error: The preset 'brand' makes .mp4 files; the output 'out.mov' ends in .mov\##nUsage: lottie2video <input> -o <output> [options]\##nSee 'lottie2video --help'.\##n"##
    ),
    (
      ["-o", "out.webm", "--preset", "presets/quiet.json"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":40,"bitrate":2000000,"codecPreset":"veryfast","crf":40,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":40,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "presets/quiet.json", "--audio", "jingle.wav"],
      ##"{"audio":{"animationAudio":false,"bitrate":64000,"codec":"opus","soundtrack":"jingle.wav","soundtrackLoops":false,"soundtrackOffset":0},"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":40,"bitrate":2000000,"codecPreset":"veryfast","crf":40,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":40,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "presets/quiet.json", "--crf", "20"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":20,"bitrate":2000000,"codecPreset":"veryfast","crf":20,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":20,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.webm", "--preset", "presets/quiet.json", "--bitrate", "500k"],
      ##"{"codec":"vp9","duration":3,"encoder":{"apngPlays":0,"av1Crf":40,"bitrate":500000,"codecPreset":"veryfast","crf":40,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":40,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"webm","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libvpx-vp9 with alpha","estimatedBytes":136697728,"limitBytes":4000000000},"notes":[],"output":"out.webm","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/wide.json"],
      ##"{"codec":"h264","duration":1.5,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":20,"frames":30,"height":640,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":178659328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"cover","padding":10,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":1.5,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":640}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/wide.json", "--height", "100"],
      ##"{"codec":"h264","duration":1.5,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":20,"frames":30,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":135302728,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"cover","padding":10,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":1.5,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/wide.json", "--fps", "60"],
      ##"{"codec":"h264","duration":1.5,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":60,"frames":90,"height":640,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":178659328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"cover","padding":10,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":1.5,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":640}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/wide.json", "--duration", "2"],
      ##"{"codec":"h264","duration":2,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":20,"frames":40,"height":640,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":178659328,"limitBytes":4000000000},"notes":["MP4 has no alpha channel; composited over white (use --background to choose)"],"output":"out.mp4","placement":{"fit":"cover","padding":10,"textFit":"none"},"timing":{"bounce":false,"duration":2,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":640}"##
    ),
    (
      ["-o", "out.gif", "--preset", "presets/wide.json", "--fit", "fill"],
      ##"{"codec":"gif","duration":1.5,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":20,"frames":30,"height":640,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":148963328,"limitBytes":4000000000},"notes":[],"output":"out.gif","placement":{"fit":"fill","padding":10,"textFit":"none"},"timing":{"bounce":false,"end":90,"maxDuration":1.5,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":640}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/tall.json"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":12,"frames":36,"height":480,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":159216128,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":480}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/tall.json", "--scale", "2"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":12,"frames":36,"height":200,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":138557728,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":200}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "presets/tall.json", "--width", "50"],
      ##"{"codec":"h264","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"mp4","fps":12,"frames":36,"height":50,"input":"solid.json","jobs":2,"memory":{"encoder":"libx264 (veryfast)","estimatedBytes":134488978,"limitBytes":4000000000},"notes":[],"output":"out.mp4","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":50}"##
    ),
    (
      ["-o", "out.webp", "--preset", "presets/webp.json"],
      ##"{"codec":"webp","duration":3,"encoder":{"apngPlays":3,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":2,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":3,"webpLossless":false,"webpQuality":60},"format":"webp","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libwebp_anim","estimatedBytes":135177728,"limitBytes":4000000000},"notes":[],"output":"out.webp","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":200}"##
    ),
    (
      ["-o", "out.webp", "--preset", "presets/webp.json", "--lossless"],
      ##"{"codec":"webp","duration":3,"encoder":{"apngPlays":3,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":2,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":3,"webpLossless":true,"webpQuality":60},"format":"webp","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libwebp_anim","estimatedBytes":135177728,"limitBytes":4000000000},"notes":[],"output":"out.webp","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":200}"##
    ),
    (
      ["-o", "out.webp", "--preset", "presets/webp.json", "--quality", "90", "--loop", "0"],
      ##"{"codec":"webp","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":90},"format":"webp","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"libwebp_anim","estimatedBytes":135177728,"limitBytes":4000000000},"notes":[],"output":"out.webp","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":200}"##
    ),
    (
      ["-o", "out.webp", "--preset", "presets/webp.json", "--width", "100"],
      ##"{"codec":"webp","duration":3,"encoder":{"apngPlays":3,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":2,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":3,"webpLossless":false,"webpQuality":60},"format":"webp","fps":30,"frames":90,"height":50,"input":"solid.json","jobs":2,"memory":{"encoder":"libwebp_anim","estimatedBytes":134457728,"limitBytes":4000000000},"notes":[],"output":"out.webp","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.apng", "--preset", "presets/apng.json"],
      ##"{"codec":"apng","duration":3,"encoder":{"apngPlays":1,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":-1,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":1,"webpLossless":true,"webpQuality":80},"format":"apng","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"apng","estimatedBytes":134747728,"limitBytes":4000000000},"notes":[],"output":"out.apng","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.apng", "--preset", "presets/apng.json", "--loop", "5"],
      ##"{"codec":"apng","duration":3,"encoder":{"apngPlays":6,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":5,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":6,"webpLossless":true,"webpQuality":80},"format":"apng","fps":30,"frames":90,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"apng","estimatedBytes":134747728,"limitBytes":4000000000},"notes":[],"output":"out.apng","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.gif", "--preset", "presets/budget.json"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"none","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":33.333333333333336,"frames":100,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134657728,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 30 fps becomes 33.33 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":50000,"minFps":10,"minScale":0.5,"preset":"budget"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.gif", "--preset", "presets/budget.json", "--width", "64"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"none","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":33.333333333333336,"frames":100,"height":64,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134397952,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 30 fps becomes 33.33 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":50000,"minFps":10,"minScale":0.5,"preset":"budget"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":64}"##
    ),
    (
      ["-o", "out.gif", "--preset", "presets/budget.json", "--dither", "bayer"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"bayer","gifLoop":0,"gifPalette":"per-frame","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":33.333333333333336,"frames":100,"height":100,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134657728,"limitBytes":4000000000},"notes":["GIF delays are whole centiseconds; 30 fps becomes 33.33 fps"],"output":"out.gif","placement":{"fit":"contain","padding":0,"textFit":"none"},"sizeBudget":{"maxBytes":50000,"minFps":10,"minScale":0.5,"preset":"budget"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":100}"##
    ),
    (
      ["-o", "out.mp4", "--preset", "telegram-sticker"],
      ##"exit 64: Error: The preset 'telegram-sticker' makes .webm files; the output 'out.mp4' ends in .mp4\##nUsage: lottie2video <input> -o <output> [options]\##nSee 'lottie2video --help'.\##n"##
    ),
    (
      ["-o", "-", "--preset", "slack-emoji"],
      ##"exit 64: Error: Writing to standard output ('-o -') needs '--format <name>': mp4, m4v, mov, webm, gif, y4m, rawvideo (mp4, m4v and mov as fragmented MP4)\##nUsage: lottie2video <input> -o <output> [options]\##nSee 'lottie2video --help'.\##n"##
    ),
    (
      ["-o", "-", "--preset", "slack-emoji", "--format", "gif"],
      ##"{"codec":"gif","duration":3,"encoder":{"apngPlays":0,"av1Crf":35,"codecPreset":"veryfast","crf":23,"gifDither":"sierra2_4a","gifLoop":0,"gifPalette":"global","pixelFormat":"yuv420p","vp9Crf":32,"webpLoop":0,"webpLossless":false,"webpQuality":80},"format":"gif","fps":25,"frames":75,"height":128,"input":"solid.json","jobs":2,"memory":{"encoder":"gif","estimatedBytes":134807552,"limitBytes":4000000000},"notes":["the preset's size budget is not checked on standard output (a pipe cannot be encoded again)"],"output":"-","placement":{"fit":"contain","padding":0,"textFit":"none"},"timing":{"bounce":false,"end":90,"repeatCount":1,"speed":1,"start":0},"warnings":[],"width":128}"##
    ),
  ]
}
