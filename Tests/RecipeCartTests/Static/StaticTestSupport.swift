import Foundation
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport

/// Decompresses with the system's `gzip -dc`, as a client would: a decoder independent of the
/// zlib binding that produced the bytes.
enum Gunzip {
    struct Failure: Error {
        let status: Int32
    }

    static func decompress(_ compressed: ByteBuffer) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gunzip-\(UUID().uuidString).gz")
        try Data(compressed.readableBytesView).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let finished = try ChildProcess.run("/usr/bin/env", ["gzip", "-dc", input.path])
        guard finished.status == 0 else { throw Failure(status: finished.status) }
        return [UInt8](finished.output)
    }
}

/// A folder of files a test makes and changes, left in the temp folder like the app tests' data dirs.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    @discardableResult
    func write(_ name: String, _ contents: String, modified: Date? = nil) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        if let modified { try setModified(name, modified) }
        return file
    }

    func setModified(_ name: String, _ date: Date) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: date], ofItemAtPath: url.appendingPathComponent(name).path)
    }

    func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path)
    }

    func symlink(_ name: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: url.appendingPathComponent(name).path, withDestinationPath: destination)
    }
}

/// Text that compresses well and is big enough to be worth it.
func sampleCSS(bytes: Int = 3000) -> String {
    var css = ""
    var index = 0
    while css.utf8.count < bytes {
        css += ".recipe-\(index) { color: #333; margin: 0 auto; padding: \(index % 7)px; }\n"
        index += 1
    }
    return css
}
