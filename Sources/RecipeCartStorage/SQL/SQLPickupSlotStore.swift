import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain
import ServiceLifecycle

/// Pickup slot settings and places, written once for both databases (`PickupSchema`). The places are taken by
/// `SQLOrderStore.place`, in the order's own transaction.
package struct SQLPickupSlotStore: PickupSlotStore {
    package let database: any SQLRunner
    package let clock: AppClock
    package let changes = PickupSettingsChanges()

    package func settings() async throws -> PickupSlotSettings? {
        let read = try await database.read { connection -> ((Int, Int, Int), [(Int, Int, Int)], [String])? in
            guard
                let settings = try await connection.row(
                    "SELECT slot_minutes, capacity, cutoff_minutes FROM pickup_settings WHERE id = 1",
                    as: (Int, Int, Int).self)
            else { return nil }
            return (
                settings,
                try await connection.rows(
                    "SELECT weekday, opens_at, closes_at FROM pickup_hours ORDER BY weekday", as: (Int, Int, Int).self),
                try await connection.values("SELECT day FROM pickup_closed_days ORDER BY day", as: String.self)
            )
        }
        guard let ((slotMinutes, capacity, cutOff), hours, closed) = read else { return nil }
        return PickupSlotSettings(
            hours: Dictionary(
                hours.map { ($0.0, OpeningHours(opens: $0.1, closes: $0.2)) }, uniquingKeysWith: { first, _ in first }),
            slotMinutes: slotMinutes, capacity: capacity, cutOffMinutes: cutOff,
            closedDays: Set(closed.compactMap(CalendarDay.init)))
    }

    package func save(_ settings: PickupSlotSettings?) async throws {
        let now = clock.now().timeIntervalSince1970
        // Told even when the write fails: it may have committed before its answer was lost.
        defer { changes.heard() }
        try await database.write { connection in
            if connection.dialect == .postgres {
                // Sent at the commit, to every instance's `PickupSettingsListener`.
                try await connection.execute("SELECT pg_notify(\(PickupSettingsListener.channel), '')")
            }
            try await connection.execute("DELETE FROM pickup_hours")
            try await connection.execute("DELETE FROM pickup_closed_days")
            guard let settings else {
                try await connection.execute("DELETE FROM pickup_settings")
                return
            }
            try await connection.execute(
                """
                INSERT INTO pickup_settings (id, slot_minutes, capacity, cutoff_minutes, updated_at)
                VALUES (1, \(settings.slotMinutes), \(settings.capacity), \(settings.cutOffMinutes), \(now))
                ON CONFLICT (id) DO UPDATE SET slot_minutes = excluded.slot_minutes, capacity = excluded.capacity,
                cutoff_minutes = excluded.cutoff_minutes, updated_at = excluded.updated_at
                """)
            for (weekday, hours) in settings.hours.sorted(by: { $0.key < $1.key }) {
                try await connection.execute(
                    """
                    INSERT INTO pickup_hours (weekday, opens_at, closes_at)
                    VALUES (\(weekday), \(hours.opens), \(hours.closes))
                    """)
            }
            for day in settings.closedDays.sorted() {
                try await connection.execute("INSERT INTO pickup_closed_days (day) VALUES (\(day.description))")
            }
        }
    }

    package func changeListener(logger: Logger) -> (any Service)? {
        (database as? PostgresRunner).map {
            PickupSettingsListener(database: $0.database, changes: changes, logger: logger)
        }
    }

    package func taken(within interval: DateInterval) async throws -> [Date: Int] {
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT slot_start, taken FROM pickup_slot_room
                WHERE slot_start >= \(interval.start.timeIntervalSince1970)
                AND slot_start < \(interval.end.timeIntervalSince1970)
                """,
                as: (Double, Int).self)
        }
        return Dictionary(
            rows.map { (Date(timeIntervalSince1970: $0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
    }

    /// Takes one place in `booking`'s slot, on the connection of the transaction placing its order.
    /// - Returns: false when the slot is full; nothing changes then.
    static func takePlace(_ booking: PickupBooking, on connection: any SQLConnection) async throws -> Bool {
        let start = booking.slot.start.timeIntervalSince1970
        // The row first, so that the update below finds it and, on PostgreSQL, waits for whoever holds it: the
        // place is checked against the newest count, never one read before another order took it.
        try await connection.execute(
            "INSERT INTO pickup_slot_room (slot_start, taken) VALUES (\(start), 0) ON CONFLICT (slot_start) DO NOTHING")
        return try await connection.execute(
            """
            UPDATE pickup_slot_room SET taken = taken + 1
            WHERE slot_start = \(start) AND taken < \(booking.capacity)
            """) == 1
    }

    /// Gives back (`by: -1`) or takes again (`by: 1`) the place of `code`'s slot, when a cancel moves it out of the
    /// queue or back into it. Taken again past the capacity: staff bringing an order back decide that.
    static func movePlace(of code: OrderCode, by step: Int, on connection: any SQLConnection) async throws {
        try await connection.execute(
            """
            UPDATE pickup_slot_room SET taken = \(raw: connection.dialect.greatest)(taken + \(step), 0)
            WHERE slot_start = (SELECT slot_start FROM orders WHERE code = \(code.rawValue))
            """)
    }
}
