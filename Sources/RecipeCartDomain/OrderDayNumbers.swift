import Foundation

/// The board header's numbers for the day so far: how many orders came, how long they took to be ready, how many
/// went late.
package struct OrderDayNumbers: Sendable, Equatable {
    package var orders: Int
    /// The median minutes from sent to ready, over the orders that got there; nil before the first.
    package var medianMinutesToReady: Int?
    /// Orders that were ready only after the late limit, or are open and past it now; an order with a pickup slot,
    /// when it was not ready as its slot began. Cancelled ones are left out.
    package var late: Int
    /// The day's takings, in minor units: what its orders were estimated at when sent, and what was charged for
    /// those packed; cancelled orders are left out of both.
    package var estimatedMinor: Int
    package var chargedMinor: Int

    package init(orders: [OrderTiming], limits: OrderAge.Limits, now: Date) {
        self.orders = orders.count
        let waits = orders.compactMap { order in order.readyAt.map { $0.timeIntervalSince(order.placedAt) } }.sorted()
        if waits.isEmpty {
            medianMinutesToReady = nil
        } else {
            let middle = waits.count / 2
            let median = waits.count % 2 == 1 ? waits[middle] : (waits[middle - 1] + waits[middle]) / 2
            medianMinutesToReady = Int((median / 60).rounded())
        }
        late =
            orders.filter { order in
                guard order.status != .cancelled else { return false }
                let end = order.readyAt ?? (order.status.isOpen ? now : order.updatedAt)
                if let slotStart = order.slotStart { return slotStart <= now && end > slotStart }
                return limits.age(of: end.timeIntervalSince(order.placedAt)) == .late
            }.count
        let kept = orders.filter { $0.status != .cancelled }
        estimatedMinor = kept.reduce(0) { $0 + ($1.estimateMinor ?? 0) }
        chargedMinor = kept.reduce(0) { $0 + ($1.finalMinor ?? 0) }
    }

    /// Midnight before `now` in `zone`: where "today" starts for the shop.
    package static func startOfDay(_ now: Date, in zone: TimeZone = .current) -> Date {
        day(of: now, in: zone).start
    }

    /// The shop's day around `now` in `zone`, from the midnight before it to the next (23 or 25 hours on the days
    /// the clocks change).
    package static func day(of now: Date, in zone: TimeZone = .current) -> DateInterval {
        let calendar = Calendar.gregorian(in: zone)
        return calendar.dateInterval(of: .day, for: now)
            ?? DateInterval(start: calendar.startOfDay(for: now), duration: 24 * 3600)
    }
}
