import Foundation
import RecipeCartDomain
import Testing

/// The characters refused in a stored or shown text from outside, and the ones around them that are kept.
@Suite struct TextHazardTests {
    static let controls: [UInt32] = Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)
    static let bidirectional: [UInt32] = [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069)

    @Test func findsEveryControlSeparatorAndBidirectionalFormattingCharacter() throws {
        for value in Self.controls {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(TextHazard(scalar) == .control(scalar), "U+\(String(value, radix: 16))")
            #expect("https://t.example/a\(Character(scalar))b".firstHazard == .control(scalar))
        }
        for value in Self.bidirectional {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(TextHazard(scalar) == .bidirectionalFormatting(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(TextHazard("\u{2028}") == .lineSeparator("\u{2028}"))
        #expect(TextHazard("\u{2029}") == .lineSeparator("\u{2029}"))
    }

    @Test(arguments: [
        "", "No couriers <today>", "https://track.example/p?x=1&y=2#frag", "crème brûlée", "日本語の理由", "🍜 ramen",
        "\u{A0}no-break\u{202F}", "zero\u{200B}width", "e\u{301}", "\u{2065}\u{206A}\u{202F}\u{2027}\u{2030}", "~",
    ])
    func keepsOrdinaryText(_ text: String) {
        #expect(text.firstHazard == nil)
    }

    @Test func namesTheFirstByItsCodePointWithoutCarryingIt() {
        let hazard = "abc\u{202E}def\n".firstHazard
        #expect(hazard == .bidirectionalFormatting("\u{202E}"))
        #expect("\(hazard!)" == "a bidirectional formatting character (U+202E)")
        #expect("\(TextHazard("\u{0}")!)" == "a control character (U+0000)")
        #expect("\(TextHazard("\n")!)" == "a control character (U+000A)")
        #expect("\(TextHazard("\u{85}")!)" == "a control character (U+0085)")
        #expect("\(TextHazard("\u{2028}")!)" == "a line or paragraph separator (U+2028)")
        #expect(!"\(hazard!)".unicodeScalars.contains { TextHazard($0) != nil })
    }
}
