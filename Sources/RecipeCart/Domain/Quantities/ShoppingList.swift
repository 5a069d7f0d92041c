/// What to buy for a set of recipes: each ingredient once, its amounts summed where units allow,
/// and the recipes that need it.
public struct ShoppingList: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var recipeTitle: String
        public var ingredients: [Ingredient]
        /// Servings wanted ÷ the recipe's servings, times how many of the recipe are in the cart.
        public var factor: Double

        public init(recipeTitle: String, ingredients: [Ingredient], factor: Double) {
            self.recipeTitle = recipeTitle
            self.ingredients = ingredients
            self.factor = factor
        }
    }

    public struct Item: Sendable, Equatable {
        /// As the first recipe that needs it wrote it.
        public var name: String
        /// Display strings such as `1.5 kg`, `2–3 cloves`, `a pinch`; empty when no recipe gave one.
        public var amounts: [String]
        /// Unique, in the order of the entries.
        public var recipes: [String]

        public init(name: String, amounts: [String], recipes: [String]) {
            self.name = name
            self.amounts = amounts
            self.recipes = recipes
        }
    }

    /// Sorted by name, ignoring case, accents and plurals.
    public var items: [Item]

    /// Entries with a factor that is zero, negative, not finite or absurdly large need nothing
    /// and are left out.
    public init(entries: [Entry]) {
        var lines: [String: Line] = [:]
        for entry in entries where entry.factor.isFinite && entry.factor > 0 && entry.factor <= Measure.largestFactor {
            for ingredient in entry.ingredients {
                let name = IngredientName(ingredient.name)
                guard !name.key.isEmpty else { continue }
                lines[name.key, default: Line(name: name.display)]
                    .add(Measure.parse(ingredient.measure).scaled(by: entry.factor), for: entry.recipeTitle)
            }
        }
        items = lines.sorted { $0.key < $1.key }.map { $0.value.item }
    }

    private struct Line {
        var name: String
        var tally = MeasureTally()
        var recipes: [String] = []

        mutating func add(_ measure: Measure, for recipe: String) {
            tally.add(measure)
            if !recipes.contains(recipe) { recipes.append(recipe) }
        }

        var item: Item {
            Item(name: name, amounts: tally.amounts, recipes: recipes)
        }
    }
}
