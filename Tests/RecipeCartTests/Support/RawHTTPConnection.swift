import NIOCore
import NIOPosix
import RecipeCartUpstream

@testable import RecipeCart
@testable import RecipeCartStaticFiles

/// One TCP connection to a server on loopback that sends requests as bytes and reads answers as bytes, so a test sees
/// exactly what went over the wire: header order and spelling included.
struct RawHTTPConnection {
    struct Closed: Error {}

    private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var unread = ByteBuffer()

    /// Connects, runs `body`, and closes.
    static func open<Value>(port: Int, _ body: (inout RawHTTPConnection) async throws -> Value) async throws -> Value {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var connection = RawHTTPConnection(outbound: outbound, inbound: inbound.makeAsyncIterator())
            return try await body(&connection)
        }
    }

    private init(
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    ) {
        self.outbound = outbound
        self.inbound = inbound
    }

    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// One whole answer: its head, then as many body bytes as its `Content-Length` says (none for HEAD, 304, 204).
    mutating func answer(toHead isHead: Bool = false) async throws -> [UInt8] {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = unread.readableBytesView.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound
            if headEnd == nil { try await readMore() }
        }
        let headLength = headEnd! - unread.readerIndex
        let head = String(buffer: unread.getSlice(at: unread.readerIndex, length: headLength)!)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
        let declared = lengthLine.flatMap { Int($0.split(separator: ":")[1].trimmingWhitespace()) } ?? 0
        let bodyLength = isHead || status == 304 || status == 204 ? 0 : declared
        while unread.readableBytes < headLength + bodyLength { try await readMore() }
        return unread.readBytes(length: headLength + bodyLength)!
    }

    /// Everything until the server closes the connection.
    mutating func rest() async throws -> [UInt8] {
        while let more = try await inbound.next() {
            unread.writeImmutableBuffer(more)
        }
        return unread.readBytes(length: unread.readableBytes)!
    }

    /// What arrives until `marker` has, for a stream whose answer does not end: everything read up to and including
    /// the marker.
    mutating func read(through marker: String) async throws -> String {
        var end: Int?
        while end == nil {
            end = unread.readableBytesView.firstRange(of: Array(marker.utf8))?.upperBound
            if end == nil { try await readMore() }
        }
        return String(buffer: unread.readSlice(length: end! - unread.readerIndex)!)
    }

    private mutating func readMore() async throws {
        guard let more = try await inbound.next() else { throw Closed() }
        unread.writeImmutableBuffer(more)
    }
}
