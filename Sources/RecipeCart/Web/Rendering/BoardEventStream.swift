import HTTPTypes
import Hummingbird
import NIOCore
import RecipeCartContracts
import RecipeCartStorage
import ServiceLifecycle

/// The staff board's server-sent events. An event says only that something changed (`board`) or that the stream is
/// alive (`beat`, every few seconds); the board then reads its own page again and swaps in what differs, so the
/// server renders the board in one place, the same for a reload, a board without JavaScript and a live one.
///
/// A board that reads slowly never queues events here: its stream holds only the newest news (`BoardChanges`),
/// and a client that stops reading altogether is reset by the request guard once its socket stops taking bytes.
///
/// A stream lasts only as long as the session it was opened under: when a sign-out is heard (`SessionRecheck`) and
/// its session no longer holds, it ends, and the board's script, reconnecting, finds the sign-in page or, on a revoked
/// screen, the pairing page.
enum BoardEventStream {
    /// How long a browser waits before it reconnects on its own, if the board's script is not the one reconnecting.
    static let retryMilliseconds = 2000

    static func response(changes: BoardChanges, session: StaffSession, isHead: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // nginx would otherwise hold the events in its buffer until it filled.
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        guard !isHead else { return Response(status: .ok, headers: headers) }
        let (news, cancel) = changes.subscribe()
        let body = ResponseBody { writer in
            defer { cancel() }
            // The server stops only once its answers have ended, and this one would not end by itself.
            try await withGracefulShutdownHandler {
                try await writer.write(ByteBuffer(string: "retry: \(retryMilliseconds)\n\n"))
                var sent: Int?
                var recheck = SessionRecheck()
                for await heard in news {
                    if recheck.isDue(signOuts: heard.signOuts, now: .now) {
                        // A database that cannot answer ends no stream.
                        if let holds = try? await session.holds() {
                            guard holds else { break }
                            recheck.checked(signOuts: heard.signOuts, at: .now)
                        }
                    }
                    let name = heard.version == sent ? "beat" : "board"
                    sent = heard.version
                    try await writer.write(ByteBuffer(string: "event: \(name)\ndata: \(heard.version)\n\n"))
                }
            } onGracefulShutdown: {
                cancel()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
