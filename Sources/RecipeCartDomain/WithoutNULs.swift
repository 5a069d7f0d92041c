extension String {
    /// The text with every U+0000 taken out: the same on both databases, since PostgreSQL refuses it in text.
    package var withoutNULs: String {
        contains("\u{0}") ? String(unicodeScalars.filter { $0 != "\u{0}" }) : self
    }
}

extension Recipe {
    /// The recipe with no U+0000 in its text, as an upstream API might send it and PostgreSQL cannot store it.
    package var withoutNULs: Recipe {
        var recipe = self
        recipe.title = title.withoutNULs
        recipe.description = description.withoutNULs
        recipe.category = category.withoutNULs
        recipe.area = area?.withoutNULs
        recipe.tags = tags.map(\.withoutNULs)
        recipe.imagePath = imagePath?.withoutNULs
        recipe.ingredients = ingredients.map {
            Ingredient(name: $0.name.withoutNULs, measure: $0.measure.withoutNULs, aisle: $0.aisle?.withoutNULs)
        }
        recipe.steps = steps.map(\.withoutNULs)
        return recipe
    }
}
