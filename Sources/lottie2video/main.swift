import Foundation
import Lottie2VideoCLI

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
