import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct WhitespaceTrimmingTests {
    @Test(arguments: [
        "", " ", "chicken", "  chicken  ", "\t\n chicken pie \r\n", "\u{2003}curry\u{3000}", "\u{85}a\u{2028}",
        "\u{2029}\u{A0}b\u{202F}",
        "\u{200B}zero width\u{200B}", " \u{301}accent ", "e\u{301} ", "\u{B}\u{C}vertical\u{1680}", "🍜 ramen 🍜",
        "a b\tc",
    ])
    func trimsWhatFoundationTrims(_ text: String) {
        let trimmed = text.trimmingWhitespaceAndNewlines
        let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Array(trimmed.unicodeScalars) == Array(foundation.unicodeScalars))
    }

    @Test func everyScalarIsSortedAsFoundationSortsIt() {
        let scalars = (0...0x3100).compactMap(Unicode.Scalar.init) + (0xFE00...0xFFFF).compactMap(Unicode.Scalar.init)
        let differing = scalars.filter { $0.isWhitespaceOrNewline != CharacterSet.whitespacesAndNewlines.contains($0) }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }
}
