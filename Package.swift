// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "lottie2video",
  products: [
    .executable(name: "lottie2video", targets: ["lottie2video"]),
    .library(name: "Lottie2Video", targets: ["Pipeline", "Lottie", "LottieArchive", "VideoEncoding", "Raster"]),
  ],
  targets: [
    // MARK: - C system libraries
    .systemLibrary(
      name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo fontconfig freetype2",
      providers: [.apt(["libcairo2-dev", "libfontconfig-dev", "libfreetype-dev"])]),
    .systemLibrary(
      name: "CFFmpeg", path: "Sources/CFFmpeg",
      pkgConfig: "libavcodec libavformat libswscale libavutil libavfilter",
      providers: [.apt(["libavcodec-dev", "libavformat-dev", "libswscale-dev", "libavutil-dev", "libavfilter-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz fribidi freetype2 fontconfig",
      providers: [.apt(["libharfbuzz-dev", "libfribidi-dev", "libfreetype-dev", "libfontconfig-dev"])]),
    .systemLibrary(
      name: "CZip", path: "Sources/CZip", pkgConfig: "libzip zlib", providers: [.apt(["libzip-dev", "zlib1g-dev"])]),

    // ICU's line breaker behind one plain C function: ICU's headers clash with the copy Foundation brings
    // (`_FoundationICU`), so they are included only in this target's C file, never in a Swift module.
    .target(name: "CLineBreak", linkerSettings: [.linkedLibrary("icuuc")]),

    // MARK: - Modules
    .target(name: "Locking"),
    .target(name: "Expressions"),
    .target(name: "Lottie", dependencies: ["Expressions"]),
    .target(name: "LottieArchive", dependencies: ["Lottie", "CZip"]),
    .target(name: "Raster"),
    .target(name: "LottieScene", dependencies: ["Lottie", "Expressions"]),
    .target(name: "TextLayout", dependencies: ["Locking", "Lottie", "LottieScene", "CHarfBuzz", "CLineBreak"]),
    .target(
      name: "CairoRendering", dependencies: ["Locking", "Lottie", "LottieScene", "TextLayout", "Raster", "CCairo"]),
    .target(name: "VideoEncoding", dependencies: ["Locking", "Raster", "CFFmpeg"]),
    .target(
      name: "Pipeline",
      dependencies: [
        "Lottie", "LottieArchive", "LottieScene", "Raster", "CairoRendering", "TextLayout", "VideoEncoding",
      ]),
    .target(
      name: "Lottie2VideoCLI",
      dependencies: [
        "Pipeline", "Lottie", "LottieArchive", "LottieScene", "Raster", "CairoRendering", "TextLayout", "VideoEncoding",
      ],
      plugins: ["BuildInfoPlugin"]),
    // BuildInfo.swift (VERSION's version, the git commit) written before each build: scripts/build-info.
    .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
    .executableTarget(name: "lottie2video", dependencies: ["Lottie2VideoCLI"]),

    // MARK: - Tests
    .target(name: "TestSupport", dependencies: ["Raster", "CCairo"], path: "Tests/TestSupport"),
    .testTarget(name: "ExpressionsTests", dependencies: ["Expressions"]),
    .testTarget(name: "LottieTests", dependencies: ["Locking", "Lottie", "TestSupport"]),
    .testTarget(name: "RasterTests", dependencies: ["Raster"]),
    .testTarget(name: "LottieSceneTests", dependencies: ["LottieScene", "Lottie", "TestSupport"]),
    .testTarget(name: "LottieArchiveTests", dependencies: ["LottieArchive", "Lottie", "VideoEncoding", "TestSupport"]),
    .testTarget(
      name: "CairoRenderingTests",
      dependencies: ["CairoRendering", "Lottie", "LottieScene", "TextLayout", "Raster", "Pipeline", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "Lottie", "LottieScene", "TestSupport"]),
    .testTarget(name: "VideoEncodingTests", dependencies: ["VideoEncoding", "Raster", "TestSupport"]),
    .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Lottie", "LottieArchive", "Raster", "TestSupport"]),
    .testTarget(name: "Lottie2VideoCLITests", dependencies: ["Lottie2VideoCLI", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
