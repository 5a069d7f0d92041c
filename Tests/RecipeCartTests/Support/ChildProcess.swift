import Foundation

/// Starts test helpers (gzip, the PostgreSQL cluster script, the `web` executable) one at a time: Foundation's
/// `Process.run()` started from several test threads at once crashed the test process (a `memmove` inside `run()`).
enum ChildProcess {
    private static let launching = NSLock()

    static func run(_ process: Process) throws {
        try launching.withLock { try process.run() }
    }
}
