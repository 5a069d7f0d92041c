/// An order's pickup code: six letters and digits that cannot be mistaken for each other when read out at the
/// counter (no 0/O, 1/I/L). 31⁶ ≈ 887 million codes; a code names an order, it does not grant access to it.
package struct OrderCode: Sendable, Hashable, CustomStringConvertible {
    package static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    package static let length = 6

    package let rawValue: String

    /// Reads a code as typed or linked: case does not matter; anything else not in the alphabet is no code.
    package init?(_ text: String) {
        let upper = text.uppercased()
        guard upper.count == Self.length, upper.allSatisfy(Self.alphabet.contains) else { return nil }
        rawValue = upper
    }

    package static func random() -> OrderCode {
        var generator = SystemRandomNumberGenerator()
        return OrderCode(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))!
    }

    package var description: String { rawValue }
}
