import Foundation
import Lottie2VideoCLI
import VideoEncoding

#if os(Linux)
// glibc's mallopt (malloc.h is not part of Swift's Glibc module). Rendering allocates and frees
// frame-sized buffers (Cairo groups) many times a frame; keeping them in the heap instead of fresh mmap'd
// pages avoids a page fault and a page clear for every 4 KB of every one.
@_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
private let mallocTrimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
private let mallocMmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
_ = mallopt(mallocMmapThreshold, 32 << 20)  // glibc's maximum on 64-bit
_ = mallopt(mallocTrimThreshold, 1 << 30)
#endif

// A crash prints one line and ends the process at once (see CrashReport).
CrashReport.install()
CrashReport.crashIfAsked()

// A reader that goes away early (`-o - | head`): delete the partial files, then exit 141 (see BrokenPipe).
BrokenPipe.removePartialFilesAndExit()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
