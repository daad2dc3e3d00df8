import Foundation
import VideoEncoding

/// Batch exports: folders and several inputs, one output per animation, mirroring the folder structure.
extension CommandLineTool {
  static let batchOptions: Set<String> = ["--recursive", "--skip-existing", "--report", "--shard"]
  static let animationExtensions: Set<String> = ["json", "lottie", "tgs"]

  /// A batch is several inputs, or a folder.
  static func isBatch(_ arguments: [String]) throws(UsageError) -> Bool {
    let list = try ArgumentList(arguments, flags: flags, known: exportOptions.union(batchOptions), command: nil)
    if list.positionals.count > 1 { return true }
    var isDirectory: ObjCBool = false
    if let only = list.positionals.first, FileManager.default.fileExists(atPath: only, isDirectory: &isDirectory) {
      return isDirectory.boolValue
    }
    return list.options.contains { batchOptions.contains($0.name) }
  }

  /// Exports every animation found to `-o DIR`, one after the other (each uses every core), going on past
  /// failures; prints a summary and exits 1 when any failed.
  static func batch(_ arguments: [String]) throws -> Int32 {
    let list = try ArgumentList(arguments, flags: flags, known: exportOptions.union(batchOptions), command: nil)
    guard let outputDirectory = list.options.last(where: { $0.name == "-o" || $0.name == "--output" })?.value else {
      throw UsageError(message: "Missing expected option '-o <folder>' for a batch", command: nil)
    }
    let recursive = list.options.contains { $0.name == "--recursive" }
    let skipExisting = list.options.contains { $0.name == "--skip-existing" }
    let quiet = list.options.contains { $0.name == "--quiet" || $0.name == "-q" }
    let formatName = list.options.last(where: { $0.name == "--format" })?.value
    let reportPath = list.options.last(where: { $0.name == "--report" })?.value
    var shard: (index: Int, count: Int)? = nil
    if let value = list.options.last(where: { $0.name == "--shard" })?.value {
      let parts = value.split(separator: "/").compactMap { Int($0) }
      guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
        throw OptionReader(command: nil).invalid(value, "--shard", "i/n", "use i/n with 1 <= i <= n, e.g. 2/3")
      }
      shard = (parts[0], parts[1])
    }
    let ext = formatName.flatMap { OutputFormat(rawValue: $0)?.fileExtension } ?? "mp4"
    // Options passed on to each export: everything but the inputs, the output and the batch's own.
    var passed: [String] = []
    for (name, value) in list.options where name != "-o" && name != "--output" && !batchOptions.contains(name) {
      passed.append(name)
      if let value { passed.append(value) }
    }
    // 1. Collect the animations, each with its output path under the output folder.
    var jobs: [(input: String, output: String)] = []
    for input in list.positionals {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
        throw UsageError(message: "The input '\(input)' does not exist", command: nil)
      }
      if !isDirectory.boolValue {
        let name = ((input as NSString).lastPathComponent as NSString).deletingPathExtension
        jobs.append((input, outputDirectory + "/" + name + "." + ext))
        continue
      }
      for relative in animations(in: input, recursive: recursive) {
        let stem = (relative as NSString).deletingPathExtension
        jobs.append((input + "/" + relative, outputDirectory + "/" + stem + "." + ext))
      }
    }
    // A shard takes every n-th file of the sorted list: shards never overlap and together cover the batch,
    // whatever machine runs them (a Kubernetes Indexed Job or a Slurm array passes its index).
    if let (i, n) = shard { jobs = jobs.enumerated().filter { $0.offset % n == i - 1 }.map(\.element) }
    // 2. Export each, recording what happened.
    var done = 0
    var skipped = 0
    var failures: [(String, String)] = []
    var records: [[String: Any]] = []
    for (index, job) in jobs.enumerated() {
      var record: [String: Any] = ["input": job.input, "output": job.output]
      if skipExisting && FileManager.default.fileExists(atPath: job.output) {
        skipped += 1
        record["status"] = "skipped"
        records.append(record)
        continue
      }
      if !quiet { Console.error("[\(index + 1)/\(jobs.count)] \(job.input)") }
      let start = Date()
      do {
        try FileManager.default.createDirectory(
          atPath: (job.output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let outcome = try exportOne([job.input, "-o", job.output] + passed)
        record["diagnostics"] = outcome.diagnostics.map(\.description)
        if outcome.status == 0, let result = outcome.result {
          done += 1
          record["status"] = "done"
          record["frames"] = result.frames
          record["duration"] = result.duration
          record["bytes"] = result.bytes
        } else {
          failures.append((job.input, "exit \(outcome.status)"))
          record["status"] = "failed"
          record["reason"] = "exit \(outcome.status)"
        }
      } catch {
        failures.append((job.input, "\(error)"))
        record["status"] = "failed"
        record["reason"] = "\(error)"
      }
      record["seconds"] = Date().timeIntervalSince(start)
      records.append(record)
    }
    if let reportPath {
      let data = try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      try data.write(to: URL(fileURLWithPath: reportPath))
    }
    // 3. Summary: results on stdout.
    Console.output("batch: \(done) done, \(failures.count) failed, \(skipped) skipped (of \(jobs.count))")
    for (input, reason) in failures { Console.output("failed: \(input): \(reason)") }
    return failures.isEmpty ? 0 : 1
  }

  /// Animation files under `folder` (relative paths, sorted), descending into sub-folders when `recursive`.
  static func animations(in folder: String, recursive: Bool) -> [String] {
    let manager = FileManager.default
    var result: [String] = []
    if recursive {
      guard let walker = manager.enumerator(atPath: folder) else { return [] }
      while let relative = walker.nextObject() as? String {
        if animationExtensions.contains((relative as NSString).pathExtension.lowercased()) { result.append(relative) }
      }
    } else {
      for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
        var isDirectory: ObjCBool = false
        if animationExtensions.contains((name as NSString).pathExtension.lowercased()),
          manager.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue
        {
          result.append(name)
        }
      }
    }
    return result.sorted()
  }
}
