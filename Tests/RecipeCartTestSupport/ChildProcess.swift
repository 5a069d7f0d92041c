import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the tests' helper programs (gzip, the PostgreSQL cluster script, the `web` executable) with `posix_spawn`.
/// Foundation's `Process.run()` on Linux copies each `/proc/self/fd` entry 256 bytes at a time and now and then reads
/// past the end of glibc's buffer, which crashed the whole test process (swift-corelibs-foundation pull 5472).
package enum ChildProcess {
    package struct Finished {
        package let status: Int32
        /// Standard output and standard error together.
        package let output: Data

        package var text: String { String(decoding: output, as: UTF8.self) }
    }

    package struct SpawnFailure: Error, CustomStringConvertible {
        let executable: String
        let code: Int32

        package var description: String { "could not start \(executable): \(String(cString: strerror(code)))" }
    }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Runs `executable` (a full path) to its end, with standard input from /dev/null and its output into a file: a
    /// pipe would stay open in a server the program leaves running, such as PostgreSQL. Only descriptors 0–2 reach
    /// the child, so no other test's pipe or database file is held open by it.
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Finished
    {
        // glibc 2.34 and later; the Swift module does not declare it.
        guard let found = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw SpawnFailure(executable: executable, code: ENOSYS)
        }
        let closeFrom = unsafeBitCast(found, to: CloseFrom.self)
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = closeFrom(&actions, 3)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else { throw SpawnFailure(executable: executable, code: code) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import: a signal's death reads as 128 + the signal.
        let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Finished(status: exit, output: (try? Data(contentsOf: outputURL)) ?? Data())
    }
}
