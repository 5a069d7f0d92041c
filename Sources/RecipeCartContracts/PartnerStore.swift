import Foundation
import RecipeCartDomain

/// The hand-off to the payment and delivery partner: the outbox of order events (written by `OrderStore` with each
/// change) as the sender works through it, and the partner's status events as they arrive.
package protocol PartnerStore: Sendable {
    /// Claims up to `limit` due events for `lease` seconds, soonest due first: of each order only its oldest
    /// undelivered event, so one order's events go out in order. An event another sender holds is left out.
    func claimDue(limit: Int, lease: TimeInterval) async throws -> [ClaimedEvent]
    /// The partner took the event. Nothing changes if the claim was lost meanwhile.
    func delivered(_ event: ClaimedEvent) async throws
    /// A try failed: counted, with its error, and tried again after `wait` seconds.
    func failed(_ event: ClaimedEvent, error: String, wait: TimeInterval) async throws
    /// Makes the order's waiting event due now (the board's "Try again now"). - Returns: false when nothing waits.
    func retryNow(_ code: OrderCode) async throws -> Bool
    /// How the hand-off of each of `codes` stands; an order without events is left out.
    func handoffs(_ codes: [OrderCode]) async throws -> [OrderCode: Handoff]
    /// The events not yet delivered, for the metrics.
    func backlog() async throws -> PartnerBacklog
    /// Keeps a status event from the partner with its order and moves the order's partner state if it is a step
    /// forward, in one transaction.
    func receive(_ event: PartnerEvent, webhookID: String, body: String) async throws -> PartnerReceipt
}

/// An event a sender holds until `claimedUntil`.
package struct ClaimedEvent: Sendable, Equatable {
    package var id: String
    package var orderCode: String
    package var type: String
    package var body: String
    /// Failed tries before this one.
    package var attempts: Int
    /// Names this claim, so a sender whose lease ran out cannot mark another sender's try.
    package var claim: String

    package init(id: String, orderCode: String, type: String, body: String, attempts: Int, claim: String) {
        self.id = id
        self.orderCode = orderCode
        self.type = type
        self.body = body
        self.attempts = attempts
        self.claim = claim
    }
}

package struct PartnerBacklog: Sendable, Equatable {
    package var waiting: Int
    package var oldestCreatedAt: Date?

    package init(waiting: Int, oldestCreatedAt: Date?) {
        self.waiting = waiting
        self.oldestCreatedAt = oldestCreatedAt
    }
}

package enum PartnerReceipt: Sendable, Equatable {
    /// Kept, and the order's partner state moved.
    case applied
    /// Kept, but it was no step forward (late or out of order): the state stays.
    case kept
    /// Its webhook-id was seen before: nothing changed.
    case duplicate
    /// No order has that code: nothing kept.
    case unknownOrder
}
