import HTTPTypes
import Hummingbird
import NIOCore

/// Builds the answer for one file: negotiates the variant, then honours `If-None-Match`,
/// `If-Modified-Since`, `Range`/`If-Range` and `HEAD` the way Hummingbird's `FileMiddleware` does,
/// with a distinct ETag per variant and ranges on the identity variant only.
package enum StaticFileResponse {
    /// What to answer, decided from the request's method and headers alone.
    package enum Decision {
        case send(Sending)
        case notAcceptable
        case rangeNotSatisfiable(length: Int)
    }

    /// A variant, or a part of it, to send.
    package struct Sending {
        package let status: HTTPResponse.Status
        package let variant: StaticFile.Variant
        package let cacheControl: HTTPField
        /// Nil for HEAD and 304.
        package let body: StaticFile.Body?
        /// The part of the variant to send, nil for all of it.
        package let range: ClosedRange<Int>?

        package var headers: HTTPFields {
            var headers = variant.headers
            headers.append(cacheControl)
            if let range {
                headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(variant.length)"
                headers[.contentLength] = String(range.count)
            }
            return headers
        }
    }

    package static func decide(
        _ lookup: StaticFiles.Lookup, method: HTTPRequest.Method, headers requestHeaders: HTTPFields
    ) -> Decision {
        let file = lookup.file
        guard let coding = AcceptEncoding(requestHeaders).preferred(gzipAvailable: file.gzip != nil) else {
            return .notAcceptable
        }
        let variant = if coding == .gzip, let gzip = file.gzip { gzip } else { file.identity }
        func send(_ status: HTTPResponse.Status, body: StaticFile.Body?, range: ClosedRange<Int>? = nil) -> Decision {
            .send(
                Sending(status: status, variant: variant, cacheControl: lookup.cacheControl, body: body, range: range))
        }

        let conditions = ConditionalRequest(headers: requestHeaders)
        if conditions.isNotModified(entityTag: variant.entityTag, modifiedSeconds: file.stamp.modifiedSeconds) {
            return send(.notModified, body: nil)
        }
        var range = ByteRange.whole
        if variant.coding == .identity,
            conditions.allowsRange(entityTag: variant.entityTag, lastModified: file.lastModified)
        {
            range = ByteRange(header: requestHeaders[.range], length: variant.length)
        }
        let body = method == .head ? nil : variant.body
        switch range {
        case .whole:
            return send(.ok, body: body)
        case .part(let bytes):
            return send(.partialContent, body: body, range: bytes)
        case .unsatisfiable:
            return .rangeNotSatisfiable(length: variant.length)
        }
    }

    static func make(_ lookup: StaticFiles.Lookup, for request: Request, context: some RequestContext) async throws
        -> Response
    {
        switch decide(lookup, method: request.method, headers: request.headers) {
        case .send(let sending):
            let responseBody =
                if let body = sending.body { try await Self.body(body, range: sending.range, context: context) } else {
                    ResponseBody()
                }
            return Response(status: sending.status, headers: sending.headers, body: responseBody)
        case .notAcceptable:
            return plain(
                .notAcceptable, "This file is only available as is or gzip-compressed, and the request refused both.\n")
        case .rangeNotSatisfiable(let length):
            var response = plain(.rangeNotSatisfiable, "That range lies beyond the end of the file.\n")
            response.headers[.contentRange] = "bytes */\(length)"
            return response
        }
    }

    private static func body(_ body: StaticFile.Body, range: ClosedRange<Int>?, context: some RequestContext)
        async throws -> ResponseBody
    {
        switch body {
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
