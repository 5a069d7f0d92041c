/// A recipe id such as `bundled-42` or `mealdb-52772`: a source prefix, a dash, then URL-safe characters.
public struct RecipeID: Hashable, Sendable, Comparable, LosslessStringConvertible {
    public static let maximumLength = 64

    public let rawValue: String

    /// Nil for anything that is not a well-formed id, so hostile path segments never reach a query.
    public init?(_ rawValue: some StringProtocol) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= Self.maximumLength,
              rawValue.utf8.allSatisfy(Self.isAllowed),
              rawValue.contains("-"), rawValue.first != "-", rawValue.last != "-"
        else { return nil }
        self.rawValue = String(rawValue)
    }

    public init?(_ description: String) {
        self.init(description[...])
    }

    public var description: String { rawValue }

    public static func < (lhs: RecipeID, rhs: RecipeID) -> Bool { lhs.rawValue < rhs.rawValue }

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
