import CompressNIO
import HTTPTypes
import NIOCore
import RecipeCartStaticFiles

/// When a page is gzipped, the one rule the router's `HTMLCompressionMiddleware` and the pages answered on the event
/// loop (`EarlyPageAnswers`) both follow: HTML of 1 KB or more, for clients that accept gzip.
enum PageCompression {
    enum Treatment: Equatable {
        /// Too small to be worth it: the same bytes for every client.
        case asIs
        /// Its bytes depend on `Accept-Encoding` (`Vary`), and this client takes it as it is.
        case varies
        /// As `varies`, and this client gets it gzipped.
        case gzipped
    }

    /// Below this, gzip's header and the CPU cost outweigh the bytes saved.
    static let minimumSize = 1024

    static func treatment(length: Int, requestHeaders: HTTPFields) -> Treatment {
        guard length >= minimumSize else { return .asIs }
        return AcceptEncoding(requestHeaders).preferred(gzipAvailable: true) == .gzip ? .gzipped : .varies
    }

    /// At the fastest level: a page is compressed on every request.
    static func gzip(_ page: inout ByteBuffer) throws -> ByteBuffer {
        try page.compress(with: .gzip(configuration: .init(compressionLevel: .fastestCompression)))
    }
}
