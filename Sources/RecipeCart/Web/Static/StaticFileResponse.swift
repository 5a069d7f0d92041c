import HTTPTypes
import Hummingbird
import NIOCore

/// Builds the answer for one file: negotiates the variant, then honours `If-None-Match`,
/// `If-Modified-Since`, `Range`/`If-Range` and `HEAD` the way Hummingbird's `FileMiddleware` does,
/// with a distinct ETag per variant and ranges on the identity variant only.
enum StaticFileResponse {
    static func make(_ lookup: StaticFiles.Lookup, for request: Request, context: some RequestContext) async throws -> Response {
        let file = lookup.file
        guard let coding = AcceptEncoding(request.headers).preferred(gzipAvailable: file.gzip != nil) else {
            return plain(.notAcceptable, "This file is only available as is or gzip-compressed, and the request refused both.\n")
        }
        let variant = if coding == .gzip, let gzip = file.gzip { gzip } else { file.identity }
        var headers = variant.headers
        headers.append(lookup.cacheControl)

        let conditions = ConditionalRequest(headers: request.headers)
        if conditions.isNotModified(entityTag: variant.entityTag, modifiedSeconds: file.stamp.modifiedSeconds) {
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRange.whole
        if variant.coding == .identity, conditions.allowsRange(entityTag: variant.entityTag, lastModified: file.lastModified) {
            range = ByteRange(header: request.headers[.range], length: variant.length)
        }
        switch range {
        case .whole:
            let body = request.method == .head ? ResponseBody() : try await body(of: variant, range: nil, context: context)
            return Response(status: .ok, headers: headers, body: body)
        case .part(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(variant.length)"
            headers[.contentLength] = String(bytes.count)
            let body = request.method == .head ? ResponseBody() : try await body(of: variant, range: bytes, context: context)
            return Response(status: .partialContent, headers: headers, body: body)
        case .unsatisfiable:
            var response = plain(.rangeNotSatisfiable, "That range lies beyond the end of the file.\n")
            response.headers[.contentRange] = "bytes */\(variant.length)"
            return response
        }
    }

    private static func body(of variant: StaticFile.Variant, range: ClosedRange<Int>?, context: some RequestContext) async throws -> ResponseBody {
        switch variant.body {
        case .memory(let buffer):
            // `ByteRange` keeps a range inside the file, so the slice is always there.
            let part = range.flatMap { buffer.getSlice(at: buffer.readerIndex + $0.lowerBound, length: $0.count) }
            return ResponseBody(byteBuffer: part ?? buffer)
        case .disk(let path):
            let fileIO = FileIO()
            if let range { return try await fileIO.loadFile(path: path, range: range, context: context) }
            return try await fileIO.loadFile(path: path, context: context)
        }
    }

    /// 406 and 416 are answers about the file rather than pages: plain text, like the RFC's examples.
    private static func plain(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8", .vary: "Accept-Encoding", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
    }
}
