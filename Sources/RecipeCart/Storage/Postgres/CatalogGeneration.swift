import Synchronization

/// The catalog generation as this instance last heard it, so a cached page is checked without a database read.
/// It only ever grows: an older value heard late (a notification after a re-read) changes nothing.
final class CatalogGeneration: Sendable {
    private let value = Atomic<Int>(0)

    var current: Int { value.load(ordering: .acquiring) }

    func advance(to generation: Int) {
        _ = value.max(generation, ordering: .acquiringAndReleasing)
    }
}
