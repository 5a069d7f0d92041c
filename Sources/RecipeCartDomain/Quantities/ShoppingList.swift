/// What to buy for a set of recipes: each ingredient once, its amounts summed where units allow,
/// the recipes that need it, and the aisle it is found in.
package struct ShoppingList: Sendable, Equatable {
    package struct Entry: Sendable, Hashable {
        package var recipeTitle: String
        package var ingredients: [Ingredient]
        /// Servings wanted ÷ the recipe's servings, times how many of the recipe are in the cart.
        package var factor: Double
        /// Aisles a recipe API gave (Spoonacular's `aisle`), by ingredient name in any spelling
        /// (`Chopped Tomatoes` or its key `chopped tomato`); they win over the built-in table.
        package var aisles: [String: Aisle]

        package init(recipeTitle: String, ingredients: [Ingredient], factor: Double, aisles: [String: Aisle] = [:]) {
            self.recipeTitle = recipeTitle
            self.ingredients = ingredients
            self.factor = factor
            self.aisles = aisles
        }

        /// An entry whose aisle hints are the aisles its recipe API named for these ingredients.
        package static func hinted(recipeTitle: String, ingredients: [Ingredient], factor: Double) -> Entry {
            let hints = ingredients.compactMap { ingredient in
                ingredient.aisle.flatMap(Aisle.init(spoonacularAisle:)).map { (ingredient.name, $0) }
            }
            return Entry(
                recipeTitle: recipeTitle, ingredients: ingredients, factor: factor,
                aisles: Dictionary(hints, uniquingKeysWith: { first, _ in first }))
        }

        /// The entry without what its shopper has.
        fileprivate func excluding(had have: [String: Bool]) -> Entry {
            var entry = self
            entry.ingredients.removeAll { ingredient in
                let key = IngredientName(ingredient.name).key
                return have[key] ?? PantryStaple.startsAsHave(key)
            }
            return entry
        }

        /// Entries with a factor that is zero, negative, not finite or absurdly large need nothing.
        package var isNeeded: Bool {
            factor.isFinite && factor > 0 && factor <= Measure.largestFactor
        }
    }

    /// Sorted by name, ignoring case, accents and plurals.
    package var items: [Item]

    package init(entries: [Entry]) {
        guard entries.count <= Self.keptEntriesLimit else {
            self.init(summing: entries)
            return
        }
        self = Self.known.value(for: entries, make: Self.init(summing:))
    }

    /// The lists of the carts seen lately: a cart's page, its text list and its send each sum the same entries.
    private static let known = BoundedMemo<[Entry], ShoppingList>(capacity: 256)

    /// The most entries a kept list has: a cart's. A longer one (the catalog priced 500 recipes at a time for every
    /// recipe's cost a serving) is summed each time, since keeping it would keep those recipes' ingredients: at
    /// 100,000 recipes that held 65 MB.
    private static let keptEntriesLimit = 50

    private init(summing entries: [Entry]) {
        var lines: [String: Line] = [:]
        for entry in entries where entry.isNeeded {
            let hints = Dictionary(
                entry.aisles.sorted { $0.key < $1.key }.map { (IngredientName($0.key).key, $0.value) }
            ) { first, _ in first }
            for ingredient in entry.ingredients {
                let name = IngredientName(ingredient.name)
                guard !name.key.isEmpty else { continue }
                let measure = Measure.parse(ingredient.measure).scaled(by: entry.factor)
                lines[name.key, default: Line(name: name)].add(measure, for: entry.recipeTitle, aisle: hints[name.key])
            }
        }
        items = lines.sorted { $0.key < $1.key }.map { $0.value.item }
    }

    /// The list as the shopper walks the shop: one group an aisle in `walkingOrder` (completed
    /// with the aisles it leaves out), then "Already have". `have` is the shopper's word, by item
    /// key, over the default that only staples are had. Empty groups are left out.
    package func groups(walkingOrder: [Aisle], have: [String: Bool]) -> [ShoppingListGroup] {
        let had = ShoppingListGroup(aisle: nil, items: items.filter { $0.isHad(have) })
        return (Self.aisleGroups(items.filter { !$0.isHad(have) }, walkingOrder: walkingOrder) + [had])
            .filter { !$0.items.isEmpty }
    }

    /// What staff pick for one shopper: the groups without "Already have".
    package func pickList(walkingOrder: [Aisle], have: [String: Bool]) -> [ShoppingListGroup] {
        Self.aisleGroups(items.filter { !$0.isHad(have) }, walkingOrder: walkingOrder).filter { !$0.items.isEmpty }
    }

    /// What staff pick across several shoppers' carts: each cart's entries without what its
    /// shopper has (`have` as in `groups`), then merged, so salt one shopper has is still picked
    /// for another who needs it.
    package static func pickList(
        carts: [(entries: [Entry], have: [String: Bool])], walkingOrder: [Aisle]
    ) -> [ShoppingListGroup] {
        let needed = ShoppingList(entries: carts.flatMap { cart in cart.entries.map { $0.excluding(had: cart.have) } })
        return aisleGroups(needed.items, walkingOrder: walkingOrder).filter { !$0.items.isEmpty }
    }

    private static func aisleGroups(_ items: [Item], walkingOrder: [Aisle]) -> [ShoppingListGroup] {
        Aisle.walkingOrder(from: walkingOrder.map(\.rawValue)).map { aisle in
            ShoppingListGroup(aisle: aisle, items: items.filter { $0.aisle == aisle })
        }
    }

    private struct Line {
        package var name: IngredientName
        package var tally = MeasureTally()
        package var recipes: [String] = []
        /// The first hint a recipe API gave.
        package var aisleHint: Aisle?

        package mutating func add(_ measure: Measure, for recipe: String, aisle: Aisle?) {
            tally.add(measure)
            if !recipes.contains(recipe) { recipes.append(recipe) }
            if aisleHint == nil { aisleHint = aisle }
        }

        package var item: Item {
            Item(
                key: name.key,
                name: tally.countsPlural.map(name.display(plural:)) ?? name.display,
                amounts: tally.amounts(density: IngredientDensity.of(name.key)),
                notes: tally.notes,
                recipes: recipes,
                aisle: aisleHint ?? IngredientAisle.aisle(for: name.key),
                isStaple: PantryStaple.startsAsHave(name.key))
        }
    }
}
