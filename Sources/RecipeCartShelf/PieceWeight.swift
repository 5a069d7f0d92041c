import RecipeCartDomain

/// How much one counted thing typically weighs, so that `2 onions` can be bought from onions sold by the kilo or in
/// a 1 kg net, and `3 cloves` of garlic from a 250 g bag. Every use of it makes an amount an estimate.
///
/// Looked up by the ingredient's whole name (`red onion`, not `pickled red onion`), as `IngredientDensity` is, and by
/// what the recipe counts: the thing itself (`2`, `1 large`) or a part or bundle of it (`3 cloves`, `2 sticks`).
/// Grams as the sources give them, each row naming its own:
/// - USDA: USDA FoodData Central, SR Legacy, household measures of the raw food with that NDB number.
/// - Web: the page named, where USDA gives no weight a piece.
/// A size (`small`, `large`) takes the source's weight for that size when it gives one, else the medium one.
/// Left out, for want of a source at hand giving a raw weight a piece: chicken breasts, fish fillets, prawns, bay
/// leaves, bunches, handfuls and sprigs of herbs other than parsley, a piece of ginger, a handful of nuts, a lasagne
/// sheet, a slice of ciabatta.
package struct PieceWeight: Sendable, Equatable {
    package var grams: Int

    /// The weight of one `noun` of `name` (`noun` as the recipe wrote it, empty for the thing itself); nil when the
    /// table does not know it.
    package static func of(_ name: String, noun: String = "") -> PieceWeight? {
        guard let nouns = table.value(whole: name) else { return nil }
        if CountNoun.countsTheIngredient(noun) {
            return nouns[""].map { PieceWeight(grams: $0.grams(size: Size(noun))) }
        }
        let words = CountNoun.key(noun).split { !$0.isLetter }.map(String.init)
        return words.lazy.compactMap { nouns[$0] }.first.map { PieceWeight(grams: $0.medium) }
    }

    package enum Size: Sendable {
        case small, medium, large

        init(_ noun: String) {
            let words = Set(noun.lowercased().split { !$0.isLetter })
            if words.contains("small") {
                self = .small
            } else if words.contains("large") || words.contains("big") {
                self = .large
            } else {
                self = .medium
            }
        }
    }

    package struct Sizes: Sendable {
        package var small: Int?
        package var medium: Int
        package var large: Int?

        package func grams(size: Size) -> Int {
            switch size {
            case .small: small ?? medium
            case .medium: medium
            case .large: large ?? medium
            }
        }
    }

    package struct Row: Sendable {
        package var names: [String]
        /// What is counted, singular; empty for the thing itself.
        package var noun: String
        package var sizes: Sizes
        /// Where the weights come from.
        package var source: String
    }

    private static func each(_ names: [String], counting noun: String = "", _ grams: Int, _ source: String) -> Row {
        Row(names: names, noun: noun, sizes: Sizes(small: nil, medium: grams, large: nil), source: source)
    }

    private static func sized(_ names: [String], _ sizes: (Int, Int, Int), _ source: String) -> Row {
        Row(names: names, noun: "", sizes: Sizes(small: sizes.0, medium: sizes.1, large: sizes.2), source: source)
    }

    private static let garlicHead =
        "Web: shuncy.com, How much does a head of garlic weigh: a supermarket (softneck) head 28 to 56 g; the middle, "
        + "42 g, taken"

    package static let rows: [Row] = [
        sized(
            ["onion", "brown onion", "white onion", "yellow onion", "red onion", "spanish onion"],
            (70, 110, 150),
            "USDA 11282, onions: small 70 g, medium (2-1/2\" dia) 110 g, large (3\" dia) 150 g"),
        each(
            ["shallot", "echalion shallot"], 25,
            "Web: sizepedia.org, How much does a shallot weigh: an average shallot 25 to 30 g; the lower, 25 g, taken"),
        each(
            ["spring onion", "scallion", "green onion"], 15,
            "USDA 11291, spring onions or scallions: 1 medium (4-1/8\" long) 15 g"),
        each(["garlic", "garlic clove"], counting: "clove", 3, "USDA 11215, garlic: 1 clove 3 g"),
        each(["garlic clove"], 3, "USDA 11215, garlic: 1 clove 3 g"),
        each(["garlic", "garlic bulb", "garlic head"], 42, garlicHead),
        each(["garlic"], counting: "head", 42, garlicHead),
        each(["garlic"], counting: "bulb", 42, garlicHead),
        sized(
            ["potato", "white potato", "baking potato", "floury potato", "maris piper potato"], (170, 213, 369),
            "USDA 11352, potatoes, flesh and skin: small 170 g, medium (2-1/4\" to 3-1/4\" dia) 213 g, large 369 g"),
        sized(
            ["carrot"], (50, 61, 72),
            "USDA 11124, carrots: small (5-1/2\" long) 50 g, medium 61 g, large (7-1/4\" to 8-1/2\" long) 72 g"),
        each(
            ["lemon", "unwaxed lemon"], 108,
            "USDA 09151, lemons with peel (a shop weighs them whole): 1 fruit (2-3/8\" dia) 108 g"),
        each(["lime"], 67, "USDA 09159, limes: 1 fruit (2\" dia) 67 g"),
        sized(
            ["tomato", "vine tomato", "plum tomato", "salad tomato"], (91, 123, 182),
            "USDA 11529, tomatoes, red, ripe: small 91 g, medium (2-3/5\" dia) 123 g, large 182 g"),
        each(["cherry tomato", "grape tomato"], 17, "USDA 11529, tomatoes, red, ripe: 1 cherry tomato 17 g"),
        sized(
            ["egg", "free range egg", "hen egg"], (44, 50, 56),
            "USDA 01123, egg, whole: medium 44 g, large 50 g, extra large 56 g"),
        each(["egg yolk"], 17, "USDA 01125, egg yolk: 1 large 17 g"),
        sized(
            ["apple", "eating apple", "cooking apple", "bramley apple"], (149, 182, 223),
            "USDA 09003, apples with skin: small (2-3/4\" dia) 149 g, medium (3\" dia) 182 g, large (3-1/4\" dia) 223 g"
        ),
        sized(
            ["banana"], (101, 118, 136),
            "USDA 09040, bananas: small (6\" to 6-7/8\" long) 101 g, medium (7\" to 7-7/8\") 118 g, large 136 g"),
        sized(
            [
                "pepper", "red pepper", "green pepper", "yellow pepper", "orange pepper", "bell pepper", "sweet pepper",
                "red bell pepper", "green bell pepper", "yellow bell pepper",
            ], (74, 119, 164),
            "USDA 11821 (red) and 11333 (green), sweet peppers: small 74 g, medium 119 g, large 164 g"),
        each(
            ["chilli", "chili", "green chilli", "red chilli", "green chili", "red chili", "chilli pepper"], 45,
            "USDA 11670 (green) and 11819 (red), hot chili peppers: 1 pepper 45 g"),
        sized(
            ["courgette", "zucchini"], (118, 196, 323),
            "USDA 11477, zucchini with skin: small 118 g, medium 196 g, large 323 g"),
        each(["aubergine", "eggplant"], 548, "USDA 11209, eggplant: 1 eggplant, unpeeled (approx 1-1/4 lb) 548 g"),
        each(
            ["avocado", "ripe avocado", "hass avocado"], 201,
            "USDA 09037, avocados: 1 fruit, without skin and seed 201 g"),
        each(["cucumber"], 301, "USDA 11205, cucumber with peel: 1 cucumber (8-1/4\") 301 g"),
        each(["mango"], 336, "USDA 09176, mangos: 1 fruit without refuse 336 g"),
        each(
            ["celery", "celery stick", "celery stalk"], 40,
            "USDA 11143, celery: 1 stalk, medium (7-1/2\" to 8\" long) 40 g"),
        each(["celery"], counting: "stick", 40, "USDA 11143, celery: 1 stalk, medium (7-1/2\" to 8\" long) 40 g"),
        each(["celery"], counting: "stalk", 40, "USDA 11143, celery: 1 stalk, medium (7-1/2\" to 8\" long) 40 g"),
        each(
            ["cabbage", "white cabbage", "green cabbage"], 908,
            "USDA 11109, cabbage: 1 head, medium (about 5-3/4\" dia) 908 g"),
        each(["romaine lettuce", "cos lettuce", "romaine"], 626, "USDA 11251, lettuce, cos or romaine: 1 head 626 g"),
        each(["english muffin"], 57, "USDA 18258, English muffins: 1 muffin 57 g"),
        each(["flour tortilla", "tortilla", "tortilla wrap"], 32, "USDA 18364, flour tortillas: 1 tortilla 32 g"),
        each(
            ["sourdough bread", "sourdough", "french bread", "baguette"], counting: "slice", 25,
            "USDA 18029, bread, French or Vienna (includes sourdough): a 1/2\" slice 25 g"),
        each(
            ["parsley", "flat leaf parsley", "curly parsley"], counting: "sprig", 1,
            "USDA 11297, parsley: 10 sprigs 10 g, a sprig 1 g"),
        each(["anchovy", "anchovy fillet"], 4, "USDA 15001, anchovies canned in oil, drained: 1 anchovy 4 g"),
        each(
            ["ham", "cooked ham", "sliced ham", "smoked ham", "honey roast ham"], counting: "slice", 28,
            "USDA 07028, ham, sliced, regular (approximately 11% fat): 1 slice 28 g"),
        each(
            ["ham slice", "slice of ham"], 28,
            "USDA 07028, ham, sliced, regular (approximately 11% fat): 1 slice 28 g"),
    ]

    private static let table = PhraseTable(
        Dictionary(
            rows.flatMap { row in row.names.map { ($0, [row.noun: row.sizes]) } },
            uniquingKeysWith: { first, second in first.merging(second) { kept, _ in kept } }
        )
        .map { (phrase: $0.key, value: $0.value) })
}
