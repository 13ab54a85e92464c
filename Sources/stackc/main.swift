#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(Stackc.run(Array(CommandLine.arguments.dropFirst())))
