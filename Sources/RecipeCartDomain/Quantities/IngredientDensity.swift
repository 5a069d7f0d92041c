/// How much a volume of an ingredient weighs, and whether the shop sells it by weight or by
/// volume, so that `240 g` and `¾ cup` of butter can meet on a shopping list as one amount.
///
/// Only common pantry ingredients, by their whole name (`plain flour`, not `flour tortilla`).
/// Values are grams per US cup (236.59 ml), or per US tablespoon (14.79 ml) where the source gives
/// only that, as the sources give them:
/// - KA: King Arthur Baking, Ingredient Weight Chart (spooned and levelled).
/// - USDA: USDA National Nutrient Database for Standard Reference (FoodData Central, SR Legacy),
///   household measure of the named food.
/// Solids are sold by weight; milk, cream, water and oil by volume. Honey is sold by weight: jars
/// are labelled in grams (340 g, 454 g), as is yogurt (500 g pots). Left out, for want of a source
/// at hand giving a spoon or cup weight: golden syrup, garam masala, chilli flakes, curry pastes,
/// and fresh tarragon, basil, coriander leaves and mint by the spoon.
package struct IngredientDensity: Sendable, Equatable {
    package var gramsPerMillilitre: Double
    package var soldBy: MeasureUnit.Dimension

    package static func of(_ name: String) -> IngredientDensity? {
        known.value(for: name) { table.value(whole: $0) }
    }

    /// As `IngredientAisle`'s: the same names are looked up again by every list.
    private static let known = BoundedMemo<String, IngredientDensity?>(capacity: 8_192)

    private static func perCup(_ grams: Double, soldBy: MeasureUnit.Dimension) -> IngredientDensity {
        IngredientDensity(gramsPerMillilitre: grams / MeasureUnit.cup.baseSize, soldBy: soldBy)
    }

    private static func perTablespoon(_ grams: Double, soldBy: MeasureUnit.Dimension) -> IngredientDensity {
        IngredientDensity(gramsPerMillilitre: grams / MeasureUnit.tablespoon.baseSize, soldBy: soldBy)
    }

    /// Each density with the names it is looked up by, as the sources give them.
    package static let rows: [(names: [String], density: IngredientDensity)] = [
        // KA: all-purpose flour and bread flour 120 g a cup.
        (
            ["flour", "plain flour", "all purpose flour", "bread flour", "strong white flour", "strong flour"],
            perCup(120, soldBy: .mass)
        ),
        // KA: self-rising flour 113 g a cup.
        (["self raising flour", "self rising flour"], perCup(113, soldBy: .mass)),
        // KA: cornstarch 28 g a quarter cup.
        (["cornflour", "cornstarch", "corn starch"], perCup(112, soldBy: .mass)),
        // KA: granulated sugar 198 g a cup; caster sugar is as fine and taken as the same.
        (
            ["sugar", "white sugar", "granulated sugar", "caster sugar", "superfine sugar"],
            perCup(198, soldBy: .mass)
        ),
        // KA: brown sugar, light or dark, packed, 213 g a cup; muscovado is a brown sugar.
        (
            [
                "brown sugar", "light brown sugar", "dark brown sugar", "soft brown sugar",
                "light soft brown sugar",
                "dark soft brown sugar", "muscovado sugar", "light muscovado sugar", "dark muscovado sugar",
            ],
            perCup(213, soldBy: .mass)
        ),
        // KA: confectioners' sugar 113 g a cup.
        (["icing sugar", "powdered sugar", "confectioners sugar"], perCup(113, soldBy: .mass)),
        // KA: unsweetened cocoa 42 g half a cup.
        (["cocoa", "cocoa powder"], perCup(84, soldBy: .mass)),
        // KA: butter 113 g half a cup.
        (["butter", "unsalted butter", "salted butter"], perCup(226, soldBy: .mass)),
        // USDA 20444, white long-grain rice, raw: 185 g a cup.
        (["rice", "white rice", "long grain rice", "basmati rice", "jasmine rice"], perCup(185, soldBy: .mass)),
        // USDA 20052, white short-grain rice, raw: 200 g a cup.
        (
            ["arborio rice", "risotto rice", "paella rice", "sushi rice", "pudding rice"],
            perCup(200, soldBy: .mass)
        ),
        // USDA 08120, oats, regular and quick, dry: 81 g a cup.
        (["oat", "rolled oat", "porridge oat", "jumbo oat"], perCup(81, soldBy: .mass)),
        // USDA 19296, honey: 339 g a cup.
        (["honey", "runny honey", "clear honey"], perCup(339, soldBy: .mass)),
        // USDA 19353, maple syrup: 315 g a cup.
        (["maple syrup"], perCup(315, soldBy: .volume)),
        // USDA 01116, plain whole-milk yogurt: 245 g a cup.
        (
            [
                "yogurt", "yoghurt", "natural yogurt", "natural yoghurt", "plain yogurt", "greek yogurt",
                "greek yoghurt",
            ],
            perCup(245, soldBy: .mass)
        ),
        // USDA 01077, whole milk: 244 g a cup.
        (["milk", "whole milk", "semi skimmed milk", "skimmed milk"], perCup(244, soldBy: .volume)),
        // USDA 01053, heavy whipping cream, fluid: 238 g a cup.
        (["cream", "double cream", "heavy cream", "whipping cream", "single cream"], perCup(238, soldBy: .volume)),
        // Water: a gram a millilitre, by the gram's definition.
        (
            ["water", "cold water", "warm water", "hot water", "boiling water"],
            perCup(MeasureUnit.cup.baseSize, soldBy: .volume)
        ),
        // USDA 04053, olive oil: 216 g a cup; USDA 04582, canola oil: 218 g a cup.
        (["olive oil", "extra virgin olive oil", "light olive oil"], perCup(216, soldBy: .volume)),
        (["oil", "vegetable oil", "sunflower oil", "rapeseed oil", "canola oil"], perCup(218, soldBy: .volume)),
        // USDA 11216, ginger root, raw: 1 tbsp 6 g (grated or chopped fresh ginger).
        (
            [
                "ginger", "fresh ginger", "root ginger", "fresh root ginger", "ginger root", "grated ginger",
                "grated fresh ginger",
            ],
            perTablespoon(6, soldBy: .mass)
        ),
        // USDA 11297, parsley, fresh: 1 cup chopped 60 g.
        (
            ["parsley", "fresh parsley", "flat leaf parsley", "curly parsley", "chopped parsley"],
            perCup(60, soldBy: .mass)
        ),
        // USDA 11156, chives, raw: 1 tbsp chopped 3 g.
        (["chive", "fresh chive", "chopped chive"], perTablespoon(3, soldBy: .mass)),
        // USDA 02063, rosemary, fresh: 1 tbsp 1.7 g.
        (["rosemary", "fresh rosemary", "chopped rosemary"], perTablespoon(1.7, soldBy: .mass)),
        // USDA 12006, chia seeds, dried: 1 tbsp 12 g.
        (["chia seed", "chia"], perTablespoon(12, soldBy: .mass)),
        // USDA 11172, sweet corn, yellow, canned, whole kernel, drained solids: 1 cup 164 g.
        (
            ["sweetcorn", "sweet corn", "corn kernel", "canned sweetcorn", "tinned sweetcorn"],
            perCup(164, soldBy: .mass)
        ),
        // USDA 02046, mustard, prepared, yellow: 1 tsp 5 g, so 15 g a tablespoon; the other prepared mustards
        // are pastes as thick and taken as the same.
        (
            [
                "mustard", "prepared mustard", "yellow mustard", "american mustard", "dijon mustard",
                "wholegrain mustard", "whole grain mustard", "english mustard",
            ],
            perTablespoon(15, soldBy: .mass)
        ),
    ]

    private static let table = PhraseTable(rows.flatMap { row in row.names.map { ($0, row.density) } })
}
