import Foundation

/// Counts upstream calls a UTC day, and keeps the stops upstream asks for (402, 429, an empty
/// `X-API-Quota-Left`), both in the database, so neither a restart nor a second instance spends calls the day no
/// longer has.
struct CallQuota: Sendable {
    let store: any CallQuotaStore
    let source: UpstreamSource
    let dailyLimit: Int
    let clock: @Sendable () -> Date

    init(store: any CallQuotaStore, source: UpstreamSource, dailyLimit: Int, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.source = source
        self.dailyLimit = dailyLimit
        self.clock = clock
    }

    /// Counts one call, or throws `.blocked` when none may be made now; concurrent requests never go over the
    /// limit together.
    func reserve() async throws(UpstreamFault) {
        let now = clock()
        let reservation: CallReservation
        do {
            reservation = try await store.reserve(source: source, day: Self.day(of: now), limit: dailyLimit, now: now)
        } catch {
            throw .unreachable("call quota not readable: \(error)")
        }
        switch reservation {
        case .counted(let left):
            AppMetrics.upstreamCalled(source)
            AppMetrics.upstreamQuotaLeft(left, source: source)
        case .stopped(let until, let reason):
            throw .blocked(until: until, reason: reason)
        case .limitReached:
            throw .blocked(until: Self.nextUTCMidnight(after: now), reason: "daily call limit of \(dailyLimit) reached")
        }
    }

    /// Reads what the answer says about the quota and keeps any stop it asks for.
    func observe(_ answer: UpstreamHTTP.Answer) async {
        let now = clock()
        var stop: (Date, String)?
        switch answer.status {
        case 402:
            stop = (Self.nextUTCMidnight(after: now), "quota used up (HTTP 402)")
        case 429:
            let wait = Self.retryAfter(answer.header("Retry-After"), now: now)
            stop = (now.addingTimeInterval(wait), "rate limited (HTTP 429)")
        default:
            // Spoonacular writes points left as a decimal, e.g. "12.5".
            if let left = answer.header("X-API-Quota-Left").flatMap(Double.init), left <= 0 {
                stop = (Self.nextUTCMidnight(after: now), "quota used up (X-API-Quota-Left: 0)")
            }
        }
        guard let (until, reason) = stop else { return }
        try? await store.stop(source, until: until, reason: reason)
    }

    /// Seconds to wait from a `Retry-After` value: seconds or an HTTP date. A minute when missing or unreadable,
    /// at most a day, so a silly value cannot switch upstream off for good.
    static func retryAfter(_ value: String?, now: Date) -> TimeInterval {
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

    static func day(of date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    static func nextUTCMidnight(after date: Date) -> Date {
        let start = utcCalendar.startOfDay(for: date)
        return utcCalendar.date(byAdding: .day, value: 1, to: start) ?? date.addingTimeInterval(24 * 60 * 60)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
