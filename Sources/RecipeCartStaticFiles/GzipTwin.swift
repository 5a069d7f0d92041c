import CompressNIO
import Foundation
import NIOCore

/// The `x.svg.gz` kept beside a compressible `x.svg`, as nginx's `gzip_static` expects it.
///
/// A twin is fresh when it is a regular file, not older than its original, and its gzip trailer
/// records the original's size; anything else is remade before it could be served. Where the
/// folder cannot be written (a read-only resource bundle, say) the compressed bytes live only in
/// the memory cache, which compresses again after an eviction: no second folder to keep in step.
package enum GzipTwin {
    /// Text types worth compressing; images such as jpeg, png, webp and gif already are.
    static let compressibleExtensions: Set<String> = ["css", "js", "mjs", "svg", "json", "txt", "html", "htm", "xml"]

    /// A twin that is a symlink or not a file at all was not made by RecipeCart: its original is refused.
    struct TamperedTwin: Error {
        let path: String
    }

    package enum RefreshError: Error, CustomStringConvertible {
        case unreadable(String)
        case unwritable(String)

        package var description: String {
            switch self {
            case .unreadable(let path): "cannot read \(path) to compress it"
            case .unwritable(let path): "cannot write the gzip twin of \(path)"
            }
        }
    }

    static func isCompressible(fileExtension: String) -> Bool {
        compressibleExtensions.contains(fileExtension)
    }

    static func path(of original: String) -> String { original + ".gz" }

    /// Makes or remakes the twin of a file just written, e.g. an image stored by the image cache.
    /// Does nothing for a type that is not compressible, or when the twin is already fresh.
    /// - Throws: `RefreshError`, or `TamperedTwin` when something other than a file sits where the twin goes.
    package static func refresh(for file: URL) throws {
        let path = file.path
        guard isCompressible(fileExtension: file.pathExtension.lowercased()) else { return }
        guard let real = LocalFile.realPath(path), let (stamp, contents) = LocalFile.load(real, upTo: .max),
            let contents
        else {
            throw RefreshError.unreadable(path)
        }
        guard try freshTwinStamp(for: real, stamp: stamp) == nil else { return }
        guard LocalFile.writeAtomically(try compress(contents), to: self.path(of: real)) else {
            throw RefreshError.unwritable(path)
        }
    }

    /// Brings every twin under a root (a real path) up to date at start.
    /// - Returns: how many originals could not get a twin on disk (a read-only folder, or something
    ///   other than a file in the twin's place); the memory cache compresses those itself.
    @discardableResult
    package static func refreshAll(under root: String) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return 0 }
        var unwritten = 0
        for case let relative as String in enumerator {
            let path = "\(root)/\(relative)"
            // Only regular files that really are inside the root: a symlink could lead anywhere.
            guard (try? StaticFilePath(relative)).map({ isCompressible(fileExtension: $0.fileExtension) }) == true,
                FileStamp(linkAt: path)?.isRegularFile == true,
                let real = LocalFile.realPath(path), real.hasPrefix("\(root)/")
            else { continue }
            do {
                try refresh(for: URL(fileURLWithPath: real))
            } catch {
                unwritten += 1
            }
        }
        return unwritten
    }

    /// The compressed bytes of an original the cache is loading: the twin's when fresh, otherwise
    /// compressed now and written beside the original where the folder allows.
    static func bytes(for original: String, stamp: FileStamp, contents: ByteBuffer) throws -> ByteBuffer {
        let twin = path(of: original)
        if try freshTwinStamp(for: original, stamp: stamp) != nil, let (_, bytes) = LocalFile.load(twin, upTo: .max),
            let bytes
        {
            return bytes
        }
        let compressed = try compress(contents)
        _ = LocalFile.writeAtomically(compressed, to: twin)
        return compressed
    }

    /// The twin's stamp when it may be served for this original; nil when missing or stale.
    static func freshTwinStamp(for original: String, stamp: FileStamp) throws -> FileStamp? {
        let twin = path(of: original)
        guard let twinStamp = FileStamp(linkAt: twin) else { return nil }
        guard twinStamp.isRegularFile else { throw TamperedTwin(path: twin) }
        guard twinStamp.isNotOlder(than: stamp), let trailer = LocalFile.tail(of: twin, count: 4) else { return nil }
        // The gzip trailer ends with the original's length modulo 2^32 (RFC 1952 ISIZE).
        let recordedSize = trailer.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return recordedSize == UInt32(truncatingIfNeeded: stamp.size) ? twinStamp : nil
    }

    /// Best compression: a twin is made once and sent many times.
    static func compress(_ contents: ByteBuffer) throws -> ByteBuffer {
        var input = contents
        return try input.compress(with: .gzip(configuration: .init(compressionLevel: .bestCompression)))
    }
}
