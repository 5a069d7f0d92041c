import RecipeCartDomain

/// An API that lists recipes by cuisine (TheMealDB's `filter.php?a=`) and names its cuisines (`list.php?a=list`).
/// With any other, a cuisine filters what is saved and costs no call.
package protocol AreaListing: RecipeProvider {
    func area(_ name: String) async throws(UpstreamFault) -> [FetchedRecipe]
    func areaNames() async throws(UpstreamFault) -> [String]
}
