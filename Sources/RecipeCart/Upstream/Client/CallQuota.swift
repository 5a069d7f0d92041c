import Foundation
import GRDB

/// Counts upstream calls a UTC day in SQLite, and keeps the stops upstream asks for (402, 429, an empty
/// `X-API-Quota-Left`), so a restart never spends calls the day no longer has.
struct CallQuota: Sendable {
    let database: AppDatabase
    let source: UpstreamSource
    let dailyLimit: Int
    let clock: @Sendable () -> Date

    /// Counts one call, or throws `.blocked` when none may be made now. Checking and counting happen in one
    /// write transaction, so concurrent requests can never go over the limit together.
    func reserve() async throws(UpstreamFault) {
        let now = clock()
        let day = Self.day(of: now)
        let verdict: UpstreamFault?
        do {
            verdict = try await database.pool.write { [source, dailyLimit] db -> UpstreamFault? in
                if let row = try Row.fetchOne(
                    db, sql: "SELECT blocked_until, reason FROM upstream_quota WHERE source = ?", arguments: [source.rawValue]),
                    let until = (row["blocked_until"] as Double?).map(Date.init(timeIntervalSince1970:)), until > now {
                    return .blocked(until: until, reason: row["reason"])
                }
                let count = try Int.fetchOne(
                    db, sql: "SELECT count FROM upstream_calls WHERE source = ? AND day = ?", arguments: [source.rawValue, day]) ?? 0
                guard count < dailyLimit else {
                    return .blocked(until: Self.nextUTCMidnight(after: now), reason: "daily call limit of \(dailyLimit) reached")
                }
                try db.execute(
                    sql: """
                        INSERT INTO upstream_calls (source, day, count) VALUES (?, ?, 1)
                        ON CONFLICT(source, day) DO UPDATE SET count = count + 1
                        """,
                    arguments: [source.rawValue, day])
                return nil
            }
        } catch {
            throw .unreachable("call quota not readable: \(error)")
        }
        if let verdict { throw verdict }
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
        try? await database.pool.write { [source] db in
            try db.execute(
                sql: """
                    INSERT INTO upstream_quota (source, blocked_until, reason) VALUES (?, ?, ?)
                    ON CONFLICT(source) DO UPDATE SET blocked_until = excluded.blocked_until, reason = excluded.reason
                    """,
                arguments: [source.rawValue, until.timeIntervalSince1970, reason])
        }
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
