/// A recipe's ingredient names with its title: what "What can I make with…" ranks by.
package struct IngredientList: Sendable, Equatable {
    /// The same on both databases; rows of one recipe come together, in the recipe's order.
    package static let sql = """
        SELECT r.id, r.title, i.name FROM recipe_effective r JOIN recipe_ingredients i ON i.recipe_id = r.id
        ORDER BY r.id, i.position
        """

    package var id: RecipeID
    package var title: String
    package var names: [String]

    package init(id: RecipeID, title: String, names: [String]) {
        self.id = id
        self.title = title
        self.names = names
    }

    /// Rows of (id, title, ingredient name) in `sql`'s order, gathered a recipe at a time.
    package static func gather(_ rows: some Sequence<(String, String, String)>) -> [IngredientList] {
        var lists: [IngredientList] = []
        for (id, title, name) in rows {
            if lists.last?.id.rawValue == id {
                lists[lists.count - 1].names.append(name)
            } else if let recipeID = RecipeID(id) {
                lists.append(IngredientList(id: recipeID, title: title, names: [name]))
            }
        }
        return lists
    }
}
