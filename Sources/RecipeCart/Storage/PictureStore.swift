import Foundation

/// Pictures uploaded on the edit page, stored under random names in the data dir and served under `/images/uploads/`.
public struct PictureStore: Sendable {
    public static let maximumBytes = 5 * 1024 * 1024
    static let folder = "uploads"

    public let directory: URL

    public init(imagesDirectory: URL) throws {
        directory = imagesDirectory.appendingPathComponent(Self.folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Stores the bytes and answers their path under `/images/`.
    public func store(_ bytes: [UInt8], kind: ImageKind) throws -> String {
        let name = Hex.encode(RandomBytes.make(16)) + "." + kind.fileExtension
        try Data(bytes).write(to: directory.appendingPathComponent(name), options: .withoutOverwriting)
        return "\(Self.folder)/\(name)"
    }

    /// Deletes an uploaded picture; paths of other sources (bundled, cache) are left alone.
    public func delete(_ path: String?) {
        guard let path, path.hasPrefix("\(Self.folder)/") else { return }
        let name = String(path.dropFirst(Self.folder.count + 1))
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }

    /// Deletes uploads no row uses any more: an Undo that ran out, a shopper's version purged with its session.
    /// Files younger than `grace` are kept, since their edit may still be on its way to the database.
    /// - Returns: how many were deleted.
    @discardableResult
    public func deleteUnused(keeping used: Set<String>, grace: TimeInterval = 600, now: Date) -> Int {
        let files = (try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles])) ?? []
        var deleted = 0
        for file in files where !used.contains("\(Self.folder)/\(file.lastPathComponent)") {
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? now
            guard now.timeIntervalSince(modified) > grace else { continue }
            if (try? FileManager.default.removeItem(at: file)) != nil { deleted += 1 }
        }
        return deleted
    }
}
