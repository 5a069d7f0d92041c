import RecipeCartDomain
import Testing

/// A measure as a recipe writes it, a servings factor, and what the shopper should read.
struct ScalingCase: Sendable, CustomTestStringConvertible {
    var measure: String
    var factor: Double
    var expected: String

    init(_ measure: String, _ factor: Double, _ expected: String) {
        self.measure = measure
        self.factor = factor
        self.expected = expected
    }

    var testDescription: String { "\"\(measure)\" × \(factor) → \"\(expected)\"" }
}

@Suite struct MeasureScalingTests {
    static let realWorld: [ScalingCase] = [
        // The issue's own examples.
        ScalingCase("250 g", 1.5, "375 g"),
        ScalingCase("1 cup", 1.5, "1 ½ cups"),
        ScalingCase("2–3 cloves", 1, "2–3 cloves"),
        ScalingCase("1/2 tsp", 1.5, "¾ tsp"),
        ScalingCase("1 cup", 4.0 / 3, "1 ⅓ cups"),
        // Numbers as cooks write them.
        ScalingCase("3", 2, "6"),
        ScalingCase("12", 1.5, "18"),
        ScalingCase("1", 0.5, "½"),
        ScalingCase("6", 0.25, "1 ½"),
        ScalingCase("1/2", 1, "½"),
        ScalingCase("½", 3, "1 ½"),
        ScalingCase("1 1/2 cups", 0.5, "¾ cup"),
        ScalingCase("1 1/4 cups", 2, "2 ½ cups"),
        ScalingCase("1½ tsp", 1, "1 ½ tsp"),
        ScalingCase("1 ½ cups", 2, "3 cups"),
        ScalingCase("⅓ cup", 3, "1 cup"),
        ScalingCase("¾ cup", 1.5, "1 ⅛ cups"),
        ScalingCase("0.5 l", 1, "500 ml"),
        ScalingCase("1.5 kg", 0.5, "750 g"),
        ScalingCase("1-1/2 cups", 1, "1 ½ cups"),
        // Ranges.
        ScalingCase("2-3", 2, "4–6"),
        ScalingCase("2 to 3", 1, "2–3"),
        ScalingCase("2–3 cloves", 0.5, "1–1 ½ cloves"),
        ScalingCase("1/2-1 tsp", 2, "1–2 tsp"),
        ScalingCase("2 - 3 tbsp", 1, "2–3 tbsp"),
        // Units with and without a space, in any case and spelling.
        ScalingCase("200g", 1, "200 g"),
        ScalingCase("200 g", 0.5, "100 g"),
        ScalingCase("2 Tbsp", 1, "2 tbsp"),
        ScalingCase("2 tablespoons", 0.5, "1 tbsp"),
        ScalingCase("1 tablespoon", 0.5, "1 ½ tsp"),
        ScalingCase("1 teaspoon", 2, "2 tsp"),
        ScalingCase("2 cups", 0.5, "1 cup"),
        ScalingCase("1 L", 1, "1 l"),
        ScalingCase("2 Liters", 0.75, "1.5 l"),
        ScalingCase("500 millilitres", 1, "500 ml"),
        ScalingCase("2 lbs", 1, "2 lb"),
        ScalingCase("1 pound", 0.25, "¼ lb"),
        ScalingCase("4 ounces", 1, "4 oz"),
        ScalingCase("8 fl oz", 0.5, "4 fl oz"),
        // Metric rounding.
        ScalingCase("125 g", 1.0 / 3, "42 g"),
        ScalingCase("15 g", 0.25, "3.8 g"),
        ScalingCase("450 g", 3, "1.35 kg"),
        ScalingCase("600 g", 2, "1.2 kg"),
        ScalingCase("1.2 kg", 0.5, "600 g"),
        ScalingCase("750 ml", 2, "1.5 l"),
        ScalingCase("1 l", 1.0 / 3, "335 ml"),
        ScalingCase("1 kg", 0.999, "1 kg"),
        ScalingCase("1.6 kg", 1.5, "2.4 kg"),
        // Spoons and cups move to the unit that reads best.
        ScalingCase("2 tsp", 3, "2 tbsp"),
        ScalingCase("1 tsp", 3, "1 tbsp"),
        ScalingCase("2 tsp", 2, "4 tsp"),
        ScalingCase("1 tsp", 1.0 / 3, "⅓ tsp"),
        ScalingCase("4 tbsp", 1, "4 tbsp"),
        ScalingCase("6 tbsp", 1.5, "9 tbsp"),
        ScalingCase("4 tbsp", 3, "¾ cup"),
        ScalingCase("5 tbsp", 3, "15 tbsp"),
        ScalingCase("½ cup", 0.25, "2 tbsp"),
        ScalingCase("¾ cup", 0.5, "6 tbsp"),
        ScalingCase("1 1/4 cups", 1.5, "1.9 cups"),
        ScalingCase("8 oz", 2, "1 lb"),
        ScalingCase("8 oz", 3, "1 ½ lb"),
        ScalingCase("1 lb", 0.5, "½ lb"),
        // Count nouns agree with the number; notes stay as written.
        ScalingCase("3 cloves", 2, "6 cloves"),
        ScalingCase("1 clove", 3, "3 cloves"),
        ScalingCase("2 cloves", 0.5, "1 clove"),
        ScalingCase("2 cans (400 g each)", 0.5, "1 can (400 g each)"),
        ScalingCase("2 cans (400 g each)", 1.5, "3 cans (400 g each)"),
        ScalingCase("1 can (400 g)", 2, "2 cans (400 g)"),
        ScalingCase("1 large", 2, "2 large"),
        ScalingCase("1 small", 1, "1 small"),
        ScalingCase("4 sprigs", 0.5, "2 sprigs"),
        ScalingCase("1 small bunch", 2, "2 small bunches"),
        ScalingCase("2 slices", 1.5, "3 slices"),
        ScalingCase("2 thick slices", 0.5, "1 thick slice"),
        ScalingCase("1 stick", 2, "2 sticks"),
        ScalingCase("1 handful", 2, "2 handfuls"),
        ScalingCase("1 head", 2, "2 heads"),
        ScalingCase("2 balls (125 g each)", 1, "2 balls (125 g each)"),
        ScalingCase("2 cm piece", 2, "4 cm piece"),
        ScalingCase("3 eggs", 1.0 / 3, "1 egg"),
        ScalingCase("3 cloves, crushed", 2, "6 cloves, crushed"),
        ScalingCase("1 Clove", 2, "2 Cloves"),
        // Words are never scaled.
        ScalingCase("a pinch", 4, "a pinch"),
        ScalingCase("to taste", 2, "to taste"),
        ScalingCase("as needed", 2, "as needed"),
        ScalingCase("for frying", 3, "for frying"),
        ScalingCase("a few leaves", 0.5, "a few leaves"),
        ScalingCase("to serve", 2, "to serve"),
        ScalingCase("", 2, ""),
    ]

    @Test(arguments: realWorld)
    func scalesAndPrints(_ example: ScalingCase) {
        #expect(Measure.parse(example.measure).scaled(by: example.factor).display == example.expected)
    }

    @Test func scalingByOneOnlyTidiesTheWriting() {
        #expect(Measure.parse("1 1/2 cups").scaled(by: 1) == Measure.parse("1 1/2 cups"))
        #expect(Measure.parse("200g").display == "200 g")
        #expect(Measure.parse(" 2  tbsp ").display == "2 tbsp")
    }

    @Test func aPositiveAmountNeverPrintsAsZero() {
        #expect(Measure.parse("1 g").scaled(by: 0.01).display == "0.1 g")
        #expect(Measure.parse("1 ml").scaled(by: 0.0001).display == "0.1 ml")
        #expect(Measure.parse("1/2 tsp").scaled(by: 0.1).display == "⅛ tsp")
        #expect(Measure.parse("1").scaled(by: 0.001).display == "⅛")
        #expect(Measure.parse("2 cloves").scaled(by: 1e-9).display == "⅛ clove")
    }

    @Test func nonsenseFactorsLeaveTheMeasureAlone() {
        let measure = Measure.parse("200 g")
        for factor in [0, -1, .nan, .infinity, -.infinity, 1e300] {
            #expect(measure.scaled(by: factor) == measure)
        }
    }

    @Test func fractionsSnapOnlyWhenClose() {
        #expect(Measure.parse("1 cup").scaled(by: 0.4).display == "0.4 cup")
        #expect(Measure.parse("1").scaled(by: 2.6).display == "2.6")
        #expect(Measure.parse("1").scaled(by: 2.3).display == "2 ⅓")
        #expect(Measure.parse("1").scaled(by: 12.3).display == "12 ½")
        #expect(Measure.parse("1").scaled(by: 12.2).display == "12")
    }

    @Test func rangesCollapseWhenBothEndsPrintAlike() {
        #expect(Measure.parse("100-101 g").display == "100 g")
        #expect(Measure.parse("2-3").scaled(by: 0.001).display == "⅛")
    }
}
