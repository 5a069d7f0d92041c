import Foundation

/// TheMealDB's JSON API: full meals from `search.php` and `lookup.php`, tiles from `filter.php`.
struct MealDBClient: CategoryListing {
    let api: UpstreamAPI

    var source: UpstreamSource { .themealdb }

    func owns(_ id: RecipeID) -> Bool { Self.mealID(of: id) != nil }

    func search(_ text: String) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await meals(query: [("s", text)])
    }

    /// Every meal whose name starts with `letter`: how `web import --all` walks the catalog.
    func meals(startingWith letter: Character) async throws(UpstreamFault) -> [FetchedRecipe] {
        try await meals(query: [("f", String(letter))])
    }

    func category(_ name: String) async throws(UpstreamFault) -> [FetchedRecipe] {
        guard let response = try await api.get(MealDBSummariesResponse.self, path: "filter.php", query: [("c", name)]) else { return [] }
        return MealDBMapper.summaries(from: response, category: name).map(FetchedRecipe.init)
    }

    func recipe(_ id: RecipeID) async throws(UpstreamFault) -> FetchedRecipe? {
        guard let mealID = MealDBClient.mealID(of: id) else { return nil }
        let response = try await api.get(MealDBMealsResponse.self, path: "lookup.php", query: [("i", mealID)])
        return response.flatMap { MealDBMapper.recipes(from: $0.meals).first { $0.recipe.id == id } }.map { FetchedRecipe($0) }
    }

    /// `52772` for `mealdb-52772`; nil for another source's id.
    static func mealID(of id: RecipeID) -> String? {
        guard id.rawValue.hasPrefix(MealDBMapper.idPrefix) else { return nil }
        let mealID = String(id.rawValue.dropFirst(MealDBMapper.idPrefix.count))
        return MealDBMapper.recipeID(forMealID: mealID) == id ? mealID : nil
    }

    private func meals(query: [(String, String)]) async throws(UpstreamFault) -> [FetchedRecipe] {
        guard let response = try await api.get(MealDBMealsResponse.self, path: "search.php", query: query) else { return [] }
        return MealDBMapper.recipes(from: response.meals).map { FetchedRecipe($0) }
    }
}
