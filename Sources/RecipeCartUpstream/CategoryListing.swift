import RecipeCartDomain

/// An API whose category listing matches RecipeCart's categories (TheMealDB's `filter.php`). With any other,
/// a category page shows what is saved and costs no call.
package protocol CategoryListing: RecipeProvider {
    func category(_ name: String) async throws(UpstreamFault) -> [FetchedRecipe]
}
