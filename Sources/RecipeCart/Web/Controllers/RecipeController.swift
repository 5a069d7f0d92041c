import Foundation
import Hummingbird

/// `GET /recipes/{id}`: the detail page.
struct RecipeController: Sendable {
    let catalog: CatalogStore
    let carts: CartStore
    let pages: PageContext

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let recipe = try await Self.recipe(context.parameters.get("id"), in: catalog)
        let session = try context.shopper
        let line = session.isNew ? nil : try await carts.line(of: recipe.id, session: session.key)
        let chrome = try await pages.chrome(title: recipe.title, context: context)
        return try pages.renderer.response("recipe", RecipeView(recipe: recipe, line: line, chrome: chrome, now: Date()))
    }

    static func recipe(_ rawID: String?, in catalog: CatalogStore) async throws -> Recipe {
        guard let id = rawID.flatMap(RecipeID.init), let recipe = try await catalog.recipe(id) else {
            throw AppError.notFound("There is no recipe at this address. It may have been removed from the catalog.")
        }
        return recipe
    }
}
