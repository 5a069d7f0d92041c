import Foundation

/// What an answer says about the API's daily points: `X-API-Quota-Request` (what this call cost),
/// `X-API-Quota-Used` and `X-API-Quota-Left` (today's, for the key). A value that is not a plain decimal of a sane
/// size is left out, so a broken or hostile header can lower the budget but never raise it.
package struct QuotaReport: Sendable, Equatable {
    /// Points this call cost: more than 0.
    package var cost: Double?
    /// Points the key has used today, by anyone.
    package var used: Double?
    /// Points the key has left today; a negative value (an overspent key) reads as 0.
    package var left: Double?

    /// No plan has this many points a day; a larger number is a broken header.
    package static let largest = 10_000_000.0

    package init(cost: Double? = nil, used: Double? = nil, left: Double? = nil) {
        self.cost = cost
        self.used = used
        self.left = left
    }

    /// `12`, `0.5`, `1.84`: digits with at most one decimal point, at most `largest`. Nil for anything else — `nan`,
    /// `inf`, `1e9`, `0x10`, `1,5`, a list, an empty value — which `Double.init` alone would partly accept.
    package static func points(_ text: String?, allowingNegative: Bool = false) -> Double? {
        guard var text = text?.trimmingCharacters(in: .whitespaces), (1...24).contains(text.count) else { return nil }
        let negative = allowingNegative && text.hasPrefix("-")
        if negative { text.removeFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            parts.count == 1 || !parts[1].isEmpty,
            let value = Double(text), value <= largest
        else { return nil }
        return negative ? -value : value
    }
}
