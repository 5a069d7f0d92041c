import RecipeCartDomain

/// What this instance holds in memory of the catalog, so a kept page can be answered without a read. Kept apart
/// from `CatalogStore`: the catalog stores keep it, since their writes and the generation they hear make it stale.
package protocol CatalogMemory: Sendable {
    /// `CatalogStore.generation()` when memory holds it current, nil when only a read can tell.
    func generationInMemory() -> Int?
    /// The shop's copy of a recipe as read at `generation`, when memory holds it.
    func recipeInMemory(_ id: RecipeID, generation: Int) -> Recipe?
}
