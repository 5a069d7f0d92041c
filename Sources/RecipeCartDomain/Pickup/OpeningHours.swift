/// When the shop hands out orders on one weekday, as minutes after local midnight: `opens` up to `closes`, which is
/// at most midnight at the day's end (1440). Slots fit wholly inside.
package struct OpeningHours: Sendable, Equatable {
    package var opens: Int
    package var closes: Int

    package init(opens: Int, closes: Int) {
        self.opens = opens
        self.closes = closes
    }

    /// `09:30` as minutes after midnight; `24:00` is the day's end. Nil for anything else.
    package static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60
        else { return nil }
        guard hours < 24 || (hours == 24 && minutes == 0) else { return nil }
        return hours * 60 + minutes
    }

    /// `09:30`.
    package static func text(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
