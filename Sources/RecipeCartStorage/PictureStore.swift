import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Pictures uploaded on the edit page, stored under random names in the data dir and served under `/images/uploads/`,
/// and kept in `shared` too, so that every instance can serve them.
package struct PictureStore: Sendable {
    package static let maximumBytes = 5 * 1024 * 1024
    package static let folder = "uploads"

    package let directory: URL
    package let shared: any SharedPictures

    package init(imagesDirectory: URL, shared: any SharedPictures) throws {
        directory = imagesDirectory.appendingPathComponent(Self.folder)
        self.shared = shared
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Stores the bytes and answers their path under `/images/`.
    package func store(_ bytes: [UInt8], kind: ImageKind) async throws -> String {
        let name = Hex.encode(RandomBytes.make(16)) + "." + kind.fileExtension
        try Data(bytes).write(to: directory.appendingPathComponent(name), options: .withoutOverwriting)
        let path = "\(Self.folder)/\(name)"
        try await shared.keep(bytes, path: path)
        return path
    }

    /// Deletes an uploaded picture; paths of other sources (bundled, cache) are left alone.
    package func delete(_ path: String?) async {
        guard let path, let name = Self.uploadName(path) else { return }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        try? await shared.forget([path])
    }

    /// Deletes uploads no row uses any more: an Undo that ran out, a shopper's version purged with its session.
    /// Files younger than `grace` are kept, since their edit may still be on its way to the database.
    /// - Returns: how many were deleted from this instance's disk.
    @discardableResult
    package func deleteUnused(keeping used: Set<String>, grace: TimeInterval = 600, now: Date) async -> Int {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.contentModificationDateKey], options: [.skipsHiddenFiles]))
            ?? []
        var deleted = 0
        for file in files where !used.contains("\(Self.folder)/\(file.lastPathComponent)") {
            let modified =
                (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? now
            guard now.timeIntervalSince(modified) > grace else { continue }
            if (try? FileManager.default.removeItem(at: file)) != nil { deleted += 1 }
        }
        let unusedShared = ((try? await shared.uploads()) ?? [])
            .filter { !used.contains($0.path) && now.timeIntervalSince1970 - $0.keptAt > grace }
        try? await shared.forget(unusedShared.map(\.path))
        return deleted
    }

    private static func uploadName(_ path: String) -> String? {
        guard path.hasPrefix("\(folder)/") else { return nil }
        let name = String(path.dropFirst(folder.count + 1))
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        return name
    }
}
