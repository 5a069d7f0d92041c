import RecipeCartDomain
import Testing

@Suite struct MeasureParsingTests {
    @Test func readsNumbersInEveryWrittenForm() {
        let forms: [(String, Double)] = [
            ("2", 2), ("0.5", 0.5), (".5", 0.5), ("1/2", 0.5), ("1 1/2", 1.5), ("1-1/2", 1.5),
            ("½", 0.5), ("1½", 1.5), ("1 ½", 1.5), ("¼", 0.25), ("¾", 0.75), ("⅓", 1.0 / 3), ("⅔", 2.0 / 3),
            ("⅛", 0.125), ("⅜", 0.375), ("⅝", 0.625), ("⅞", 0.875), ("⅕", 0.2), ("⅙", 1.0 / 6),
            ("2⅔", 8.0 / 3), ("1⁄2", 0.5),
        ]
        for (text, value) in forms {
            #expect(Measure.parse(text).kind == .counted(.exact(value), noun: "", note: ""), "\(text)")
        }
    }

    @Test func readsRanges() {
        for text in ["2-3", "2–3", "2—3", "2 - 3", "2 to 3", "2 or 3", "2 TO 3"] {
            #expect(Measure.parse(text).kind == .counted(.range(2, 3), noun: "", note: ""), "\(text)")
        }
        #expect(Measure.parse("1/2-1 tsp").kind == .measured(.range(0.5, 1), .teaspoon, note: ""))
        #expect(Measure.parse("1 ½–2 cups").kind == .measured(.range(1.5, 2), .cup, note: ""))
        #expect(Measure.parse("3-3 g").kind == .measured(.exact(3), .gram, note: ""))
    }

    @Test func readsUnitsInAnySpellingAndCase() {
        let spellings: [(String, MeasureUnit)] = [
            ("200g", .gram), ("200 g", .gram), ("200 G", .gram), ("200 grams", .gram),
            ("200kg", .kilogram), ("200 kilos", .kilogram),
            ("200 oz", .ounce), ("200 ounces", .ounce),
            ("200 lb", .pound), ("200 lbs", .pound), ("200 pound", .pound), ("200 Pounds", .pound),
            ("200ml", .millilitre), ("200 mL", .millilitre), ("200 milliliters", .millilitre),
            ("200 l", .litre), ("200 L", .litre), ("200 litre", .litre), ("200 liters", .litre),
            ("200 tsp", .teaspoon), ("200 teaspoons", .teaspoon), ("200 tsp.", .teaspoon),
            ("200 tbsp", .tablespoon), ("200 Tbsp", .tablespoon), ("200 TBSP", .tablespoon),
            ("200 tablespoon", .tablespoon), ("200 tablespoons", .tablespoon), ("200 tbs", .tablespoon),
            ("200 Tblsp", .tablespoon),
            ("200 cup", .cup), ("200 cups", .cup), ("200 Cups", .cup),
            ("200 fl oz", .fluidOunce), ("200 fl. oz.", .fluidOunce), ("200 fluid ounces", .fluidOunce),
        ]
        for (text, unit) in spellings {
            #expect(Measure.parse(text).kind == .measured(.exact(200), unit, note: ""), "\(text)")
        }
    }

    @Test func aUnitMustEndAtAWordBoundary() {
        #expect(Measure.parse("1 large").kind == .counted(.exact(1), noun: "large", note: ""))
        #expect(Measure.parse("2 lemons").kind == .counted(.exact(2), noun: "lemons", note: ""))
        #expect(Measure.parse("1 garlic bulb").kind == .counted(.exact(1), noun: "garlic bulb", note: ""))
        #expect(Measure.parse("3 T").kind == .counted(.exact(3), noun: "T", note: ""))
    }

    @Test func keepsNotesAsWritten() {
        #expect(Measure.parse("2 cans (400 g each)").kind == .counted(.exact(2), noun: "cans", note: "(400 g each)"))
        #expect(Measure.parse("1 can (400 g)").kind == .counted(.exact(1), noun: "can", note: "(400 g)"))
        #expect(Measure.parse("200 g (7 oz)").kind == .measured(.exact(200), .gram, note: "(7 oz)"))
        #expect(Measure.parse("1 cup, packed").kind == .measured(.exact(1), .cup, note: ", packed"))
        #expect(Measure.parse("1 cup, packed").display == "1 cup, packed")
        #expect(Measure.parse("200 g (7 oz)").scaled(by: 2).display == "400 g (7 oz)")
    }

    @Test func wordsStayAsWritten() {
        for text in ["a pinch", "to taste", "as needed", "for frying", "a few leaves", "Salt & pepper", ""] {
            let measure = Measure.parse(text)
            #expect(measure.kind == .text(text))
            #expect(!measure.isScalable)
            #expect(measure.display == text)
        }
        #expect(Measure.parse("  to taste ").display == "to taste")
    }
}
