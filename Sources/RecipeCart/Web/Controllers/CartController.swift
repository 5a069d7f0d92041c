import Foundation
import Hummingbird
import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartShelf
import RecipeCartStorage

/// The cart page, the stepper, cooking timers, "Empty the cart" and Undo.
struct CartController: Sendable {
    let catalog: any CatalogStore
    let carts: any CartStore
    let orders: any OrderStore
    let lists: any ShoppingListStore
    let shares: any CartShareStore
    let shoppingLists: ShoppingListBuilder
    let pricing: ShelfPricing
    let pages: PageContext
    let keptPages: KeptShopperPages
    /// The send form's pickup slots, when the shop has them.
    let pickup: PickupOffers

    static let notInCatalog = "That recipe isn’t in the catalog, so it can’t go in the cart."

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.cart, .get, use: show)
        routes.add(.cartItem, .post, use: update)
        routes.add(.cartItemCooking, .post, use: cooking)
        routes.add(.cartClear, .post, use: clear)
        routes.add(.cartUndo, .post, use: undo)
    }

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        var isEmpty = false
        let body = try await keptPages.render(.cart, path: SiteURL.cart.path, context: context) {
            let page = try await page(session: session, context: context, attempt: nil)
            let html = ByteBuffer(string: try pages.renderer.html(page.view))
            // Not kept: the browser whose send's answer was lost comes back here with the old id, to its order.
            isEmpty = page.cart.isEmpty && page.sent.isEmpty
            guard !isEmpty else { return (html, nil) }
            // Slots fill as other shoppers send (which moves the board's version) and close as their cut-offs pass.
            let showsSlots = page.view.pickup != nil
            let shows = KeptShopperPages.Shows(
                orders: !page.sent.isEmpty || showsSlots,
                time: page.offersUndo || !page.sent.isEmpty || showsSlots
                    || page.cart.lines.contains { $0.cooking != nil })
            return (html, shows)
        }
        // Only a session left with nothing can be one a send renewed: it comes with the claim the new id was made from.
        if isEmpty, let renewed = try await pages.renewedSession(of: session, context: context, orders: orders) {
            return try await renewedPage(renewed, context: context)
        }
        return HTMLResponse.make(body)
    }

    /// The page of the session a send renewed this browser's as, its order on it, with that session's cookie. Not kept:
    /// the next visit comes with the new cookie.
    private func renewedPage(_ renewed: ShopperSession, context: AppRequestContext) async throws -> Response {
        var context = context
        let session = ShopperSession(id: renewed.id, isNew: false)
        context.session = session
        let page = try await page(session: session, context: context, attempt: nil)
        var response = try pages.renderer.response(page.view)
        response.setCookie(
            pages.cookies.cookie(
                pages.cookies.session, value: pages.signer.cookieValue(for: session),
                maxAge: CookiePolicy.sessionLifetime))
        return response
    }

    /// `POST /cart/order` refused for its pickup slot: the cart page again, under `status`, with everything the
    /// shopper typed and chose and the reason beside the send button. Nothing was placed: the cart is as it was.
    func refusedSend(_ attempt: SendAttempt, status: HTTPResponse.Status, context: AppRequestContext) async throws
        -> Response
    {
        let page = try await page(session: try context.shopper, context: context, attempt: attempt)
        return try pages.renderer.response(page.view, status: status)
    }

    private func page(session: ShopperSession, context: AppRequestContext, attempt: SendAttempt?) async throws
        -> (view: CartView, cart: Cart, sent: [Order], offersUndo: Bool)
    {
        // The cart, its "I have this" marks and the order it changes, in one read as a send reads them.
        let read =
            session.isNew
            ? CartToSend(cart: Cart(lines: []), have: [:], changing: nil)
            : try await orders.cartToSend(session: session.key)
        let cart = read.cart
        // The cart keeps offering Undo for a while, not only on the page the removal landed on.
        var status = context.statusMessage
        var offersUndo = false
        if status?.undo == nil, !session.isNew, let undo = try await carts.pendingUndo(session: session.key) {
            status = try await undoMessage(for: undo)
            offersUndo = true
        }
        let chrome = pages.chrome(
            title: "Your cart", section: "cart", session: session, cartCount: cart.itemCount,
            cartChanged: context.cartChanged,
            status: status)
        let have = read.have
        // A cart opened from an order: its send replaces that order, and starts as that order was sent.
        let changing = read.changing
        let changed =
            if let changing { try await orders.order(changing, session: session.key)?.order } else { nil as Order? }
        let list = try await pricing.list(
            for: cart, have: have, lists: shoppingLists, held: changed.flatMap(HeldStock.init(changing:)))
        let sent = session.isNew ? [] : try await orders.orders(session: session.key)
        let shareToken = session.isNew ? nil : try await shares.token(session: session.key)
        var view = CartView(
            cart: cart, shoppingList: list.sections(csrfToken: chrome.csrfToken), orders: sent,
            shareToken: shareToken, chrome: chrome, now: pages.clock.now(), zone: pages.timeZone,
            statusAnchor: status?.anchor)
        view.basket = list.total
        view.shelfShortfalls = list.shownShortfalls
        if let changing {
            view.changing = CartView.ChangingOrder(changing, csrfToken: chrome.csrfToken)
            if let changed, HeldStock(changing: changed) == nil {
                view.changing?.closedText = OrderController.packingStarted(changing)
            }
        }
        if !cart.isEmpty {
            let slotText = changed?.slot.map { ZonedTimestamp.text($0.start, in: pages.timeZone) }
            view.pickup = try await pickup.choice(chosen: attempt?.slot ?? slotText, holding: changed?.slot)
        }
        if let attempt {
            view.keep(attempt)
        } else if let changed {
            view.prefill(from: changed)
        }
        let costs = try await pricing.servingCosts(
            of: zip(cart.lines, list.entries).map { line, entry in
                (line.recipe.id, entry.ingredients, line.recipe.servings)
            })
        for index in view.lines.indices {
            view.lines[index].costPerServing = costs[cart.lines[index].recipe.id].map {
                ServingPrice($0, currency: pricing.currency)
            }
        }
        return (view, cart, sent, offersUndo)
    }

    /// `POST /cart/items/{id}`: `op=inc|dec|set`, `quantity` for set, then 303 back to the line.
    func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await CSRFProtectedForm.read(request, session: try context.shopper, signer: pages.signer)
        let id = try context.recipeID(else: Self.notInCatalog)
        // The recipe as the catalog keeps it in memory: a post needs no read besides its own write.
        guard let recipe = try await catalog.recipe(id) else { throw AppError.notFound(Self.notInCatalog) }
        let change = try Self.change(from: form)
        let servings = try Self.servings(form["servings"], for: recipe)
        // A cart starting from empty moves to a fresh id; the store decides inside the change's own transaction.
        let session = try context.shopper
        let fresh = session.isNew ? nil : ShopperSession.fresh()
        // Unless a send from this browser's other tab renewed the session meanwhile: the change follows it there.
        let renewed = pages.renewal(of: session, context: context)
        if case .servings = change, try await !isInCart(id, session: session) {
            throw AppError.notFound("That recipe isn’t in your cart, so its servings can’t be changed.")
        }
        let result = try await carts.change(
            change, recipe: id, servings: servings, session: session.key, freshIfEmpty: fresh?.key,
            following: renewed?.key)
        AppMetrics.cartPosted()
        // A change that followed a send changed another session's pages than the one `RouteRegistrar` forgets.
        if let renewed, result.session == renewed.key { keptPages.forget(renewed.key) }
        // The shopper's own version of the recipe, when they made one, names it as their cart does.
        let title = result.title ?? recipe.title
        let status =
            result.undo.map { Self.undoMessage(for: $0, titles: [id: title]) }
            ?? StatusMessage(CartStatusText.afterChange(change, title: title, quantity: result.quantity))
        return pages.redirect(
            to: Self.landing(form["return_to"], fallback: SiteURL.recipe(id).path, line: id), status: status,
            session: [fresh, renewed].lazy.compactMap { $0 }.first { $0.key == result.session } ?? session,
            cartChanged: true)
    }

    private func isInCart(_ id: RecipeID, session: ShopperSession) async throws -> Bool {
        guard !session.isNew else { return false }
        return try await carts.quantity(of: id, session: session.key) > 0
    }

    /// `POST /cart/clear`.
    func clear(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        var status: StatusMessage?
        if !session.isNew {
            try await carts.clear(session: session.key)
            if let undo = try await carts.pendingUndo(session: session.key) {
                status = try await undoMessage(for: undo)
            }
        }
        return pages.redirect(
            to: ReturnPath.resolve(form["return_to"], fallback: SiteURL.cart.path), status: status, cartChanged: true)
    }

    /// `POST /cart/undo`: puts back what the last Remove or "Empty the cart" took away.
    func undo(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard let token = form["undo"], !token.isEmpty, token.utf8.count <= 64 else {
            throw AppError.badRequest("The form didn’t say what to undo.")
        }
        guard !session.isNew, let undone = try await carts.undo(token, session: session.key) else {
            throw AppError.conflict("That can’t be undone any more: it was too long ago, or it was undone already.")
        }
        let titles = try await catalog.summaries(undone.recipeIDs)
        let names = undone.recipeIDs.compactMap { titles[$0]?.title }
        let text =
            names.count == 1
            ? "Put \(names[0]) back in your cart." : "Put \(DisplayText.recipeCount(names.count)) back in your cart."
        let line = undone.recipeIDs.first.map { "#" + $0.lineAnchor } ?? ""
        return pages.redirect(to: SiteURL.cart.path + line, status: StatusMessage(text), cartChanged: true)
    }

    /// `POST /cart/items/{id}/cooking`: `op=start` (with `minutes` when the recipe's time is unknown) or `op=stop`.
    func cooking(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        let notInCart = "That recipe isn’t in your cart. Add it first, then start cooking."
        let id = try context.recipeID(else: notInCart)
        guard let line = session.isNew ? nil : try await carts.line(of: id, session: session.key) else {
            throw AppError.notFound(notInCart)
        }
        let text: String
        switch form["op"] {
        case "start":
            let minutes = try Self.cookingMinutes(form["minutes"], default: line.recipe.readyInMinutes)
            _ = try await carts.startCooking(id, minutes: minutes, session: session.key)
            text = "Started cooking \(line.recipe.title): ready in \(DisplayText.minutes(minutes))."
        case "stop":
            try await carts.stopCooking(id, session: session.key)
            text = "Stopped the timer for \(line.recipe.title)."
        default:
            throw AppError.badRequest("The timer doesn’t know that action.")
        }
        return pages.redirect(
            to: Self.landing(form["return_to"], fallback: SiteURL.cart.path, line: id), status: StatusMessage(text))
    }

    private func undoMessage(for undo: CartUndo) async throws -> StatusMessage {
        Self.undoMessage(for: undo, titles: try await catalog.summaries(undo.recipeIDs).mapValues(\.title))
    }

    private static func undoMessage(for undo: CartUndo, titles: [RecipeID: String]) -> StatusMessage {
        let text =
            switch undo.kind {
            case .clear: "Emptied your cart."
            case .remove: "Removed \(undo.recipeIDs.first.flatMap { titles[$0] } ?? "the recipe") from your cart."
            }
        return StatusMessage(text, undo: .init(action: SiteURL.cartUndo.path, token: undo.token))
    }

    /// Back where the form was, scrolled to the line it changed.
    static func landing(_ returnTo: String?, fallback: String, line id: RecipeID) -> String {
        let path = ReturnPath.resolve(returnTo, fallback: fallback)
        return path.contains("#") ? path : "\(path)#\(id.lineAnchor)"
    }

    static func cookingMinutes(_ text: String?, default known: Int?) throws -> Int {
        let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !trimmed.isEmpty else {
            guard let known else {
                throw AppError.unprocessable("This recipe doesn’t say how long it takes: please give the minutes.")
            }
            return known
        }
        guard trimmed.count <= 5, let minutes = Int(trimmed) else {
            throw AppError.badRequest("The minutes must be a whole number.")
        }
        guard CookingTimer.minutesRange.contains(minutes) else {
            throw AppError.unprocessable("The minutes must be between 1 and \(CookingTimer.minutesRange.upperBound).")
        }
        return minutes
    }

    /// The servings a line is cooked for, sent by a scaled detail page's stepper or the cart line's own form.
    /// A recipe that names no servings cannot be scaled, so it takes none.
    static func servings(_ text: String?, for recipe: Recipe) throws -> Int? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let servings = try servingsNumber(text)
        guard recipe.servings != nil else {
            throw AppError.unprocessable("This recipe doesn’t say how many it serves, so it can’t be scaled.")
        }
        return servings
    }

    private static func servingsNumber(_ text: String) throws -> Int {
        let range = Cart.servingsRange
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 10, let servings = Int(trimmed) else {
            throw AppError.badRequest(
                "Servings must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        guard range.contains(servings) else {
            throw AppError.unprocessable("Servings must be between \(range.lowerBound) and \(range.upperBound).")
        }
        return servings
    }

    static func change(from form: FormFields) throws -> CartChange {
        switch form["op"] {
        case "inc": return .increment
        case "dec": return .decrement
        case "set":
            guard let text = form["quantity"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                throw AppError.badRequest("Please give a quantity.")
            }
            guard text.count <= 10, let quantity = Int(text) else {
                throw AppError.badRequest("The quantity must be a whole number.")
            }
            guard (0...Cart.maximumQuantity).contains(quantity) else {
                throw AppError.unprocessable("The quantity must be between 0 and \(Cart.maximumQuantity).")
            }
            return .set(quantity)
        case "servings":
            guard let text = form["servings"], !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw AppError.badRequest("Please give the servings.")
            }
            return .servings(try servingsNumber(text))
        case nil, "":
            throw AppError.badRequest("The form didn’t say what to do with the cart.")
        default:
            throw AppError.badRequest("The cart doesn’t know that action.")
        }
    }
}
