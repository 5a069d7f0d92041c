import Foundation
import RecipeCartDomain

/// Orders beside the carts they came from. A send holds its session's cart (`SQLConnection.lockSession`), as cart
/// writes do, so two instances sending one cart at once make one order between them. With a partner, placing,
/// cancelling and marking an order ready also write its event into the partner outbox, in the same transaction.
package struct SQLOrderStore: OrderStore {
    package let database: any SQLDatabase
    package let clock: AppClock
    /// A payment and delivery partner is configured: orders start `awaiting` it, and their changes go to its outbox.
    package var writesPartnerEvents = false

    package func place(_ content: OrderContent, note: String, session: SessionKey) async throws -> OrderPlacement {
        let clockTime = clock.now()
        let time = clockTime.timeIntervalSince1970
        // Kept to the stored precision, so the order answered here is the order read back later.
        let now = Date(timeIntervalSince1970: time)
        let json = try OrderJSON.encode(content)
        let hash = session.hash
        let partnerStatus = writesPartnerEvents ? PartnerStatus.awaiting.rawValue : nil
        let partnerTime = writesPartnerEvents ? time : nil
        let writesPartnerEvents = writesPartnerEvents
        // A send empties the cart.
        defer { database.forget(session) }
        return try await database.write { connection in
            try await connection.lockSession(session)
            let stored = try await connection.rows(
                """
                SELECT recipe_id, quantity, servings FROM cart_items WHERE session_hash = \(hash)
                ORDER BY position, added_at, recipe_id
                """,
                as: (String, Int, Int?).self
            ).map { OrderedLine(recipeID: $0.0, quantity: $0.1, servings: $0.2) }
            guard !stored.isEmpty else { return .emptyCart }
            guard stored == content.lines.map(OrderedLine.init) else { return .cartChanged }
            var code = OrderCode.random()
            while try await connection.execute(
                """
                INSERT INTO orders (
                    code, session_hash, note, status, content_json, placed_at, updated_at, partner_status,
                    partner_updated_at)
                VALUES (
                    \(code.rawValue), \(hash), \(note), \(OrderStatus.new.rawValue), \(json), \(time), \(time),
                    \(partnerStatus), \(partnerTime))
                ON CONFLICT (code) DO NOTHING
                """) == 0
            {
                code = OrderCode.random()
            }
            try await connection.execute("DELETE FROM cart_items WHERE session_hash = \(hash)")
            try await connection.execute("DELETE FROM cart_undo WHERE session_hash = \(hash)")
            try await connection.execute(
                """
                UPDATE sessions SET last_seen_at = \(connection.dialect.sessionTime(clockTime))
                WHERE id_hash = \(hash)
                """)
            let order = Order(
                code: code, note: note, status: .new, content: content, placedAt: now, updatedAt: now,
                partner: writesPartnerEvents ? PartnerState(status: .awaiting, updatedAt: now) : nil)
            if writesPartnerEvents {
                try await SQLPartnerStore.enqueue(
                    OrderEvent(type: .placed, order: order, at: now), at: time, on: connection)
            }
            return .placed(order)
        }
    }

    package func order(_ code: OrderCode, session: SessionKey?) async throws -> (order: Order, isOwn: Bool)? {
        guard
            let row = try await database.read({ connection in
                try await connection.row("\(Self.select) WHERE code = \(code.rawValue)", as: StoredOrder.self)
            })
        else { return nil }
        return (try row.order(), row.sessionHash != nil && row.sessionHash == session?.hash)
    }

    package func orders(session: SessionKey) async throws -> [Order] {
        try await database.read { connection in
            try await connection.rows(
                "\(Self.select) WHERE session_hash = \(session.hash) ORDER BY placed_at DESC, code",
                as: StoredOrder.self)
        }.map { try $0.order() }
    }

    package func openOrders() async throws -> [Order] {
        try await database.read { connection in
            try await connection.rows(
                "\(Self.select) WHERE status IN ('new', 'picking', 'ready') ORDER BY placed_at, code",
                as: StoredOrder.self)
        }.map { try $0.order() }
    }

    package func move(_ code: OrderCode, from current: OrderStatus, to target: OrderStatus) async throws -> Bool {
        guard current.canMove(to: target) else { return false }
        let now = clock.now().timeIntervalSince1970
        let event = writesPartnerEvents ? OrderEventType(movingTo: target) : nil
        return try await database.write { connection in
            guard
                try await connection.execute(
                    """
                    UPDATE orders SET status = \(target.rawValue), updated_at = \(now)
                    WHERE code = \(code.rawValue) AND status = \(current.rawValue)
                    """) > 0
            else { return false }
            if let event,
                let order = try await connection.row(
                    "\(Self.select) WHERE code = \(code.rawValue)", as: StoredOrder.self)
            {
                try await SQLPartnerStore.enqueue(
                    OrderEvent(type: event, order: try order.order(), at: Date(timeIntervalSince1970: now)), at: now,
                    on: connection)
            }
            return true
        }
    }

    private static let select: SQLStatement =
        """
        SELECT code, session_hash, note, status, content_json, placed_at, updated_at, partner_status,
            partner_tracking_url, partner_rejection, partner_updated_at
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
    var partnerStatus: String?
    var trackingURL: String?
    var rejectionReason: String?
    var partnerUpdatedAt: Double?

    init(row: SQLRow) throws {
        (
            code, sessionHash, note, status, json, placedAt, updatedAt, partnerStatus, trackingURL, rejectionReason,
            partnerUpdatedAt
        ) = try row.decode(
            (String, String?, String, String, String, Double, Double, String?, String?, String?, Double?).self)
    }

    func order() throws -> Order {
        var order = try OrderJSON.order(
            code: code, note: note, status: status, json: json, placedAt: placedAt, updatedAt: updatedAt)
        if let partnerStatus {
            guard let status = PartnerStatus(rawValue: partnerStatus) else { throw StoredOrderUnreadable() }
            order.partner = PartnerState(
                status: status, trackingURL: trackingURL, rejectionReason: rejectionReason,
                updatedAt: Date(timeIntervalSince1970: partnerUpdatedAt ?? updatedAt))
        }
        return order
    }
}
