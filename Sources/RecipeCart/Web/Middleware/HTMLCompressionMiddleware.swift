import HTTPTypes
import Hummingbird
import NIOCore
import RecipeCartStaticFiles

/// Gzips HTML pages and error pages alike, as `PageCompression` says. Bodiless answers (204, 304, and HEAD, which so
/// describes the identity page) and anything already encoded pass untouched.
struct HTMLCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard response.headers[.contentType]?.hasPrefix("text/html") == true,
            response.headers[.contentEncoding] == nil, let length = response.body.contentLength
        else { return response }
        let treatment = PageCompression.treatment(length: length, requestHeaders: request.headers)
        guard treatment != .asIs else { return response }
        response.headers.append(StaticFile.varyOnEncoding)
        guard treatment == .gzipped else { return response }
        var page = try await Self.collect(response.body)
        response.headers[.contentEncoding] = "gzip"
        response.body = ResponseBody(byteBuffer: try PageCompression.gzip(&page))
        return response
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
