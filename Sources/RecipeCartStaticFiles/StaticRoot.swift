import Foundation
import HTTPTypes

/// A folder served under a URL prefix, and how long browsers may keep what it serves.
package struct StaticRoot: Sendable {
    package enum Caching: Sendable {
        /// `Public/`: fingerprinted URLs are immutable; the plain name is kept briefly.
        case assets
        /// Image folders: a file keeps its name for life (a new picture gets a new name).
        case images
    }

    static let immutable = HTTPField(name: .cacheControl, value: "public, max-age=31536000, immutable")
    static let shortLived = HTTPField(name: .cacheControl, value: "public, max-age=300")
    static let longLived = HTTPField(name: .cacheControl, value: "public, max-age=2592000")

    /// Starts and ends with `/`, e.g. `/static/`.
    let urlPrefix: String
    /// A real path (symlinks resolved), without a trailing slash.
    package let directory: String
    let caching: Caching
    /// The folder under `/images/` whose files `SharedPictures` holds too: a file missing here may have been stored
    /// by another instance.
    let sharedFolder: String?

    package init(urlPrefix: String, directory: URL, caching: Caching, sharedFolder: String? = nil) {
        self.urlPrefix = urlPrefix
        self.sharedFolder = sharedFolder
        self.directory = LocalFile.realPath(directory.path) ?? directory.standardizedFileURL.path
        self.caching = caching
    }

    /// The file's real path, or nil when it is missing or resolves outside the root (a symlink out).
    func resolve(_ path: StaticFilePath) -> String? {
        guard let real = LocalFile.realPath("\(directory)/\(path.value)"), real.hasPrefix("\(directory)/") else {
            return nil
        }
        return real
    }

    func cacheControl(fingerprintMatches: Bool) -> HTTPField {
        switch caching {
        case .assets: fingerprintMatches ? Self.immutable : Self.shortLived
        case .images: Self.longLived
        }
    }
}
