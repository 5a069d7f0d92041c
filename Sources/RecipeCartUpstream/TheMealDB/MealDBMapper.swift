import Foundation
import RecipeCartDomain

/// TheMealDB DTOs → domain values. Pure functions: no I/O, no clock.
package enum MealDBMapper {
    package static let idPrefix = "mealdb-"

    /// `mealdb-52772` for `52772`; nil unless the upstream id is all digits.
    package static func recipeID(forMealID mealID: String) -> RecipeID? {
        guard !mealID.isEmpty, mealID.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return RecipeID(idPrefix + mealID)
    }

    /// A full recipe. TheMealDB gives no servings or time, so both stay nil (unknown), never 0. Its Vegan category
    /// is the vegan diet (`DietCategory`).
    package static func recipe(from meal: MealDBMeal) throws(UpstreamMappingError) -> UpstreamRecipe {
        guard let id = recipeID(forMealID: meal.id) else { throw .invalidID(meal.id) }
        guard let title = UpstreamValue.clean(meal.name) else { throw .missingTitle(id: meal.id) }
        let category = UpstreamValue.clean(meal.category)
        let recipe = Recipe(
            id: id, title: title,
            description: description(area: meal.area, category: category),
            category: DietCategory.category(category ?? UpstreamValue.fallbackCategory), area: area(meal.area),
            servings: nil, readyInMinutes: nil,
            diets: UpstreamValue.ordered(DietCategory.diets(implied: category ?? "")),
            tags: UpstreamValue.tags((meal.tags ?? "").split(separator: ",").map(String.init)),
            imagePath: nil,
            sourceURL: UpstreamValue.webURL(meal.source),
            ingredients: meal.ingredients.map { Ingredient(name: $0.name, measure: $0.measure) },
            steps: meal.instructions.map(InstructionSteps.split) ?? [])
        return UpstreamRecipe(recipe: recipe, imageURL: UpstreamValue.webURL(meal.thumbnail))
    }

    /// The meals that map, in upstream order; the others are skipped.
    package static func recipes(from meals: some Sequence<MealDBMeal>) -> [UpstreamRecipe] {
        meals.compactMap { try? recipe(from: $0) }
    }

    /// A tile from `filter.php`, which names neither category nor cuisine itself: pass what was asked for. A tile
    /// listed by cuisine or main ingredient leaves its category empty (unknown).
    package static func summary(from meal: MealDBMealSummary, listing: MealDBListing) throws(UpstreamMappingError)
        -> UpstreamSummary
    {
        guard let id = recipeID(forMealID: meal.id) else { throw .invalidID(meal.id) }
        guard let title = UpstreamValue.clean(meal.name) else { throw .missingTitle(id: meal.id) }
        let (category, area): (String, String?) =
            switch listing {
            case .category(let name): (UpstreamValue.clean(name) ?? UpstreamValue.fallbackCategory, nil)
            case .area(let name): ("", Self.area(name))
            case .ingredient: ("", nil)
            }
        let summary = RecipeSummary(
            id: id, title: title, category: DietCategory.category(category), servings: nil, readyInMinutes: nil,
            imagePath: nil)
        return UpstreamSummary(
            summary: summary, area: area, diets: UpstreamValue.ordered(DietCategory.diets(implied: category)),
            imageURL: UpstreamValue.webURL(meal.thumbnail))
    }

    /// The summaries that map, in upstream order; the others are skipped.
    package static func summaries(from response: MealDBSummariesResponse, listing: MealDBListing) -> [UpstreamSummary] {
        response.meals.compactMap { try? summary(from: $0, listing: listing) }
    }

    /// Cuisine names for the filter, in upstream order, without blanks, "Unknown" or repeats.
    package static func areaNames(from response: MealDBAreasResponse) -> [String] {
        var seen: Set<String> = []
        return response.meals.compactMap { area($0.name) }.filter { seen.insert($0.lowercased()).inserted }
    }

    /// A cuisine as TheMealDB writes it, cleaned; nil for none or its "Unknown".
    package static func area(_ name: String?) -> String? {
        UpstreamValue.clean(name).flatMap { $0.caseInsensitiveCompare("Unknown") == .orderedSame ? nil : $0 }
    }

    /// TheMealDB writes no description, so say only what is known: "A Japanese dessert.",
    /// "An Italian pasta dish.", "A seafood dish."; empty when neither area nor category is known.
    package static func description(area: String?, category: String?) -> String {
        let area = Self.area(area)
        let kind = category.map(dishKind)
        guard area != nil || kind != nil else { return "" }
        let phrase = [area, kind ?? "dish"].compactMap { $0 }.joined(separator: " ")
        // "An Italian", "A Ukrainian": only a, e, i and o reliably take "an".
        let article = phrase.first.map { "aeioAEIO".contains($0) } == true ? "An" : "A"
        return "\(article) \(phrase)."
    }

    /// How a category reads after the area: "dessert", "side dish", "beef dish".
    private static func dishKind(_ category: String) -> String {
        switch category.lowercased() {
        case "dessert", "breakfast", "starter": category.lowercased()
        case "miscellaneous", "other": "dish"
        default: "\(category.lowercased()) dish"
        }
    }
}
