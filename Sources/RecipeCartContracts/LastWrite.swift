import Foundation

/// When this browser's last post was answered, as the `rc_wrote` cookie carries it. Several instances share one
/// PostgreSQL, so what one of them remembers of a session may be older than a post another answered; a reading taken
/// well after this time is not (`PostgresSessionReadings`). Unsigned: a shopper who changes it only makes their own pages
/// slower (a later time sends them to the database) or shows themselves their own older cart for a minute at most.
package struct LastWrite: Sendable {
    package let date: Date

    /// How far the instances' clocks may differ.
    package static let clockSkew: TimeInterval = 1

    package init(_ date: Date) {
        self.date = date
    }

    /// Whether a read sent at `readAt` saw the post this marks, whichever instance answered it.
    package func isSeen(byReadAt readAt: Date) -> Bool {
        readAt.timeIntervalSince(date) > Self.clockSkew
    }

    /// Milliseconds since 1970, digits only; anything else is no stamp.
    package init?(cookie: String) {
        guard !cookie.isEmpty, cookie.utf8.count <= 15,
            cookie.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let milliseconds = Int64(cookie)
        else { return nil }
        date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Rounded up, so the stamp is never earlier than the answer it marks.
    package var cookieValue: String {
        String(Int64((date.timeIntervalSince1970 * 1000).rounded(.up)))
    }
}
