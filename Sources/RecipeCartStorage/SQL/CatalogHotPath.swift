import RecipeCartDomain

/// The catalog's paths each database tunes for itself, which `SQLCatalogStore` leaves to it: the catalog generation,
/// a detail page's recipe, the tiles of a page of recipes, search and browse, and the search index streamed at start.
/// SQLite (`SQLiteCatalogHotPath`) keeps its statements compiled on each connection, searches FTS5 and rereads the
/// generation from its file; PostgreSQL (`PostgresCatalogHotPath`) prepares its statements once a connection,
/// searches a `tsvector` and hears the generation through `CatalogGenerationListener`.
package protocol CatalogHotPath: Sendable {
    /// `CatalogStore.generation`: what a recipe read after it is kept under.
    func generation() async throws -> Int
    /// `CatalogMemory.generationInMemory`.
    func generationInMemory() -> Int?
    /// The shop's copy of a recipe, its edit applied: read the first time a detail page or a post names it.
    func shopCopy(_ id: RecipeID) async throws -> Recipe?
    /// The shopper's own version, when they saved one, laid over the shop's copy: read on every detail page they open.
    func personalCopy(of recipe: Recipe, session: SessionKey) async throws -> Recipe
    /// `CatalogStore.summaries`, read for every page of tiles.
    func summaries(_ ids: [RecipeID]) async throws -> [RecipeID: RecipeSummary]
    /// `CatalogStore.browse`: each database's search.
    func browse(_ query: BrowseQuery) async throws -> BrowsePage
    /// `CatalogStore.recipeIDs(matching:)`.
    func recipeIDs(matching query: BrowseQuery) async throws -> [RecipeID]
    /// `CatalogStore.searchIndex`, streamed: at 100,000 recipes there are a million ingredient rows.
    func searchIndex() async throws -> SearchIndex
}
