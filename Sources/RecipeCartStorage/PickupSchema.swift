/// The pickup slots' tables, declared once for both databases, where every type and constraint reads alike: the
/// shop's settings (one row, its weekly hours and its closed days), the places each slot has taken, and each order's
/// slot.
package enum PickupSchema {
    package static let migrationName = "v15-pickup-slots"

    package static let tables = """
        -- How the shop hands out orders by slot; no row: "as soon as possible", as before slots. Minutes throughout.
        CREATE TABLE pickup_settings (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            slot_minutes INTEGER NOT NULL CHECK (slot_minutes IN (15, 30, 60)),
            capacity INTEGER NOT NULL CHECK (capacity BETWEEN 1 AND 500),
            cutoff_minutes INTEGER NOT NULL CHECK (cutoff_minutes BETWEEN 0 AND 1440),
            updated_at DOUBLE PRECISION NOT NULL
        );

        -- Opening hours by weekday (1 is Sunday), in minutes after local midnight; a weekday without a row is closed.
        CREATE TABLE pickup_hours (
            weekday INTEGER PRIMARY KEY CHECK (weekday BETWEEN 1 AND 7),
            opens_at INTEGER NOT NULL CHECK (opens_at BETWEEN 0 AND 1440),
            closes_at INTEGER NOT NULL CHECK (closes_at BETWEEN 0 AND 1440),
            CHECK (closes_at > opens_at)
        );

        -- Days the shop is closed, as YYYY-MM-DD on its own calendar.
        CREATE TABLE pickup_closed_days (
            day TEXT PRIMARY KEY
        );

        -- The places each slot has taken, by its start: raised in the transaction that places an order, only while
        -- below the slot's capacity, so two shoppers racing for the last place cannot both have it.
        CREATE TABLE pickup_slot_room (
            slot_start DOUBLE PRECISION PRIMARY KEY,
            taken INTEGER NOT NULL CHECK (taken >= 0)
        );

        -- When the shopper collects the order; NULL for as soon as possible.
        ALTER TABLE orders ADD COLUMN slot_start DOUBLE PRECISION;
        ALTER TABLE orders ADD COLUMN slot_end DOUBLE PRECISION;
        CREATE INDEX orders_slot ON orders (slot_start);
        """
}
