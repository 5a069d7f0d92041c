import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Changing an order until packing starts. The order's row is held (updated, unchanged) before its status and marks
/// are read, as a pick mark holds it, and a start of packing updates it: on PostgreSQL the one that comes second waits
/// for the first and then sees what it did, so a change and "Start packing" racing have one winner, and a change
/// never lands beside a mark.
extension SQLOrderStore {
    package func reopen(_ code: OrderCode, session: SessionKey) async throws -> OrderReopening {
        let hash = session.hash
        let clockTime = clock.now()
        let now = clockTime.timeIntervalSince1970
        // The cart fills without a stepper post.
        defer { database.forget(session) }
        return try await database.write { connection -> OrderReopening in
            try await connection.lockSession(session)
            guard
                let (owner, status, json) = try await connection.row(
                    "SELECT session_hash, status, content_json FROM orders WHERE code = \(code.rawValue)",
                    as: (String?, String, String).self),
                owner == hash
            else { return .notFound }
            // A second press, from another tab or a reload: the cart holds the order already.
            if try await connection.value(
                "SELECT order_code FROM order_changes WHERE session_hash = \(hash)", as: String.self) == code.rawValue
            {
                return .reopened
            }
            guard status == OrderStatus.new.rawValue, try await !Self.hasMarks(code, on: connection) else {
                return .packingStarted
            }
            guard
                try await connection.value(
                    "SELECT COUNT(*) FROM cart_items WHERE session_hash = \(hash)", as: Int.self) == 0
            else { return .cartNotEmpty }
            let time = connection.dialect.updatedAt(clockTime)
            for (position, line) in try OrderJSON.content(json).lines.enumerated() {
                try await connection.execute(
                    """
                    INSERT INTO cart_items (session_hash, recipe_id, quantity, servings, position, added_at, updated_at)
                    VALUES (\(hash), \(line.recipeID), \(line.quantity), \(line.servings), \(position + 1), \(time),
                        \(time))
                    """)
            }
            // An Undo of what the cart held before would mix other lines into the order.
            try await connection.execute("DELETE FROM cart_undo WHERE session_hash = \(hash)")
            try await connection.execute(
                """
                INSERT INTO order_changes (session_hash, order_code, started_at) VALUES (\(hash), \(code.rawValue), \(now))
                ON CONFLICT (session_hash) DO UPDATE SET order_code = excluded.order_code, started_at = excluded.started_at
                """)
            try await connection.execute(
                "UPDATE sessions SET last_seen_at = \(connection.dialect.sessionTime(clockTime)) WHERE id_hash = \(hash)"
            )
            return .reopened
        }
    }

    package func changing(session: SessionKey) async throws -> OrderCode? {
        try await database.read { connection in
            try await connection.value(
                "SELECT order_code FROM order_changes WHERE session_hash = \(session.hash)", as: String.self)
        }.flatMap(OrderCode.init)
    }

    package func keepOrder(session: SessionKey) async throws -> OrderCode? {
        let hash = session.hash
        defer { database.forget(session) }
        return try await database.write { connection -> String? in
            try await connection.lockSession(session)
            guard
                let code = try await connection.value(
                    "SELECT order_code FROM order_changes WHERE session_hash = \(hash)", as: String.self)
            else { return nil }
            try await connection.execute("DELETE FROM order_changes WHERE session_hash = \(hash)")
            try await connection.execute("DELETE FROM cart_items WHERE session_hash = \(hash)")
            try await connection.execute("DELETE FROM cart_undo WHERE session_hash = \(hash)")
            return code
        }.flatMap(OrderCode.init)
    }

    package func replace(
        _ code: OrderCode, with content: OrderContent, note: String, slot booking: PickupBooking?, session: SessionKey
    ) async throws -> OrderPlacement {
        let clockTime = clock.now()
        let time = clockTime.timeIntervalSince1970
        let now = Date(timeIntervalSince1970: time)
        let json = try OrderJSON.encode(content)
        let hash = session.hash
        let writesPartnerEvents = writesPartnerEvents
        let zone = timeZone
        let taking = SQLShelfStock.Taking(content.pricing)
        defer { database.forget(session) }
        let placement: OrderPlacement
        var crossed: [String] = []
        do {
            (placement, crossed) = try await database.write { connection -> (OrderPlacement, [String]) in
                try await connection.lockSession(session)
                guard
                    try await connection.value(
                        "SELECT order_code FROM order_changes WHERE session_hash = \(hash)", as: String.self)
                        == code.rawValue
                else { return (.cartChanged, []) }
                let stored = try await connection.rows(
                    """
                    SELECT recipe_id, quantity, servings FROM cart_items WHERE session_hash = \(hash)
                    ORDER BY position, added_at, recipe_id
                    """,
                    as: (String, Int, Int?).self)
                guard !stored.isEmpty else { return (.emptyCart, []) }
                guard
                    stored.map({ OrderedLine(recipeID: $0.0, quantity: $0.1, servings: $0.2) })
                        == content.lines.map(OrderedLine.init)
                else { return (.cartChanged, []) }
                guard
                    let held = try await connection.row(
                        """
                        UPDATE orders SET updated_at = updated_at WHERE code = \(code.rawValue) AND session_hash = \(hash)
                        RETURNING status, placed_at, slot_start, partner_status, partner_tracking_url,
                            partner_rejection, partner_updated_at
                        """, as: HeldOrder.self),
                    held.status == OrderStatus.new.rawValue, try await !Self.hasMarks(code, on: connection)
                else {
                    // Committed: the cart is the shopper's to send as a new order or to empty.
                    try await connection.execute("DELETE FROM order_changes WHERE session_hash = \(hash)")
                    return (.packingStarted, [])
                }
                var crossed = try await SQLShelfStock.move(code, by: 1, on: connection)
                let slotStart = booking?.slot.start.timeIntervalSince1970
                if slotStart != held.slotStart {
                    if held.slotStart != nil {
                        try await SQLPickupSlotStore.movePlace(of: code, by: -1, on: connection)
                    }
                    if let booking, try await !SQLPickupSlotStore.takePlace(booking, on: connection) {
                        throw ChangeRefused(placement: .slotFull)
                    }
                }
                let stock = try await SQLShelfStock.take(taking, on: connection)
                guard stock.short.isEmpty else { throw ChangeRefused(placement: .shortOfStock(stock.short)) }
                crossed += stock.soldOut
                try await connection.execute(
                    """
                    UPDATE orders SET content_json = \(json), estimate_minor = \(content.pricing?.estimateMinor),
                        note = \(note), slot_start = \(slotStart), slot_end = \(booking?.slot.end.timeIntervalSince1970),
                        updated_at = \(time)
                    WHERE code = \(code.rawValue) AND status = \(OrderStatus.new.rawValue)
                    """)
                try await connection.execute("DELETE FROM order_changes WHERE session_hash = \(hash)")
                try await Self.emptyCart(of: session, at: clockTime, on: connection)
                let order = Order(
                    code: code, note: note, status: .new, content: content,
                    placedAt: Date(timeIntervalSince1970: held.placedAt), updatedAt: now,
                    partner: try held.partner(), slot: booking?.slot)
                if writesPartnerEvents {
                    try await SQLPartnerStore.enqueue(
                        OrderEvent(type: .updated, order: order, at: now, zone: zone), at: time, on: connection)
                }
                return (.placed(order), crossed)
            }
        } catch let refused as ChangeRefused {
            if case .shortOfStock(let shortages) = refused.placement {
                await showStockChanged(of: shortages.map(\.sku))
            }
            return refused.placement
        }
        await showStockChanged(of: crossed)
        return placement
    }

    private static func hasMarks(_ code: OrderCode, on connection: any SQLConnection) async throws -> Bool {
        try await connection.value(
            "SELECT 1 FROM order_pick_marks WHERE order_code = \(code.rawValue) LIMIT 1", as: Int.self) != nil
    }
}

/// Thrown to roll back the stock given back and taken, and the slot's places, before the refusal.
private struct ChangeRefused: WriteRefusal {
    var placement: OrderPlacement
}

/// The columns of the order being changed that its `order.updated` keeps, read as its row is held.
private struct HeldOrder: SQLRecord, Sendable {
    var status: String
    var placedAt: Double
    var slotStart: Double?
    var partnerStatus: String?
    var trackingURL: String?
    var rejectionReason: String?
    var partnerUpdatedAt: Double?

    init(row: SQLRow) throws {
        (status, placedAt, slotStart, partnerStatus, trackingURL, rejectionReason, partnerUpdatedAt) =
            try row.decode((String, Double, Double?, String?, String?, String?, Double?).self)
    }

    func partner() throws -> PartnerState? {
        guard let partnerStatus else { return nil }
        guard let status = PartnerStatus(rawValue: partnerStatus) else { throw StoredOrderUnreadable() }
        return PartnerState(
            status: status, trackingURL: trackingURL, rejectionReason: rejectionReason,
            updatedAt: Date(timeIntervalSince1970: partnerUpdatedAt ?? placedAt))
    }
}
