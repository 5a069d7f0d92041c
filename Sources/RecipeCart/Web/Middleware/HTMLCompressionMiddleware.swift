import CompressNIO
import HTTPTypes
import Hummingbird
import NIOCore

/// Gzips HTML of 1 KB or more for clients that accept it, pages and error pages alike.
/// Smaller pages, bodiless answers (204, 304, and HEAD, which so describes the identity page) and
/// anything already encoded pass untouched.
struct HTMLCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Below this, gzip's header and the CPU cost outweigh the bytes saved.
    static var minimumSize: Int { 1024 }
    /// The fastest level: a page is compressed on every request.
    static var algorithm: CompressionAlgorithm { .gzip(configuration: .init(compressionLevel: .fastestCompression)) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard response.headers[.contentType]?.hasPrefix("text/html") == true,
            response.headers[.contentEncoding] == nil,
            let length = response.body.contentLength, length >= Self.minimumSize
        else { return response }
        // The body depends on Accept-Encoding from here on, whether or not this client gets gzip.
        response.headers.append(StaticFile.varyOnEncoding)
        guard Self.isGzipWanted(by: request.headers) else { return response }
        var page = try await Self.collect(response.body)
        response.headers[.contentEncoding] = "gzip"
        response.body = ResponseBody(byteBuffer: try page.compress(with: Self.algorithm))
        return response
    }

    static func isGzipWanted(by requestHeaders: HTTPFields) -> Bool {
        AcceptEncoding(requestHeaders).preferred(gzipAvailable: true) == .gzip
    }

    private static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }
}

/// Gathers a response body that is already in memory, to compress it whole.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var part = buffer
        self.buffer.writeBuffer(&part)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
