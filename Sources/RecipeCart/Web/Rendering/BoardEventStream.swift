import HTTPTypes
import Hummingbird
import NIOCore
import RecipeCartStorage
import ServiceLifecycle

/// The staff board's server-sent events. An event says only that something changed (`board`) or that the stream is
/// alive (`beat`, every few seconds); the board then reads its own page again and swaps in what differs, so the
/// server renders the board in one place, the same for a reload, a board without JavaScript and a live one.
///
/// A board that reads slowly never queues events here: its stream holds only the newest version (`BoardChanges`),
/// and a client that stops reading altogether is reset by the request guard once its socket stops taking bytes.
enum BoardEventStream {
    /// How long a browser waits before it reconnects on its own, if the board's script is not the one reconnecting.
    static let retryMilliseconds = 2000

    static func response(changes: BoardChanges, isHead: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // nginx would otherwise hold the events in its buffer until it filled.
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        guard !isHead else { return Response(status: .ok, headers: headers) }
        let (versions, cancel) = changes.subscribe()
        let body = ResponseBody { writer in
            defer { cancel() }
            // The server stops only once its answers have ended, and this one would not end by itself.
            try await withGracefulShutdownHandler {
                try await writer.write(ByteBuffer(string: "retry: \(retryMilliseconds)\n\n"))
                var sent: Int?
                for await version in versions {
                    let name = version == sent ? "beat" : "board"
                    sent = version
                    try await writer.write(ByteBuffer(string: "event: \(name)\ndata: \(version)\n\n"))
                }
            } onGracefulShutdown: {
                cancel()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
