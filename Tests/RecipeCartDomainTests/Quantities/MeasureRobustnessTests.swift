import Foundation
import RecipeCartDomain
import Testing

@Suite struct MeasureRobustnessTests {
    static let hostile: [String] = [
        "", " ", "\n\t", "1/0", "0/0", "0", "0 g", "-3", "--3", "½/½", "1//2", "1/", "/2", "2-", "-", "–",
        "3-2", "1 to", "2 to taste", "999999999999999999999 g", "1e308 g", "1e5", ".", "..5", "1..5",
        "🍅", "2 🍅", "🍅 2", "👩‍🍳👩‍🍳", "½½½", "1 1/2/3", "2 3", "١٢ g", "２００g", "%", "2%",
        String(repeating: "a", count: 10_000), String(repeating: "9", count: 10_000),
        String(repeating: "1/", count: 5_000), String(repeating: "½ ", count: 5_000),
        String(repeating: "2 cans (", count: 1_250), "1 (", "1 )", "1 can ((((", "2 cm", "2 in piece",
    ]

    @Test(arguments: hostile)
    func neverCrashesAndNeverPrintsNonsense(_ text: String) {
        let measure = Measure.parse(text)
        for factor in [1, 0.5, 3, 1.0 / 3, 0, -1, .nan, .infinity, 1e6, 1e-9] {
            let display = measure.scaled(by: factor).display
            #expect(!display.contains("nan") && !display.contains("inf"))
            if measure.isScalable { #expect(!Self.printsZero(display), "\(display)") }
        }
    }

    @Test func unreadableAmountsStayAsWritten() {
        for text in ["1/0", "0", "0 g", "-3", "--3", "½/½", "2-", "3-2", "2 3", "🍅", "2 🍅", "2%", "1 to taste"] {
            #expect(Measure.parse(text).kind == .text(text), "\(text)")
        }
    }

    @Test func hugeNumbersAreKeptAsText() {
        let huge = "999999999999999999999 g"
        #expect(Measure.parse(huge).kind == .text(huge))
        #expect(Measure.parse(huge).scaled(by: 2).display == huge)
        #expect(Measure.parse("1000000 g").scaled(by: 1_000_000).display == "1000000000 kg")
    }

    @Test func scalingAgainAndAgainStaysFinite() {
        var measure = Measure.parse("1000000 g")
        for _ in 0..<100 { measure = measure.scaled(by: 1_000_000) }
        #expect(measure.display == "1000000000 kg")
        var tiny = Measure.parse("1 tsp")
        for _ in 0..<100 { tiny = tiny.scaled(by: 1e-6) }
        #expect(tiny.display == "⅛ tsp")
    }

    @Test func longTextIsKeptWhole() {
        let text = String(repeating: "to taste ", count: 1_200).trimmingCharacters(in: .whitespaces)
        #expect(Measure.parse(text).display == text)
    }

    /// A standalone `0` (not part of `0.5` or `100`) in the amount, before any unit or noun.
    static func printsZero(_ display: String) -> Bool {
        display.prefix { !$0.isLetter && $0 != "(" }.split { !$0.isNumber && $0 != "." }.contains { Double($0) == 0 }
    }
}
