import Foundation
import RecipeCartDomain

/// TheMealDB's JSON API: full meals from `search.php` and `lookup.php`, tiles from `filter.php` (by category, cuisine or
/// main ingredient), cuisines from `list.php`.
package struct MealDBClient: CategoryListing, AreaListing, IngredientListing {
    package let api: UpstreamAPI

    package var source: UpstreamSource { .themealdb }

    package func owns(_ id: RecipeID) -> Bool { Self.mealID(of: id) != nil }

    package func search(_ text: String) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await meals(query: [("s", text)])
    }

    /// Every meal whose name starts with `letter`: how `web import --all` walks the catalog.
    package func meals(startingWith letter: Character) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await meals(query: [("f", String(letter))])
    }

    package func category(_ name: String) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await tiles(.category(name))
    }

    package func area(_ name: String) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await tiles(.area(name))
    }

    package func mainIngredient(_ ingredient: MainIngredient) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await tiles(.ingredient(ingredient))
    }

    package func areaNames() async throws(UpstreamFault) -> [String] {
        guard let response = try await api.get(MealDBAreasResponse.self, path: "list.php", query: [("a", "list")])
        else { return [] }
        return MealDBMapper.areaNames(from: response)
    }

    package func recipe(_ id: RecipeID) async throws(UpstreamFault) -> FetchedRecipe? {
        guard let mealID = MealDBClient.mealID(of: id) else { return nil }
        let response = try await api.get(MealDBMealsResponse.self, path: "lookup.php", query: [("i", mealID)])
        return response.flatMap { MealDBMapper.recipes(from: $0.meals).first { $0.recipe.id == id } }.map {
            FetchedRecipe($0)
        }
    }

    /// `52772` for `mealdb-52772`; nil for another source's id.
    package static func mealID(of id: RecipeID) -> String? {
        guard id.rawValue.hasPrefix(MealDBMapper.idPrefix) else { return nil }
        let mealID = String(id.rawValue.dropFirst(MealDBMapper.idPrefix.count))
        return MealDBMapper.recipeID(forMealID: mealID) == id ? mealID : nil
    }

    private func tiles(_ listing: MealDBListing) async throws(UpstreamFault) -> [FetchedRecipe] {
        let query =
            switch listing {
            case .category(let name): ("c", name)
            case .area(let name): ("a", name)
            case .ingredient(let main): ("i", main.mealDBIngredient)
            }
        guard let response = try await api.get(MealDBSummariesResponse.self, path: "filter.php", query: [query]) else {
            return []
        }
        return MealDBMapper.summaries(from: response, listing: listing).map(FetchedRecipe.init)
    }

    private func meals(query: [(String, String)]) async throws(UpstreamFault) -> [FetchedRecipe] {
        guard let response = try await api.get(MealDBMealsResponse.self, path: "search.php", query: query) else {
            return []
        }
        return MealDBMapper.recipes(from: response.meals).map { FetchedRecipe($0) }
    }
}
