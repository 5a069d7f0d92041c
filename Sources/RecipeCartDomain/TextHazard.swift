/// A character that must not reach a text that is stored or shown, when the text comes from outside: a control
/// character (C0 with NUL, tab, CR and LF; DEL; C1), a line or paragraph separator, or a bidirectional formatting
/// character, which makes a text read otherwise than it holds (after U+202E the rest reads backwards). Such a text is
/// refused whole, never cut: with a piece taken out it is another text.
package enum TextHazard: Equatable, Sendable, CustomStringConvertible {
    case control(Unicode.Scalar)
    case lineSeparator(Unicode.Scalar)
    case bidirectionalFormatting(Unicode.Scalar)

    /// Nil for a scalar that is safe in a stored or shown text.
    package init?(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x20..<0x7F: return nil
        case 0..<0x20, 0x7F...0x9F: self = .control(scalar)
        case 0x2028, 0x2029: self = .lineSeparator(scalar)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: self = .bidirectionalFormatting(scalar)
        default: return nil
        }
    }

    /// Names the character by its code point, so a message about it never carries it.
    package var description: String {
        switch self {
        case .control(let scalar): "a control character (\(Self.codePoint(scalar)))"
        case .lineSeparator(let scalar): "a line or paragraph separator (\(Self.codePoint(scalar)))"
        case .bidirectionalFormatting(let scalar): "a bidirectional formatting character (\(Self.codePoint(scalar)))"
        }
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The first character that keeps this text from being stored or shown as it is, or nil.
    package var firstHazard: TextHazard? {
        for scalar in unicodeScalars {
            if let hazard = TextHazard(scalar) { return hazard }
        }
        return nil
    }
}
