import Foundation

/// A date as GRDB stores it, "yyyy-MM-dd HH:mm:ss.SSS" in UTC, written digit by digit: `app_now()` runs in every
/// stepper post's transaction, where Foundation's date formatter was a twentieth of the writer's time.
package enum SQLiteTimestamp {
    package static func text(for date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(milliseconds.floorDivided(by: 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(23)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        append(Int(parts.tm_year) + 1900, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mon) + 1, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(Int(parts.tm_mday), digits: 2)
        bytes.append(UInt8(ascii: " "))
        append(Int(parts.tm_hour), digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(Int(parts.tm_min), digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(Int(parts.tm_sec), digits: 2)
        bytes.append(UInt8(ascii: "."))
        append(Int(milliseconds - milliseconds.floorDivided(by: 1000) * 1000), digits: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The date `text(for:)` wrote, as GRDB reads it back (the fraction of a second may be absent or of any length);
    /// nil for other text.
    package static func date(from text: String) -> Date? {
        let parts = text.split(separator: " ")
        let day = parts.first?.split(separator: "-").compactMap { Int($0) } ?? []
        let clock = parts.count == 2 ? parts[1].split(separator: ":") : []
        guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            let seconds = Double(clock[2])
        else { return nil }
        var fields = tm()
        fields.tm_year = Int32(day[0] - 1900)
        fields.tm_mon = Int32(day[1] - 1)
        fields.tm_mday = Int32(day[2])
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        return Date(timeIntervalSince1970: Double(timegm(&fields)) + seconds)
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
