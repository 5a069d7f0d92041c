import NIOCore
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart

@Suite struct WireHeadMemoTests {
    static let ok = WireHeadMemo.Key(status: 200, cacheControl: "public, max-age=31536000, immutable")
    static let first = "Mon, 23 Nov 2026 23:59:59 GMT"
    static let next = "Tue, 24 Nov 2026 00:00:00 GMT"

    static func head(_ date: String, status: String = "200 OK") -> ByteBuffer {
        ByteBuffer(
            string: "HTTP/1.1 \(status)\r\nContent-Type: text/css\r\nDate: \(date)\r\nServer: RecipeCart\r\n\r\n")
    }

    /// Counts the heads made.
    final class Maker {
        var made = 0
        func make(_ date: String, status: String = "200 OK") -> ByteBuffer {
            made += 1
            return WireHeadMemoTests.head(date, status: status)
        }
    }

    @Test func aHeadIsMadeOnceAndKeptForItsSecond() {
        let memo = WireHeadMemo()
        let maker = Maker()
        for _ in 0..<3 {
            #expect(memo.head(for: Self.ok, date: Self.first) { maker.make(Self.first) } == Self.head(Self.first))
        }
        #expect(maker.made == 1)
    }

    @Test func theNextSecondsDateIsWrittenOverTheOld() {
        let memo = WireHeadMemo()
        let maker = Maker()
        let before = memo.head(for: Self.ok, date: Self.first) { maker.make(Self.first) }
        let after = memo.head(for: Self.ok, date: Self.next) { maker.make(Self.next) }
        #expect(after == Self.head(Self.next))
        #expect(maker.made == 1)
        // The head handed out before keeps its own date.
        #expect(before == Self.head(Self.first))
    }

    @Test func eachStatusAndCacheControlHasItsOwnHead() {
        let memo = WireHeadMemo()
        let maker = Maker()
        let notModified = WireHeadMemo.Key(status: 304, cacheControl: Self.ok.cacheControl)
        let shortLived = WireHeadMemo.Key(status: 200, cacheControl: "no-cache")
        _ = memo.head(for: Self.ok, date: Self.first) { maker.make(Self.first) }
        #expect(
            memo.head(for: notModified, date: Self.first) { maker.make(Self.first, status: "304 Not Modified") }
                == Self.head(Self.first, status: "304 Not Modified"))
        _ = memo.head(for: shortLived, date: Self.first) { maker.make(Self.first) }
        #expect(maker.made == 3)
        #expect(
            memo.head(for: notModified, date: Self.next) { maker.make(Self.next) }
                == Self.head(Self.next, status: "304 Not Modified"))
        #expect(maker.made == 3)
    }

    @Test func aHeadWithoutTheDateIsNotKept() {
        let memo = WireHeadMemo()
        var made = 0
        for _ in 0..<2 {
            let head = memo.head(for: Self.ok, date: Self.first) {
                made += 1
                return ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n")
            }
            #expect(head == ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n"))
        }
        #expect(made == 2)
    }
}
