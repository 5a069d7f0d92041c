import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// The partner hand-off on either database. Claims are leases written into the outbox row (`claimed_by`,
/// `claimed_until`); on PostgreSQL the claiming read also skips rows another instance is claiming at that moment.
package struct SQLPartnerStore: PartnerStore {
    package let database: any SQLRunner
    package let clock: AppClock

    /// Writes `event` into the outbox inside the transaction of `connection`, due at once.
    package static func enqueue(_ event: OrderEvent, at now: Double, on connection: any SQLConnection) async throws {
        try await connection.execute(
            """
            INSERT INTO partner_outbox (id, order_code, type, body, created_at, next_attempt_at)
            VALUES (\(event.id), \(event.orderCode.rawValue), \(event.type.rawValue), \(event.body), \(now), \(now))
            """)
    }

    package func claimDue(limit: Int, lease: TimeInterval) async throws -> [ClaimedEvent] {
        let now = clock.now().timeIntervalSince1970
        let claim = Base64URL.encode(Data(RandomBytes.make(12)))
        return try await database.write { connection in
            let due = try await connection.rows(
                """
                SELECT o.id, o.order_code, o.type, o.body, o.attempts FROM partner_outbox o
                WHERE o.delivered_at IS NULL AND o.next_attempt_at <= \(now)
                AND (o.claimed_until IS NULL OR o.claimed_until <= \(now))
                AND NOT EXISTS (
                    SELECT 1 FROM partner_outbox e
                    WHERE e.order_code = o.order_code AND e.delivered_at IS NULL AND e.seq < o.seq)
                ORDER BY o.next_attempt_at, o.seq LIMIT \(limit)\(raw: connection.dialect.lockRowsSkippingLocked(of: "o"))
                """,
                as: (String, String, String, String, Int).self)
            guard !due.isEmpty else { return [] }
            try await connection.execute(
                """
                UPDATE partner_outbox SET claimed_by = \(claim), claimed_until = \(now + lease)
                WHERE id IN (\(list: due.map(\.0)))
                """)
            return due.map {
                ClaimedEvent(id: $0.0, orderCode: $0.1, type: $0.2, body: $0.3, attempts: $0.4, claim: claim)
            }
        }
    }

    package func delivered(_ event: ClaimedEvent) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            try await connection.execute(
                """
                UPDATE partner_outbox SET delivered_at = \(now), claimed_by = NULL, claimed_until = NULL
                WHERE id = \(event.id) AND claimed_by = \(event.claim) AND delivered_at IS NULL
                """)
        }
    }

    package func failed(_ event: ClaimedEvent, error: String, wait: TimeInterval) async throws {
        let now = clock.now().timeIntervalSince1970
        try await database.write { connection in
            _ = try await connection.execute(
                """
                UPDATE partner_outbox SET attempts = attempts + 1, last_error = \(String(error.prefix(300))),
                    last_error_at = \(now), next_attempt_at = \(now + wait), claimed_by = NULL, claimed_until = NULL
                WHERE id = \(event.id) AND claimed_by = \(event.claim) AND delivered_at IS NULL
                """)
        }
    }

    package func retryNow(_ code: OrderCode) async throws -> Bool {
        let now = clock.now().timeIntervalSince1970
        return try await database.write { connection in
            try await connection.execute(
                """
                UPDATE partner_outbox SET next_attempt_at = \(now)
                WHERE order_code = \(code.rawValue) AND delivered_at IS NULL AND next_attempt_at > \(now)
                """) > 0
        }
    }

    package func handoffs(_ codes: [OrderCode]) async throws -> [OrderCode: Handoff] {
        guard !codes.isEmpty else { return [:] }
        let rows = try await database.read { connection in
            try await connection.rows(
                """
                SELECT order_code, delivered_at IS NULL, attempts, last_error, last_error_at FROM partner_outbox
                WHERE order_code IN (\(list: codes.map(\.rawValue))) ORDER BY order_code, seq
                """,
                as: (String, Bool, Int, String?, Double?).self)
        }
        var handoffs: [OrderCode: Handoff] = [:]
        var tried: Set<OrderCode> = []
        // Oldest first: an order's first waiting event is the one being tried, and the later ones wait behind it.
        for (text, isWaiting, attempts, lastError, lastErrorAt) in rows {
            guard let code = OrderCode(text), !tried.contains(code) else { continue }
            guard isWaiting else {
                handoffs[code] = .sent
                continue
            }
            tried.insert(code)
            if attempts >= PartnerRetry.failingAfter, let lastError, let lastErrorAt {
                handoffs[code] = .failing(
                    lastError: lastError, at: Date(timeIntervalSince1970: lastErrorAt), attempts: attempts)
            } else {
                handoffs[code] = .waiting
            }
        }
        return handoffs
    }

    package func backlog() async throws -> PartnerBacklog {
        let row = try await database.read { connection in
            try await connection.row(
                "SELECT COUNT(*), MIN(created_at) FROM partner_outbox WHERE delivered_at IS NULL",
                as: (Int, Double?).self)
        }
        return PartnerBacklog(
            waiting: row?.0 ?? 0, oldestCreatedAt: row?.1.map { Date(timeIntervalSince1970: $0) })
    }

    package func receive(_ event: PartnerEvent, webhookID: String, body: String) async throws -> PartnerReceipt {
        let now = clock.now().timeIntervalSince1970
        let code = event.order
        return try await database.write { connection in
            guard
                let current = try await connection.row(
                    "SELECT partner_status FROM orders WHERE code = \(code)\(raw: connection.dialect.lockRows)",
                    as: (String?).self)
            else { return .unknownOrder }
            guard
                try await connection.execute(
                    """
                    INSERT INTO partner_inbox (webhook_id, order_code, type, body, received_at)
                    VALUES (\(webhookID), \(code), \(event.kind.rawValue), \(body), \(now))
                    ON CONFLICT (webhook_id) DO NOTHING
                    """) > 0
            else { return .duplicate }
            let status = current.flatMap(PartnerStatus.init(rawValue:)) ?? .awaiting
            guard status.canMove(to: event.kind.status) else { return .kept }
            let payment: SQLStatement =
                event.amount.map { ", paid_minor = \($0), paid_currency = \(event.currency)" } ?? ""
            try await connection.execute(
                """
                UPDATE orders SET partner_status = \(event.kind.status.rawValue),
                    partner_tracking_url = COALESCE(\(event.trackingURL), partner_tracking_url),
                    partner_rejection = COALESCE(\(event.reason), partner_rejection), partner_updated_at = \(now)\(payment)
                WHERE code = \(code)
                """)
            return .applied
        }
    }
}
