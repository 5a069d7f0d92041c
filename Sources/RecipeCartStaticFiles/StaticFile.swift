import HTTPTypes
import Hummingbird
import NIOCore
import RecipeCartWire

/// One file ready to send: its variants with their headers, built once when it is loaded and
/// shared by every request that hits it.
package final class StaticFile: Sendable {
    package enum Body: Sendable {
        case memory(ByteBuffer)
        /// Too big for the cache: streamed from this path on each request.
        case disk(String)
    }

    package struct Variant: Sendable {
        let coding: ContentCoding
        let body: Body
        let length: Int
        let entityTag: String
        /// Everything but `Cache-Control`, which depends on the URL asked for.
        let headers: HTTPFields
        /// This variant's heads as the event loop writes them.
        package let wireHeads = WireHeadMemo()
    }

    package static let varyOnEncoding = HTTPField(name: .vary, value: "Accept-Encoding")

    let realPath: String
    let stamp: FileStamp
    let lastModified: String
    /// HTML goes to the router, whose middleware compresses and marks pages.
    package let isHTML: Bool
    let identity: Variant
    let gzip: Variant?
    /// Content hash for fingerprinted URLs; only files held in memory have one.
    let fingerprint: String?

    private init(
        realPath: String, stamp: FileStamp, lastModified: String, isHTML: Bool, identity: Variant, gzip: Variant?,
        fingerprint: String?
    ) {
        self.realPath = realPath
        self.stamp = stamp
        self.lastModified = lastModified
        self.isHTML = isHTML
        self.identity = identity
        self.gzip = gzip
        self.fingerprint = fingerprint
    }

    var isInMemory: Bool {
        if case .memory = identity.body { true } else { false }
    }

    /// Bytes this file takes in the memory cache.
    var memoryCost: Int {
        isInMemory ? identity.length + (gzip?.length ?? 0) : 0
    }

    /// Reads the file at a real path already checked to be inside its root.
    /// - Parameter memoryLimit: files larger than this stay on disk and are streamed.
    /// - Returns: nil when it is not a regular file (a folder, a symlink swapped in since).
    /// - Throws: `GzipTwin.TamperedTwin` when its twin is not a plain file.
    static func load(realPath: String, fileExtension: String, memoryLimit: Int) throws -> StaticFile? {
        guard let (stamp, contents) = LocalFile.load(realPath, upTo: memoryLimit) else { return nil }
        let contentType = MediaType.getMediaType(forExtension: fileExtension)?.description ?? "application/octet-stream"
        let lastModified = HTTPDate.string(fromSeconds: stamp.modifiedSeconds)
        let compressible = GzipTwin.isCompressible(fileExtension: fileExtension)

        var gzipBody: Body?
        var gzipLength = 0
        if let contents {
            if compressible {
                let bytes = try GzipTwin.bytes(for: realPath, stamp: stamp, contents: contents)
                // Not worth a variant when compression saves nothing (a tiny file).
                if bytes.readableBytes < contents.readableBytes {
                    gzipBody = .memory(bytes)
                    gzipLength = bytes.readableBytes
                }
            }
        } else if compressible, let twin = try GzipTwin.freshTwinStamp(for: realPath, stamp: stamp) {
            gzipBody = .disk(GzipTwin.path(of: realPath))
            gzipLength = twin.size
        }

        func variant(_ coding: ContentCoding, _ body: Body, length: Int) -> Variant {
            let entityTag = coding == .gzip ? "\(stamp.entityTag.dropLast())-gz\"" : stamp.entityTag
            var headers: HTTPFields = [
                .contentType: contentType,
                .contentLength: String(length),
                .eTag: entityTag,
                .lastModified: lastModified,
            ]
            if gzipBody != nil { headers.append(varyOnEncoding) }
            switch coding {
            case .gzip: headers[.contentEncoding] = "gzip"
            case .identity: headers[.acceptRanges] = "bytes"
            }
            return Variant(coding: coding, body: body, length: length, entityTag: entityTag, headers: headers)
        }

        return StaticFile(
            realPath: realPath, stamp: stamp, lastModified: lastModified, isHTML: contentType.hasPrefix("text/html"),
            identity: variant(.identity, contents.map(Body.memory) ?? .disk(realPath), length: stamp.size),
            gzip: gzipBody.map { variant(.gzip, $0, length: gzipLength) },
            fingerprint: contents.map(Fingerprint.of))
    }
}
