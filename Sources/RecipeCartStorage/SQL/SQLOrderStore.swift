import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Orders beside the carts they came from. A send holds its session's cart (`SQLConnection.lockSession`), as cart
/// writes do, so two instances sending one cart at once make one order between them. With a partner, placing,
/// cancelling and marking an order ready also write its event into the partner outbox, in the same transaction. An
/// order for a pickup slot takes one of the slot's places in that transaction too (`SQLPickupSlotStore.takePlace`),
/// and a priced order its packs from the shelf (`SQLShelfStock`); a cancel gives both back.
package struct SQLOrderStore: OrderStore {
    package let database: any SQLRunner
    package let clock: AppClock
    /// This instance's catalog generation, advanced when an order empties a product or is refused for one (on
    /// PostgreSQL; nil on SQLite, whose every write rereads it): stock counts change with every order without
    /// advancing it, and a page must stop offering what is gone.
    package var generations: CatalogGeneration?
    /// A payment and delivery partner is configured: orders start `awaiting` it, and their changes go to its outbox.
    package var writesPartnerEvents = false
    /// The shop's zone, which the partner's events write slot times in.
    package var timeZone = TimeZone.current

    package func place(
        _ content: OrderContent, note: String, slot booking: PickupBooking?, session: SessionKey,
        renewedAs renewed: SessionKey?
    ) async throws -> OrderPlacement {
        let clockTime = clock.now()
        let time = clockTime.timeIntervalSince1970
        // Kept to the stored precision, so the order answered here is the order read back later.
        let now = Date(timeIntervalSince1970: time)
        let json = try OrderJSON.encode(content)
        let hash = session.hash
        let partnerStatus = writesPartnerEvents ? PartnerStatus.awaiting.rawValue : nil
        let partnerTime = writesPartnerEvents ? time : nil
        let writesPartnerEvents = writesPartnerEvents
        let zone = timeZone
        let slotStart = booking?.slot.start.timeIntervalSince1970
        let slotEnd = booking?.slot.end.timeIntervalSince1970
        let taking = SQLShelfStock.Taking(content.pricing)
        // A send empties the cart, and may move the session.
        defer {
            database.forget(session)
            renewed.map { database.forget($0) }
        }
        let placement: OrderPlacement
        var emptied: [String] = []
        do {
            (placement, emptied) = try await database.write { connection -> (OrderPlacement, [String]) in
                try await connection.lockSession(session)
                let stored = try await connection.rows(
                    """
                    SELECT recipe_id, quantity, servings FROM cart_items WHERE session_hash = \(hash)
                    ORDER BY position, added_at, recipe_id
                    """,
                    as: (String, Int, Int?).self
                ).map { OrderedLine(recipeID: $0.0, quantity: $0.1, servings: $0.2) }
                guard !stored.isEmpty else { return (.emptyCart, []) }
                guard stored == content.lines.map(OrderedLine.init) else { return (.cartChanged, []) }
                if let booking, try await !SQLPickupSlotStore.takePlace(booking, on: connection) {
                    return (.slotFull, [])
                }
                let stock = try await SQLShelfStock.take(taking, on: connection)
                // Thrown to roll back the slot's place and the packs taken before the short one.
                guard stock.short.isEmpty else { throw ShortOfStock(shortages: stock.short) }
                // A renewed send moves the session before the order is written, so the order goes straight under the
                // new id: moving it after would write its row and its indexes twice.
                let owner = renewed ?? session
                try await Self.emptyCart(of: session, at: clockTime, on: connection, touching: renewed == nil)
                if let renewed {
                    try await SQLSessionHandover.move(from: session, to: renewed, seenAt: clockTime, on: connection)
                    try await Self.recordRenewal(of: session, as: renewed, at: time, on: connection)
                }
                var code = OrderCode.random()
                while try await connection.execute(
                    """
                    INSERT INTO orders (
                        code, session_hash, note, status, content_json, placed_at, updated_at, partner_status,
                        partner_updated_at, slot_start, slot_end, estimate_minor)
                    VALUES (
                        \(code.rawValue), \(owner.hash), \(note), \(OrderStatus.new.rawValue), \(json), \(time), \(time),
                        \(partnerStatus), \(partnerTime), \(slotStart), \(slotEnd), \(content.pricing?.estimateMinor))
                    ON CONFLICT (code) DO NOTHING
                    """) == 0
                {
                    code = OrderCode.random()
                }
                let order = Order(
                    code: code, note: note, status: .new, content: content, placedAt: now, updatedAt: now,
                    partner: writesPartnerEvents ? PartnerState(status: .awaiting, updatedAt: now) : nil,
                    slot: booking?.slot)
                if writesPartnerEvents {
                    try await SQLPartnerStore.enqueue(
                        OrderEvent(type: .placed, order: order, at: now, zone: zone), at: time, on: connection)
                }
                return (.placed(order), stock.soldOut)
            }
        } catch let refused as ShortOfStock {
            await showStockChanged(of: refused.shortages.map(\.sku))
            return .shortOfStock(refused.shortages)
        }
        await showStockChanged(of: emptied)
        return placement
    }

    /// Kept `SessionRenewalSchema.window`, for a change of the browser's other tab to follow and for its cart page
    /// when the send's answer was lost; older renewals go with each new one.
    private static func recordRenewal(
        of old: SessionKey, as new: SessionKey, at time: Double, on connection: any SQLConnection
    ) async throws {
        try await connection.execute(
            """
            INSERT INTO session_renewals (old_hash, new_hash, renewed_at) VALUES (\(old.hash), \(new.hash), \(time))
            ON CONFLICT (old_hash) DO UPDATE SET new_hash = excluded.new_hash, renewed_at = excluded.renewed_at
            """)
        try await connection.execute(
            "DELETE FROM session_renewals WHERE renewed_at < \(time - SessionRenewalSchema.window)")
    }

    package func renewal(of old: SessionKey, to new: SessionKey) async throws -> Bool {
        let since = clock.now().timeIntervalSince1970 - SessionRenewalSchema.window
        return try await database.read { connection in
            try await connection.value(
                """
                SELECT 1 FROM session_renewals
                WHERE old_hash = \(old.hash) AND new_hash = \(new.hash) AND renewed_at >= \(since)
                """, as: Int.self) != nil
        }
    }

    private struct ShortOfStock: WriteRefusal {
        var shortages: [StockShortage]
    }

    /// Advances the catalog generation for products whose stock crossed 0 or was found short, so pages read the
    /// shelf again: touching a product's `version` is what advances it (`PricedOrderSchema`). Rare by nature, and
    /// its own transaction, so an order never waits on the generation's row. After the order's commit, so a failure
    /// here must not answer the send as failed: the pages then catch up at the shelf's next change.
    func showStockChanged(of skus: [String]) async {
        guard !skus.isEmpty else { return }
        _ = try? await database.write(advancing: generations) { connection in
            try await connection.execute("UPDATE products SET version = version WHERE sku IN (\(list: skus))")
        }
    }

    /// A sent cart's lines and undo go, and its session was seen now.
    /// - Parameter touching: whether to mark the session seen now; a send that renews it does so as it moves it.
    static func emptyCart(
        of session: SessionKey, at now: Date, on connection: any SQLConnection, touching: Bool = true
    ) async throws {
        try await connection.execute("DELETE FROM cart_items WHERE session_hash = \(session.hash)")
        try await connection.execute("DELETE FROM cart_undo WHERE session_hash = \(session.hash)")
        guard touching else { return }
        try await connection.execute(
            """
            UPDATE sessions SET last_seen_at = \(connection.dialect.sessionTime(now)) WHERE id_hash = \(session.hash)
            """)
    }

    package func order(_ code: OrderCode, session: SessionKey?) async throws -> (order: Order, isOwn: Bool)? {
        let found = try await database.read { connection -> (StoredOrder, [StoredMark])? in
            guard
                let row = try await connection.row("\(Self.select) WHERE code = \(code.rawValue)", as: StoredOrder.self)
            else { return nil }
            return (
                row,
                try await connection.rows(
                    "\(StoredMark.select) WHERE order_code = \(code.rawValue)", as: StoredMark.self)
            )
        }
        guard let (row, marks) = found else { return nil }
        return (try row.order(marks: marks), row.sessionHash != nil && row.sessionHash == session?.hash)
    }

    package func orders(session: SessionKey) async throws -> [Order] {
        try await database.read { connection in
            try await connection.rows(
                "\(Self.select) WHERE session_hash = \(session.hash) ORDER BY placed_at DESC, code",
                as: StoredOrder.self)
        }.map { try $0.order(marks: []) }
    }

    package func openOrders() async throws -> [Order] {
        let (rows, marks) = try await database.read { connection in
            (
                try await connection.rows(
                    "\(Self.select) WHERE status IN ('new', 'picking', 'ready') ORDER BY placed_at, code",
                    as: StoredOrder.self),
                try await connection.rows(
                    """
                    \(StoredMark.select) WHERE order_code IN
                    (SELECT code FROM orders WHERE status IN ('new', 'picking', 'ready'))
                    """,
                    as: StoredMark.self)
            )
        }
        let marksByOrder = Dictionary(grouping: marks, by: \.orderCode)
        return try rows.map { try $0.order(marks: marksByOrder[$0.code] ?? []) }
    }

    package func recentlyDone(since: Date) async throws -> [Order] {
        try await database.read { connection in
            try await connection.rows(
                """
                \(Self.select) WHERE status IN ('collected', 'cancelled') AND updated_at >= \(since.timeIntervalSince1970)
                ORDER BY updated_at DESC, code
                """,
                as: StoredOrder.self)
        }.map { try $0.order(marks: []) }
    }

    package func timings(placedSince since: Date) async throws -> [OrderTiming] {
        try await timings(where: "placed_at >= \(since.timeIntervalSince1970)")
    }

    package func timings(dueWithin day: DateInterval) async throws -> [OrderTiming] {
        let start = day.start.timeIntervalSince1970
        let end = day.end.timeIntervalSince1970
        return try await timings(
            where: """
                (slot_start >= \(start) AND slot_start < \(end))
                OR (slot_start IS NULL AND placed_at >= \(start) AND placed_at < \(end))
                """)
    }

    private func timings(where condition: SQLStatement) async throws -> [OrderTiming] {
        try await database.read { connection in
            try await connection.rows(
                """
                SELECT code, status, placed_at, updated_at, ready_at, slot_start, estimate_minor, final_minor FROM orders
                WHERE \(condition) ORDER BY placed_at, code
                """,
                as: (String, String, Double, Double, Double?, Double?, Int?, Int?).self)
        }.map { code, status, placedAt, updatedAt, readyAt, slotStart, estimateMinor, finalMinor in
            guard let code = OrderCode(code), let status = OrderStatus(rawValue: status) else {
                throw StoredOrderUnreadable()
            }
            return OrderTiming(
                code: code, status: status, placedAt: Date(timeIntervalSince1970: placedAt),
                updatedAt: Date(timeIntervalSince1970: updatedAt),
                readyAt: readyAt.map(Date.init(timeIntervalSince1970:)),
                slotStart: slotStart.map(Date.init(timeIntervalSince1970:)), estimateMinor: estimateMinor,
                finalMinor: finalMinor)
        }
    }

    package func move(_ code: OrderCode, from current: OrderStatus, to target: OrderStatus) async throws -> Bool {
        guard current.canMove(to: target) else { return false }
        let now = clock.now().timeIntervalSince1970
        let readyAt: Double? = target == .ready ? now : nil
        let event = writesPartnerEvents ? OrderEventType(movingTo: target) : nil
        let zone = timeZone
        let (moved, restocked) = try await database.write { connection -> (Bool, [String]) in
            guard
                try await connection.execute(
                    """
                    UPDATE orders SET status = \(target.rawValue), previous_status = \(current.rawValue),
                    ready_at = COALESCE(ready_at, \(readyAt)), updated_at = \(now)
                    WHERE code = \(code.rawValue) AND status = \(current.rawValue)
                    """) > 0
            else { return (false, []) }
            if target == .ready { try await Self.fixFinalAmount(of: code, on: connection) }
            var restocked: [String] = []
            if target == .cancelled {
                try await SQLPickupSlotStore.movePlace(of: code, by: -1, on: connection)
                restocked = try await SQLShelfStock.move(code, by: 1, on: connection)
            }
            if let event,
                let order = try await connection.row(
                    "\(Self.select) WHERE code = \(code.rawValue)", as: StoredOrder.self)
            {
                try await SQLPartnerStore.enqueue(
                    OrderEvent(
                        type: event,
                        order: try order.order(
                            marks: try await connection.rows(
                                "\(StoredMark.select) WHERE order_code = \(code.rawValue)", as: StoredMark.self)),
                        at: Date(timeIntervalSince1970: now), zone: zone
                    ),
                    at: now, on: connection)
            }
            return (true, restocked)
        }
        await showStockChanged(of: restocked)
        return moved
    }

    /// Fixes what a priced order charges as it was packed (`PackedBill`), once the move to ready holds its row.
    private static func fixFinalAmount(of code: OrderCode, on connection: any SQLConnection) async throws {
        guard
            let json = try await connection.value(
                "SELECT content_json FROM orders WHERE code = \(code.rawValue)", as: String.self),
            let pricing = try OrderJSON.content(json).pricing
        else { return }
        let bill = PackedBill(pricing, marks: try await SQLShelfStock.marks(of: code, on: connection))
        try await connection.execute(
            "UPDATE orders SET final_minor = \(bill.totalMinor) WHERE code = \(code.rawValue)")
    }

    package func moveBack(_ code: OrderCode, from current: OrderStatus, movedSince: Date) async throws -> OrderStatus? {
        let now = clock.now().timeIntervalSince1970
        let (back, emptied) = try await database.write { connection -> (OrderStatus?, [String]) in
            let back = try await connection.value(
                """
                UPDATE orders SET status = previous_status, previous_status = NULL, updated_at = \(now)
                WHERE code = \(code.rawValue) AND status = \(current.rawValue) AND previous_status IS NOT NULL
                AND updated_at >= \(movedSince.timeIntervalSince1970)
                RETURNING status
                """, as: String.self
            ).flatMap(OrderStatus.init)
            // Back from ready, its bill is open again until it is next ready.
            if current == .ready, back != nil {
                try await connection.execute("UPDATE orders SET final_minor = NULL WHERE code = \(code.rawValue)")
            }
            guard current == .cancelled, back != nil else { return (back, []) }
            try await SQLPickupSlotStore.movePlace(of: code, by: 1, on: connection)
            return (back, try await SQLShelfStock.move(code, by: -1, on: connection))
        }
        await showStockChanged(of: emptied)
        return back
    }

    package func mark(_ code: OrderCode, row: String, expected: PickMark?, to mark: PickMark?) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        let (marked, crossed) = try await database.write { connection -> (Bool, [String]) in
            // Updating the order's row, unchanged, holds it against a move to ready in another transaction on
            // PostgreSQL: the mark lands before the bill is fixed, or sees it fixed.
            guard
                let (status, json) = try await connection.row(
                    """
                    UPDATE orders SET updated_at = updated_at WHERE code = \(code.rawValue) RETURNING status, content_json
                    """, as: (String, String).self),
                let status = OrderStatus(rawValue: status), status.isOpen
            else { return (false, []) }
            let pricing = try OrderJSON.content(json).pricing
            // A priced order's bill is fixed once it is ready: what it holds of the shelf too.
            if pricing != nil, status == .ready { return (false, []) }
            let before = pricing == nil ? [:] : try await SQLShelfStock.marks(of: code, on: connection)
            guard try await Self.set(code, row: row, expected: expected, to: mark, at: now, on: connection) else {
                return (false, [])
            }
            guard let pricing else { return (true, []) }
            var after = before
            after[row] = mark
            return (
                true,
                try await SQLShelfStock.repack(
                    from: PackedBill(pricing, marks: before).packed, to: PackedBill(pricing, marks: after).packed,
                    on: connection)
            )
        }
        await showStockChanged(of: crossed)
        return marked
    }

    /// Sets one row's mark, provided it is still `expected`.
    private static func set(
        _ code: OrderCode, row: String, expected: PickMark?, to mark: PickMark?, at now: Double,
        on connection: any SQLConnection
    ) async throws -> Bool {
        let matchesExpected: SQLStatement =
            expected.map { expected in
                """
                state = \(expected.state) AND COALESCE(missing, 0) = \(expected.missing ?? 0)
                AND COALESCE(replacement, '') = \(expected.replacement ?? "")
                AND COALESCE(packed_amount, 0) = \(expected.packedAmount ?? 0)
                """
            } ?? "1 = 0"
        switch (expected, mark) {
        case (nil, nil):
            return try await connection.value(
                "SELECT 1 FROM order_pick_marks WHERE order_code = \(code.rawValue) AND row_key = \(row)",
                as: Int.self) == nil
        case (nil, let mark?):
            return try await connection.execute(
                """
                INSERT INTO order_pick_marks (
                    order_code, row_key, state, missing, replacement, packed_amount, replacement_line, marked_at)
                VALUES (
                    \(code.rawValue), \(row), \(mark.state), \(mark.missing), \(mark.replacement), \(mark.packedAmount),
                    \(try StoredMark.json(mark.replacementLine)), \(now))
                ON CONFLICT (order_code, row_key) DO NOTHING
                """) > 0
        case (.some, let mark?):
            return try await connection.execute(
                """
                UPDATE order_pick_marks SET state = \(mark.state), missing = \(mark.missing),
                replacement = \(mark.replacement), packed_amount = \(mark.packedAmount),
                replacement_line = \(try StoredMark.json(mark.replacementLine)), marked_at = \(now)
                WHERE order_code = \(code.rawValue) AND row_key = \(row) AND \(matchesExpected)
                """) > 0
        case (.some, nil):
            return try await connection.execute(
                """
                DELETE FROM order_pick_marks
                WHERE order_code = \(code.rawValue) AND row_key = \(row) AND \(matchesExpected)
                """) > 0
        }
    }

    private static let select: SQLStatement =
        """
        SELECT code, session_hash, note, status, content_json, placed_at, updated_at, previous_status, ready_at,
            partner_status, partner_tracking_url, partner_rejection, partner_updated_at, slot_start, slot_end,
            final_minor, paid_minor, paid_currency
        FROM orders
        """
}

/// A row of `orders`, read inside the transaction and made an `Order` after it: a stored order that no longer
/// decodes is a bug, never a database that does not answer.
private struct StoredOrder: SQLRecord, Sendable {
    var code: String
    var sessionHash: String?
    var note: String
    var status: String
    var json: String
    var placedAt: Double
    var updatedAt: Double
    var previousStatus: String?
    var readyAt: Double?
    var partnerStatus: String?
    var trackingURL: String?
    var rejectionReason: String?
    var partnerUpdatedAt: Double?
    var slotStart: Double?
    var slotEnd: Double?
    var finalMinor: Int?
    var paidMinor: Int?
    var paidCurrency: String?

    init(row: SQLRow) throws {
        (
            code, sessionHash, note, status, json, placedAt, updatedAt, previousStatus, readyAt, partnerStatus,
            trackingURL, rejectionReason, partnerUpdatedAt, slotStart, slotEnd, finalMinor, paidMinor, paidCurrency
        ) = try row.decode(
            (
                String, String?, String, String, String, Double, Double, String?, Double?, String?, String?, String?,
                Double?, Double?, Double?, Int?, Int?, String?
            ).self)
    }

    func order(marks: [StoredMark]) throws -> Order {
        var order = try OrderJSON.order(
            code: code, note: note, status: status, json: json, placedAt: placedAt, updatedAt: updatedAt)
        order.previousStatus = previousStatus.flatMap(OrderStatus.init)
        order.readyAt = readyAt.map(Date.init(timeIntervalSince1970:))
        order.finalMinor = finalMinor
        if let slotStart, let slotEnd {
            order.slot = PickupSlot(
                start: Date(timeIntervalSince1970: slotStart), end: Date(timeIntervalSince1970: slotEnd))
        }
        for mark in marks { order.pickMarks[mark.rowKey] = try mark.pickMark() }
        if let partnerStatus {
            guard let status = PartnerStatus(rawValue: partnerStatus) else { throw StoredOrderUnreadable() }
            order.partner = PartnerState(
                status: status, trackingURL: trackingURL, rejectionReason: rejectionReason,
                updatedAt: Date(timeIntervalSince1970: partnerUpdatedAt ?? updatedAt))
            order.partner?.paidMinor = paidMinor
            order.partner?.paidCurrency = paidCurrency
        }
        return order
    }
}
