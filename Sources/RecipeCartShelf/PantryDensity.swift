import RecipeCartDomain

/// What a spoonful weighs of the pantry goods recipes measure by the spoon and shops sell by weight (spices, raising
/// agents, seeds, pastes, grated cheese), which the list's density table (`IngredientDensity`) leaves out: so that
/// `2 tsp` of baking powder can be priced from a 170 g tub. Used on the shelf only, after that table.
///
/// Looked up by the ingredient's whole name. Grams per spoon or cup as USDA FoodData Central, SR Legacy, gives them
/// for the food with the NDB number each row names. Left out, for want of such a figure: garam masala, chilli flakes,
/// curry pastes, Dijon mustard, sweetcorn.
package enum PantryDensity {
    package struct Row: Sendable {
        package var names: [String]
        package var grams: Double
        package var per: MeasureUnit
        package var source: String

        package var gramsPerMillilitre: Double {
            grams / per.baseSize
        }
    }

    package static func gramsPerMillilitre(_ name: String) -> Double? {
        table.value(whole: name)
    }

    package static let rows: [Row] = [
        Row(
            names: ["baking powder"], grams: 4.6, per: .teaspoon,
            source: "USDA 18369, baking powder, double-acting: 1 tsp 4.6 g"),
        Row(
            names: ["bicarbonate of soda", "baking soda", "bicarb"], grams: 4.6, per: .teaspoon,
            source: "USDA 18372, baking soda: 1 tsp 4.6 g"),
        Row(
            names: ["salt", "table salt", "fine salt"], grams: 6, per: .teaspoon,
            source: "USDA 02047, salt, table: 1 tsp 6 g"),
        Row(
            names: ["ground cumin", "cumin", "cumin seed"], grams: 2.1, per: .teaspoon,
            source: "USDA 02014, cumin seed: 1 tsp, whole 2.1 g"),
        Row(
            names: ["ground turmeric", "turmeric"], grams: 3, per: .teaspoon,
            source: "USDA 02043, turmeric, ground: 1 tsp 3 g"),
        Row(
            names: ["paprika", "smoked paprika", "sweet paprika"], grams: 2.3, per: .teaspoon,
            source: "USDA 02028, paprika: 1 tsp 2.3 g"),
        Row(
            names: ["chilli powder", "chili powder"], grams: 2.7, per: .teaspoon,
            source: "USDA 02009, chili powder: 1 tsp 2.7 g"),
        Row(
            names: ["ground coriander", "coriander seed"], grams: 1.8, per: .teaspoon,
            source: "USDA 02013, coriander seed: 1 tsp 1.8 g"),
        Row(
            names: ["dried oregano", "oregano"], grams: 1, per: .teaspoon,
            source: "USDA 02027, oregano, dried: 1 tsp, leaves 1 g"),
        Row(
            names: ["black pepper", "ground black pepper"], grams: 2.3, per: .teaspoon,
            source: "USDA 02030, pepper, black: 1 tsp, ground 2.3 g"),
        Row(
            names: ["mustard seed", "mustard powder", "english mustard powder"], grams: 2, per: .teaspoon,
            source: "USDA 02024, mustard seed, ground: 1 tsp 2 g"),
        Row(
            names: ["cinnamon", "ground cinnamon"], grams: 2.6, per: .teaspoon,
            source: "USDA 02010, cinnamon, ground: 1 tsp 2.6 g"),
        Row(
            names: ["nutmeg", "ground nutmeg"], grams: 2.2, per: .teaspoon,
            source: "USDA 02025, nutmeg, ground: 1 tsp 2.2 g"),
        Row(
            names: ["fast action dried yeast", "dried yeast", "instant yeast", "yeast"], grams: 4, per: .teaspoon,
            source: "USDA 18375, yeast, baker's, active dry: 1 tsp 4 g"),
        Row(
            names: ["tomato puree", "tomato paste"], grams: 16, per: .tablespoon,
            source: "USDA 11546, tomato paste, canned: 1 tbsp 16 g"),
        Row(names: ["tahini"], grams: 15, per: .tablespoon, source: "USDA 12166, sesame butter, tahini: 1 tbsp 15 g"),
        Row(
            names: ["sesame seed", "toasted sesame seed"], grams: 9, per: .tablespoon,
            source: "USDA 12023, sesame seeds, whole, dried: 1 tbsp 9 g"),
        Row(
            names: ["parmesan", "grated parmesan", "parmesan cheese"], grams: 5, per: .tablespoon,
            source: "USDA 01033, parmesan, grated: 1 tbsp 5 g"),
        Row(
            names: ["breadcrumb", "dried breadcrumb", "dry breadcrumb"], grams: 108, per: .cup,
            source: "USDA 18079, bread crumbs, dry, plain: 1 cup 108 g"),
        Row(names: ["coconut milk"], grams: 226, per: .cup, source: "USDA 12118, coconut milk, canned: 1 cup 226 g"),
    ]

    private static let table = PhraseTable(
        rows.flatMap { row in row.names.map { (phrase: $0, value: row.gramsPerMillilitre) } })
}
