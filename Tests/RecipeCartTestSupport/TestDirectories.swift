import Foundation

/// Where the tests find the package's own files, and the fresh directories they write in.
package enum TestDirectories {
    /// The package's root: templates, `Public/` and `Tests/support` are found from here.
    package static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A new, empty directory under the system's temporary one, of this test alone.
    package static func fresh() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("recipecart-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
