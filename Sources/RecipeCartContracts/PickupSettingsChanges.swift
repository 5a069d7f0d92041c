import Synchronization

/// How many times this instance knows the pickup slot settings to have changed: its own saves, and other instances'
/// as its listener hears them (`PickupSettingsListener`). Settings kept in memory are good while the count stays
/// where it was when they were read.
package final class PickupSettingsChanges: Sendable {
    private let value = Atomic<Int>(0)

    package init() {}

    package var count: Int { value.load(ordering: .acquiring) }

    /// The settings may have changed: whatever was read before now is read again.
    package func heard() {
        value.add(1, ordering: .acquiringAndReleasing)
    }
}
