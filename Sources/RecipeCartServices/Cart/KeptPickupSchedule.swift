import RecipeCartDomain
import Synchronization

/// The pickup schedule last built from the settings, with the count of changes (`PickupSettingsChanges`) it was read
/// at: good until the count moves on.
package final class KeptPickupSchedule: Sendable {
    package struct Kept: Sendable {
        package var count: Int
        /// Nil when the shop has no slots.
        package var schedule: PickupSchedule?
    }

    private let kept = Mutex<Kept?>(nil)

    package init() {}

    /// The schedule read at `count`; nil when none was, or the settings changed since.
    package func schedule(at count: Int) -> Kept? {
        kept.withLock { kept in kept.flatMap { $0.count == count ? $0 : nil } }
    }

    /// Keeps `schedule`, read at `count`, unless one read at a later count is kept already; the same settings read
    /// again keep the schedule as it was, with the days it has cut.
    package func keep(_ schedule: PickupSchedule?, at count: Int) -> PickupSchedule? {
        kept.withLock { kept in
            if let current = kept, current.count > count { return schedule }
            let same = kept?.schedule.flatMap { $0.settings == schedule?.settings ? $0 : nil }
            let chosen = schedule == nil ? nil : same ?? schedule
            kept = Kept(count: count, schedule: chosen)
            return chosen
        }
    }
}
