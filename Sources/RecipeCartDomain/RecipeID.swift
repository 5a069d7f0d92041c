/// A recipe id such as `bundled-42` or `mealdb-52772`: a source prefix, a dash, then URL-safe characters.
package struct RecipeID: Hashable, Sendable, Comparable, LosslessStringConvertible {
    package static let maximumLength = 64

    package let rawValue: String

    /// Nil for anything that is not a well-formed id, so hostile path segments never reach a query.
    /// Checked byte by byte (every allowed character is one byte): every detail page request parses one.
    package init?(_ rawValue: some StringProtocol) {
        let rawValue = String(rawValue)
        let bytes = rawValue.utf8
        let dash = UInt8(ascii: "-")
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength, bytes.allSatisfy(Self.isAllowed),
            bytes.contains(dash), bytes.first != dash, bytes.last != dash
        else { return nil }
        self.rawValue = rawValue
    }

    package init?(_ description: String) {
        self.init(description[...])
    }

    package var description: String { rawValue }

    package static func < (lhs: RecipeID, rhs: RecipeID) -> Bool { lhs.rawValue < rhs.rawValue }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
