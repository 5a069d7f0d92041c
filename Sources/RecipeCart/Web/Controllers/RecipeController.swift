import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage
import RecipeCartUpstream

/// The detail page.
struct RecipeController: Sendable {
    static let notFound = "There is no recipe at this address. It may have been removed from the catalog."

    let catalog: any CatalogStore
    let carts: any CartStore
    let catalogMemory: any CatalogMemory
    let edits: any RecipeEditStore
    let upstream: UpstreamCatalog
    let pages: PageContext
    let pricing: ShelfPricing
    let cache: PageCache
    let blocks: FragmentCache<RecipeCartBlock>

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.recipe, .get, use: show)
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.recipeID(else: Self.notFound)
        // A recipe of the configured API that is missing or only a tile's worth is fetched first.
        let status = try await upstream.ensureRecipe(id, client: context.clientAddress)
        let copy = try EditController.copy(for: context)
        let session = try context.shopper
        // A session made for this request has stored nothing yet: no version, cart line or Undo of its own to read,
        // so a first look needs no database at all once the recipe is in memory.
        let hasStored = !session.isNew || copy == .shop
        // Read before the recipe, so a page is never kept under a newer generation than its data.
        let generation = try await catalog.generation()
        let recipe = try await Self.recipe(id, in: catalog, for: hasStored ? copy.session : nil)
        let servings = try Self.servings(FormFields.query(of: request)["servings"], for: recipe)
        let line = session.isNew ? nil : try await carts.line(of: recipe.id, session: session.key)
        // A revert keeps offering Undo while it can, not only on the page it landed on.
        let undo =
            context.statusMessage == nil && hasStored
            ? try await EditController.pendingUndoMessage(for: recipe, copy: copy, in: edits) : nil
        var personal = try await pages.personalParts(context: context, status: undo)
        try fillBlock(&personal, recipe, line: line, servings: servings, status: undo ?? context.statusMessage)
        // A shopper's own version, and a notice of this moment's upstream trouble, are theirs alone.
        let isShared = status.notice == nil && !recipe.isPersonalCopy
        let template =
            isShared
            ? try await cache.template(
                for: cacheKey(recipe, servings: servings, isShopCopy: copy == .shop), generation: generation
            ) {
                try await render(recipe, servings: servings, copy: copy, notice: nil)
            }
            : try await render(recipe, servings: servings, copy: copy, notice: status.notice)
        return HTMLResponse.make(template.bytes(filledWith: personal))
    }

    /// The page `show` would answer a shopper who has stored nothing for the recipe but, perhaps, a cart line (no own
    /// version or Undo of it), when all it needs is in memory: no API to ask first, the generation, the recipe, what
    /// the shopper stored for it and the page kept for it.
    /// A looker (`session` nil) has stored nothing.
    func keptPage(
        _ id: RecipeID, fields: FormFields, session: ShopperSession?, lastWrite: LastWrite?, personal: PersonalParts,
        status: StatusMessage?
    ) -> ByteBuffer? {
        guard !upstream.isConfigured, let generation = catalogMemory.generationInMemory(),
            let stored = session.map({
                pages.cartMemory.storedInMemory(for: id, session: $0.key, lastWrite: lastWrite)
            }) ?? .nothing,
            stored != .more,
            let recipe = catalogMemory.recipeInMemory(id, generation: generation),
            case .success(let servings) = Result(catching: { try Self.servings(fields["servings"], for: recipe) }),
            let template = cache.kept(
                for: cacheKey(recipe, servings: servings, isShopCopy: false), generation: generation)
        else { return nil }
        let line: CartLine? =
            switch stored {
            case .cartLine(let stored): stored.line(of: recipe.summary)
            case .nothing, .more: nil
            }
        var personal = personal
        guard (try? fillBlock(&personal, recipe, line: line, servings: servings, status: status)) != nil else {
            return nil
        }
        return template.bytes(filledWith: personal)
    }

    private func cacheKey(_ recipe: Recipe, servings: RequestedServings?, isShopCopy: Bool) -> String {
        pages.cacheKey(
            "\(SiteURL.recipe(recipe.id).path) \(servings?.value ?? 0) \(servings?.clampedFrom ?? 0) \(isShopCopy ? "shop" : "shopper")"
        )
    }

    /// Fills in the shopper's cart part. A post that landed on it has its message shown there
    /// (`StatusMessage.anchor`), not above.
    private func fillBlock(
        _ personal: inout PersonalParts, _ recipe: Recipe, line: CartLine?, servings: RequestedServings?,
        status: StatusMessage?
    ) throws {
        let statusInBlock = status?.anchor == recipe.id.lineAnchor
        personal.blockHTML = try blockHTML(
            recipe, line: line, servings: servings, personal: personal, carriesStatus: statusInBlock)
        if statusInBlock { personal.statusHTML = "" }
    }

    /// The shopper's cart part of the page, filled in.
    private func blockHTML(
        _ recipe: Recipe, line: CartLine?, servings: RequestedServings?, personal: PersonalParts,
        carriesStatus: Bool = false
    ) throws -> String {
        let block = RecipeCartBlock(
            recipe: recipe, line: line, servings: servings?.value, csrfToken: PersonalParts.placeholders.csrfToken,
            now: pages.clock.now(), zone: pages.timeZone, carriesStatus: carriesStatus)
        return try blocks.template(for: block) { try pages.renderer.html($0) }.filled(with: personal)
    }

    /// The page with every shopper's part left as a placeholder.
    /// The cost a serving is priced here, when the page is made: a kept page has it already.
    private func render(_ recipe: Recipe, servings: RequestedServings?, copy: EditCopy, notice: String?) async throws
        -> PageCache.Template
    {
        let cost = try await pricing.servingCosts(of: [(recipe.id, recipe.ingredients, recipe.servings)])[recipe.id]
        let placeholders = PersonalParts.placeholders
        var view = RecipeView(
            recipe: recipe, servings: servings,
            chrome: pages.chrome(title: recipe.title, section: "", personal: placeholders),
            cartBlock: placeholders.blockHTML)
        view.notice = notice
        view.costPerServing = cost.map { ServingPrice($0, currency: pricing.currency) }
        view.edits = RecipeEditLinks(recipe: recipe, copy: copy)
        return PageCache.Template(html: try pages.renderer.html(view))
    }

    /// The servings asked for with `?servings=`, brought into 1…50; nil shows the recipe as written.
    static func servings(_ text: String?, for recipe: Recipe) throws -> RequestedServings? {
        guard let text, !text.isEmpty else { return nil }
        guard text.count <= 9, let asked = Int(text) else {
            throw AppError.badRequest("Servings must be a whole number from 1 to 50.")
        }
        guard recipe.servings != nil else {
            throw AppError.unprocessable("This recipe doesn’t say how many it serves, so it can’t be scaled.")
        }
        let range = RecipeView.servingsRange
        let value = min(max(asked, range.lowerBound), range.upperBound)
        return RequestedServings(value: value, clampedFrom: value == asked ? nil : asked)
    }

    /// The recipe with the shopper's own version laid over it when `session` is given.
    static func recipe(_ id: RecipeID, in catalog: any CatalogStore, for session: SessionKey? = nil) async throws
        -> Recipe
    {
        guard let recipe = try await catalog.recipe(id, for: session) else { throw AppError.notFound(notFound) }
        return recipe
    }
}
