import Foundation
import Metrics
import RecipeCartContracts
import RecipeCartStorage

/// The hand-off to the partner, as an operator watches it: events sent and failed tries (counted by the instance
/// that tried), and the outbox's waiting events and the age of the oldest (the same on every instance).
enum PartnerMetrics {
    private static let sent = Counter(label: "recipecart_partner_events_sent_total")
    private static let failures = Counter(label: "recipecart_partner_events_failed_total")
    private static let waiting = Gauge(label: "recipecart_partner_events_waiting")
    private static let oldestAge = Gauge(label: "recipecart_partner_oldest_waiting_seconds")

    static func delivered() {
        sent.increment()
    }

    static func failed() {
        failures.increment()
    }

    static func record(_ backlog: PartnerBacklog, now: Date) {
        waiting.record(backlog.waiting)
        oldestAge.record(backlog.oldestCreatedAt.map { max(0, now.timeIntervalSince($0)) } ?? 0)
    }
}
