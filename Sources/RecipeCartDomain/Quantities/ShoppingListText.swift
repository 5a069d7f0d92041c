/// The shopping list as plain text (`GET /cart/list.txt`), to paste into a message:
///
///     Shopping list
///
///     Recipes
///     - 2 × Shepherd's Pie (4 servings each)
///     - 1 × Lemon Drizzle (8 servings)
///
///     Produce
///     - 3 onions
///     - 1.2 kg potatoes
///
///     Already have
///     - salt (to taste)
///
/// Lines start with `- ` because chat apps show that as a list; blank lines part the sections.
/// Text is not escaped: it is served as text/plain.
package enum ShoppingListText {
    /// `recipes`: each recipe in the cart, how many of it and the servings of one; a count below
    /// one is left out, servings below one are not mentioned. A priced list gives each item's packs and price
    /// (`price`, by item key, `: 1 × 250 g Butter, €2.49 (€9.96 per kg)`), each aisle's subtotal (`subtotals`, by
    /// aisle title) and the total, as the cart page shows them.
    package static func render(
        recipes: [(title: String, count: Int, servings: Int)], groups: [ShoppingListGroup],
        prices: [String: String] = [:], subtotals: [String: String] = [:], total: String? = nil
    ) -> String {
        var sections = ["Shopping list"]
        let recipeLines = recipes.filter { $0.count > 0 }.map(recipeLine)
        if !recipeLines.isEmpty { sections.append((["Recipes"] + recipeLines).joined(separator: "\n")) }
        sections += groups.map { group in
            let title = subtotals[group.title].map { "\(group.title): \($0)" } ?? group.title
            return ([title] + group.items.map { itemLine($0) + (prices[$0.key].map { ": " + $0 } ?? "") })
                .joined(separator: "\n")
        }
        if groups.isEmpty { sections.append("Nothing to buy.") }
        if let total { sections.append(total) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private static func recipeLine(_ recipe: (title: String, count: Int, servings: Int)) -> String {
        let line = "- \(recipe.count) × " + recipe.title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard recipe.servings > 0 else { return line }
        let servings = recipe.servings == 1 ? "1 serving" : "\(recipe.servings) servings"
        return line + " (\(servings)\(recipe.count > 1 ? " each" : ""))"
    }

    /// `- 5 tsp salt (to taste, a pinch)`.
    private static func itemLine(_ item: ShoppingList.Item) -> String {
        let notes = item.notes.isEmpty ? "" : " (" + item.notes.joined(separator: ", ") + ")"
        return "- " + [item.amount, item.name].filter { !$0.isEmpty }.joined(separator: " ") + notes
    }
}
