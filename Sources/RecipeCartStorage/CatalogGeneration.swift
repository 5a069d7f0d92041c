import Synchronization

/// The catalog generation as this instance last heard it, so a cached page is checked without a database read.
/// It only ever grows: an older value heard late (a notification after a re-read) changes nothing.
package final class CatalogGeneration: Sendable {
    private let value = Atomic<Int>(0)
    private let rereads = Mutex(Rereads())

    private struct Rereads {
        /// When the last read began; nil before the first.
        var startedAt: ContinuousClock.Instant?
        /// A read begun for an answer that could not wait for it (`claimReread`).
        var isUnderWay = false
    }

    package init() {}

    package var current: Int { value.load(ordering: .acquiring) }

    package func advance(to generation: Int) {
        _ = value.max(generation, ordering: .acquiringAndReleasing)
    }

    /// Whether `interval` has passed since the value was last read from the database, for a database that cannot
    /// tell about changes made by other processes (SQLite); never read counts as due.
    package func isDueForReread(every interval: Duration) -> Bool {
        rereads.withLock { $0.startedAt.map { ContinuousClock.now - $0 >= interval } ?? true }
    }

    /// Whether the value was ever read from the database.
    package var hasBeenRead: Bool { rereads.withLock { $0.startedAt != nil } }

    /// True for one caller at a time once a reread is due: that caller reads in the background, then calls
    /// `reread` (or `rereadFailed`), while answers go on with the value as it is.
    package func claimReread(every interval: Duration) -> Bool {
        rereads.withLock { rereads in
            guard !rereads.isUnderWay, let startedAt = rereads.startedAt, ContinuousClock.now - startedAt >= interval
            else { return false }
            rereads.isUnderWay = true
            return true
        }
    }

    /// Takes a value read from the database by a read that started at `startedAt`.
    package func reread(_ generation: Int, startedAt: ContinuousClock.Instant) {
        advance(to: generation)
        rereads.withLock { rereads in
            rereads.startedAt = max(rereads.startedAt ?? startedAt, startedAt)
            rereads.isUnderWay = false
        }
    }

    package func rereadFailed() {
        rereads.withLock { $0.isUnderWay = false }
    }
}
