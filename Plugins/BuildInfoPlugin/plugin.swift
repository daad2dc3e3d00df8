import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the version from the repository's VERSION file, the commit from git or
/// `$L2V_COMMIT`) into the plugin's work folder before every build of the target that uses it, through
/// scripts/build-info. The script rewrites the file only when its text changes, so a build with the same
/// version and commit compiles nothing again.
@main
struct BuildInfoPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
    let script = context.package.directoryURL.appending(path: "scripts/build-info")
    return [
      .prebuildCommand(
        displayName: "BuildInfo.swift from VERSION and the git commit",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [script.path, output.appending(path: "BuildInfo.swift").path],
        // The build's L2V_COMMIT (the image's build has no .git): a prebuild command gets no environment of
        // its own unless given one.
        environment: ProcessInfo.processInfo.environment.filter { $0.key == "L2V_COMMIT" || $0.key == "PATH" },
        outputFilesDirectory: output)
    ]
  }
}
