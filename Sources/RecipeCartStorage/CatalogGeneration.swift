import Synchronization

/// The catalog generation as this instance last heard it, so a cached page is checked without a database read.
/// It only ever grows: an older value heard late (a notification after a re-read) changes nothing.
package final class CatalogGeneration: Sendable {
    private let value = Atomic<Int>(0)
    private let rereadAt = Mutex<ContinuousClock.Instant?>(nil)

    package var current: Int { value.load(ordering: .acquiring) }

    package func advance(to generation: Int) {
        _ = value.max(generation, ordering: .acquiringAndReleasing)
    }

    /// Whether `interval` has passed since the value was last read from the database, for a database that cannot
    /// tell about changes made by other processes (SQLite); never read counts as due.
    package func isDueForReread(every interval: Duration) -> Bool {
        rereadAt.withLock { at in at.map { ContinuousClock.now - $0 >= interval } ?? true }
    }

    /// Takes a value read from the database by a read that started at `startedAt`.
    package func reread(_ generation: Int, startedAt: ContinuousClock.Instant) {
        advance(to: generation)
        rereadAt.withLock { $0 = startedAt }
    }
}
