import Foundation

/// An instant as RFC 3339 in a given zone, to the second, with its offset written out (`2026-03-29T10:00:00+01:00`):
/// what a pickup slot is posted, marked up and sent to the partner as, so each reads the shop's own clock time.
public enum ZonedTimestamp {
    public static func text(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, sign, abs(offset) / 60, abs(offset) % 60)
    }

    /// A posted RFC 3339 instant (`Z` or an offset, seconds optional as fractions are not): nil for anything else,
    /// and for text longer than any such instant.
    public static func date(_ text: String) -> Date? {
        guard (20...32).contains(text.utf8.count), text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 32 })
        else { return nil }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
