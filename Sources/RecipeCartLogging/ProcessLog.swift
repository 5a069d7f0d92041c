import Logging
import RecipeCartWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's log: every `Logger` writes through one `LogOutput` to standard error, where swift-log's default
/// handler wrote before. The `web` executable bootstraps it once; tests build apps without it.
package enum ProcessLog {
    private static let output = LogOutput(descriptor: 2, label: "RecipeCart")

    /// Sends every logger of the process to the buffered standard error; lines still waiting are written on exit.
    package static func bootstrap() {
        LoggingSystem.bootstrap { label in
            BufferedLogHandler(label: label, output: output, metadataProvider: LoggingSystem.metadataProvider)
        }
        atexit { ProcessLog.flush() }
    }

    /// Where the server writes its request lines: the same output, without a `Logger.Metadata` made for each.
    package static var requestLines: any RequestLogSink { output }

    /// Writes every line logged so far, waiting at most `timeout` for a blocked output.
    package static func flush(timeout: Duration = .seconds(5)) {
        output.flush(timeout: timeout)
    }
}
