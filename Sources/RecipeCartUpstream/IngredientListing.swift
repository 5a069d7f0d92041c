import RecipeCartDomain

/// An API that lists recipes by their main ingredient (TheMealDB's `filter.php?i=`). With any other, a main
/// ingredient filters what is saved and costs no call.
package protocol IngredientListing: RecipeProvider {
    func mainIngredient(_ ingredient: MainIngredient) async throws(UpstreamFault) -> [FetchedRecipe]
}
