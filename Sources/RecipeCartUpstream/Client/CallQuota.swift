import Foundation
import RecipeCartContracts
import RecipeCartDomain

/// Budgets upstream calls in points a UTC day, and keeps the stops upstream asks for (402, 429, an empty
/// `X-API-Quota-Left`), both in the database, so neither a restart nor a second instance spends points the day no
/// longer has. A TheMealDB call is one point; a Spoonacular call costs what the API reports (`QuotaReport`), and
/// reserves what the last call of its kind cost.
package struct CallQuota: Sendable {
    /// Points set aside for one call, settled when its answer comes.
    package struct Ticket: Sendable {
        package let day: String
        package let kind: String
        package let cost: Double
    }

    package let store: any CallQuotaStore
    package let source: UpstreamSource
    package let dailyLimit: Int
    package let clock: @Sendable () -> Date

    package init(
        store: any CallQuotaStore, source: UpstreamSource, dailyLimit: Int, clock: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.source = source
        self.dailyLimit = dailyLimit
        self.clock = clock
    }

    /// Sets aside the points a call of `kind` is expected to cost (1 until one was reported), or throws `.blocked`
    /// when they do not fit or upstream asked to wait; concurrent requests never go over the budget together.
    package func reserve(kind: String) async throws(UpstreamFault) -> Ticket {
        let now = clock()
        let day = Self.day(of: now)
        let reservation: CallReservation
        let cost: Double
        do {
            cost = try await store.lastCost(source: source, kind: kind) ?? 1
            reservation = try await store.reserve(source: source, day: day, cost: cost, limit: dailyLimit, now: now)
        } catch {
            throw .unreachable("call quota not readable: \(error)")
        }
        switch reservation {
        case .counted(let left):
            UpstreamMetrics.called(source)
            UpstreamMetrics.quotaLeft(left, source: source)
            return Ticket(day: day, kind: kind, cost: cost)
        case .stopped(let until, let reason):
            throw .blocked(until: until, reason: reason)
        case .limitReached:
            let reason =
                source == .spoonacular
                ? "the call's \(PointsText.text(cost)) points do not fit in what is left today (daily limit \(dailyLimit) points)"
                : "daily call limit of \(dailyLimit) reached"
            throw .blocked(until: Self.nextUTCMidnight(after: now), reason: reason)
        }
    }

    /// Settles `ticket` with what the answer says about the points, and keeps any stop it asks for. An answer that
    /// says nothing leaves the reservation spent.
    package func observe(_ answer: UpstreamHTTP.Answer, for ticket: Ticket) async {
        let now = clock()
        var report = QuotaReport(answer)
        var stop: (Date, String)?
        switch answer.status {
        case 402:
            // The key has nothing left today, whatever else the answer says: the staff board shows 0 left.
            report.left = 0
            stop = (Self.nextUTCMidnight(after: now), "quota used up (HTTP 402)")
        case 429:
            let wait = Self.retryAfter(answer.header("Retry-After"), now: now)
            stop = (now.addingTimeInterval(wait), "rate limited (HTTP 429)")
        default:
            if report.left == 0 {
                stop = (Self.nextUTCMidnight(after: now), "quota used up (X-API-Quota-Left: 0)")
            }
        }
        try? await store.settle(
            source: source, day: ticket.day, kind: ticket.kind, reserved: ticket.cost, report: report)
        guard let (until, reason) = stop else { return }
        try? await store.stop(source, until: until, reason: reason)
    }

    /// Today's points, for the staff board.
    package func usageToday() async throws -> PointsUsage {
        try await store.usage(source: source, day: Self.day(of: clock()), limit: dailyLimit)
    }

    /// Calls of one kind cost alike: the path with its numeric ids left out, `recipes/{id}/information`.
    package static func kind(ofPath path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } ? "{id}" : String($0) }
            .joined(separator: "/")
    }

    /// Seconds to wait from a `Retry-After` value: seconds or an HTTP date. A minute when missing or unreadable,
    /// at most a day, so a silly value cannot switch upstream off for good.
    package static func retryAfter(_ value: String?, now: Date) -> TimeInterval {
        let fallback: TimeInterval = 60
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return fallback }
        let seconds: TimeInterval
        if let number = Double(value) {
            seconds = number
        } else if let date = httpDate(value) {
            seconds = date.timeIntervalSince(now)
        } else {
            return fallback
        }
        return min(max(seconds, 1), 24 * 60 * 60)
    }

    private static func httpDate(_ value: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value)
    }

    package static func day(of date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    package static func nextUTCMidnight(after date: Date) -> Date {
        let start = utcCalendar.startOfDay(for: date)
        return utcCalendar.date(byAdding: .day, value: 1, to: start) ?? date.addingTimeInterval(24 * 60 * 60)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
