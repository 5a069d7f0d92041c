import Hummingbird
import NIOCore

enum RequestBody {
    /// The whole body, at most `limit` bytes: a larger one, declared or sent, is a 413.
    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw AppError.payloadTooLarge
        }
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw AppError.payloadTooLarge
        }
    }
}
