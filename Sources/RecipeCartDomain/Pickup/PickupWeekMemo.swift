import Synchronization

/// The week a schedule cut last, kept until its first day is over: every request of a day asks about the same one.
final class PickupWeekMemo: Sendable {
    private let week = Mutex<PickupWeek?>(nil)

    init() {}

    var kept: PickupWeek? { week.withLock { $0 } }

    func keep(_ cut: PickupWeek) {
        week.withLock { $0 = cut }
    }
}
