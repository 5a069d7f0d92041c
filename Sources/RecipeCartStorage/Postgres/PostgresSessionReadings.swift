import Foundation
import RecipeCartContracts
import RecipeCartDomain
import Synchronization

/// What a PostgreSQL instance last read of each session for the shopper's pages: the badge's count and what the session
/// has stored by recipe (its cart lines, its own versions, a revert's Undo). Another instance may write the
/// session at any time, so a reading answers a page only when it was taken after the shopper's last post (its
/// `LastWrite`, allowing for the instances' clocks to differ by `LastWrite.clockSkew`) and is at most `longestTrusted` old,
/// which bounds how long a change the shopper did not post themselves (another holder of the cookie, a purge) can go
/// unseen.
package final class PostgresSessionReadings: Sendable {
    package struct Reading: Sendable {
        package var stored: SessionStored
        /// When the read was sent: it saw every write committed before then.
        package var readAt: Date

        package init(stored: SessionStored, readAt: Date) {
            self.stored = stored
            self.readAt = readAt
        }

        /// The badge's count.
        package var count: Int { stored.itemCount }
    }

    package static let longestTrusted: TimeInterval = 60

    /// Shoppers active at one time; past it the readings start again rather than growing.
    package let capacity: Int
    private let readings = Mutex<[String: Reading]>([:])

    package init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    package func record(_ reading: Reading, of session: SessionKey) {
        readings.withLock { readings in
            if readings.count >= capacity, readings[session.hash] == nil { readings.removeAll(keepingCapacity: true) }
            // A slower read that began earlier does not replace a newer one.
            if let kept = readings[session.hash], kept.readAt > reading.readAt { return }
            readings[session.hash] = reading
        }
    }

    /// The reading of `session` when it can stand for a read now; nil when only a read can tell.
    package func reading(of session: SessionKey, after lastWrite: LastWrite?, now: Date) -> Reading? {
        guard let reading = readings.withLock({ $0[session.hash] }),
            now.timeIntervalSince(reading.readAt) <= Self.longestTrusted,
            lastWrite.map({ $0.isSeen(byReadAt: reading.readAt) }) ?? true
        else { return nil }
        return reading
    }
}
