import Foundation
import RecipeCart
import RecipeCartDomain

/// Makes believable recipes in bulk for the benchmarks: realistic lengths, a quarter with pictures.
struct RecipeGenerator {
    static let adjectives = [
        "Smoky", "Golden", "Crispy", "Spiced", "Creamy", "Zesty", "Rustic", "Herby", "Sticky", "Charred",
        "Silky", "Fiery", "Garlicky", "Honeyed", "Lemony", "Roasted", "Slow-Cooked", "Tangy", "Velvety", "Wild",
    ]
    static let mains = [
        "Chicken", "Lentil", "Salmon", "Mushroom", "Tofu", "Prawn", "Aubergine", "Chickpea", "Beef", "Pork",
        "Halloumi", "Squash", "Cauliflower", "Duck", "Cod", "Bean", "Spinach", "Potato", "Lamb", "Paneer",
    ]
    static let dishes = [
        "Stew", "Curry", "Traybake", "Salad", "Soup", "Pie", "Risotto", "Tacos", "Bowl", "Skewers",
        "Pasta", "Gratin", "Fritters", "Tagine", "Noodles", "Flatbread", "Bake", "Hash", "Chowder", "Stir-Fry",
    ]
    static let categories = [
        "Dessert", "Vegetarian", "Starter", "Chicken", "Seafood", "Pasta", "Breakfast", "Side", "Beef", "Soup",
    ]
    static let pantry: [(String, [String])] = [
        ("onion", ["1", "2", "1 large"]), ("garlic", ["2 cloves", "3–4 cloves"]), ("olive oil", ["2 tbsp", "1 tbsp"]),
        ("salt", ["a pinch", "to taste"]), ("black pepper", ["½ tsp", "to taste"]), ("tomato", ["400 g", "4"]),
        ("butter", ["25 g", "2 tbsp"]), ("plain flour", ["200 g", "1 ½ cups"]), ("milk", ["250 ml", "1 cup"]),
        ("egg", ["2", "3"]), ("lemon", ["1", "½"]), ("vegetable stock", ["500 ml", "1 l"]), ("rice", ["300 g"]),
        ("cumin", ["1 tsp"]), ("paprika", ["2 tsp"]), ("parsley", ["1 handful"]), ("carrot", ["2", "300 g"]),
        ("chilli flakes", ["a pinch"]), ("honey", ["1 tbsp"]), ("soy sauce", ["2 tbsp"]),
    ]
    static let verbs = [
        "Heat", "Stir in", "Fold through", "Simmer", "Roast", "Season", "Whisk", "Toss", "Scatter", "Serve",
    ]

    var seed: UInt64

    mutating func next(_ bound: Int) -> Int {
        // xorshift: deterministic, so every run benchmarks the same catalog.
        seed ^= seed << 13
        seed ^= seed >> 7
        seed ^= seed << 17
        return Int(seed % UInt64(bound))
    }

    mutating func recipe(number: Int) -> Recipe {
        let main = Self.mains[next(Self.mains.count)]
        let title =
            "\(Self.adjectives[next(Self.adjectives.count)]) \(main) \(Self.dishes[next(Self.dishes.count)]) \(number)"
        let ingredients =
            (0..<(5 + next(8))).map { _ -> Ingredient in
                let (name, measures) = Self.pantry[next(Self.pantry.count)]
                return Ingredient(name: name, measure: measures[next(measures.count)])
            } + [Ingredient(name: main.lowercased(), measure: "\(200 + next(8) * 50) g")]
        let steps = (0..<(3 + next(6))).map { step in
            "\(Self.verbs[next(Self.verbs.count)]) the \(Self.pantry[next(Self.pantry.count)].0) with the \(main.lowercased()) for \(2 + next(10)) minutes, stirring now and then until it smells wonderful (step \(step + 1))."
        }
        let diets = Diet.allCases.filter { _ in next(4) == 0 }
        return Recipe(
            id: RecipeID("gen-\(number)")!, title: title,
            description:
                "A generated \(main.lowercased()) recipe for load tests: \(title.lowercased()), with a description about as long as a real one, and then some more words to make it so.",
            category: Self.categories[next(Self.categories.count)], servings: 1 + next(8),
            readyInMinutes: 5 + next(24) * 5,
            diets: diets, tags: [main.lowercased(), "generated"],
            imagePath: next(4) == 0 ? "bundled/bundled-\(1 + next(26)).svg" : nil,
            sourceURL: nil, ingredients: ingredients, steps: steps)
    }
}
