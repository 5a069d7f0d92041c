import RecipeCartDomain

/// One recipe API, as the pages and the importer use it.
package protocol RecipeProvider: Sendable {
    var source: UpstreamSource { get }
    /// True for this API's ids (`mealdb-52772` for TheMealDB): the only ones it is asked for.
    func owns(_ id: RecipeID) -> Bool
    func search(_ text: String) async throws(UpstreamFault) -> [FetchedRecipe]
    /// Nil when upstream has no such recipe.
    func recipe(_ id: RecipeID) async throws(UpstreamFault) -> FetchedRecipe?
}
