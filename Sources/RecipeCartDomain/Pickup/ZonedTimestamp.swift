import Foundation

/// An instant as RFC 3339 in a given zone, to the second, with its offset written out (`2026-03-29T10:00:00+01:00`):
/// what a pickup slot is posted, marked up and sent to the partner as, so each reads the shop's own clock time.
package enum ZonedTimestamp {
    package static func text(_ date: Date, in zone: TimeZone) -> String {
        let parts = Calendar.gregorian(in: zone).dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = zone.secondsFromGMT(for: date) / 60
        let sign = offset < 0 ? "-" : "+"
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d%@%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, sign, abs(offset) / 60, abs(offset) % 60)
    }

    /// A posted RFC 3339 instant to the second, as `text(_:in:)` writes it, with `Z` or an offset: nil for anything
    /// else. Its shape is checked whole first, since Foundation's parser stops at the end of an instant and takes
    /// whatever follows (`…+00:00x`).
    package static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        let instant = bytes.prefix(19)
        let zone = bytes.dropFirst(19)
        guard matches(instant, "dddd-dd-ddTdd:dd:dd"),
            zone.elementsEqual("Z".utf8) || matches(zone, "+dd:dd") || matches(zone, "-dd:dd")
        else { return nil }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// Whether `bytes` are `shape`'s, a `d` in it standing for any digit.
    private static func matches(_ bytes: some Collection<UInt8>, _ shape: String) -> Bool {
        bytes.count == shape.utf8.count
            && zip(bytes, shape.utf8).allSatisfy { byte, expected in
                expected == UInt8(ascii: "d")
                    ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
            }
    }
}
