import Foundation
import Hummingbird
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage

/// The cart's shopping list beyond the cart page: "I have this", the list as text, and read-only share links.
struct ShoppingListController: Sendable {
    let carts: any CartStore
    let lists: any ShoppingListStore
    let shares: any CartShareStore
    /// The sharer's orders still to collect, whose slots the shared page shows.
    let orders: any OrderStore
    let shoppingLists: ShoppingListBuilder
    let pricing: ShelfPricing
    let pages: PageContext

    static let shareNotFound =
        "This link doesn’t show a cart any more: its owner stopped sharing it, or made a new link."

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.cartHave, .post, use: have)
        routes.add(.cartListText, .get, use: text)
        routes.add(.cartShare, .post, use: share)
        routes.add(.cartShareRevoke, .post, use: revoke)
        routes.add(.sharedCart, .get, use: shared)
    }

    /// `POST /cart/have`: `item` (an ingredient key on the list) and `has` (`1` or `0`).
    func have(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard let has = form["has"], has == "1" || has == "0" else {
            throw AppError.badRequest("The form didn’t say whether you have it.")
        }
        guard let key = form["item"], !key.isEmpty, key.utf8.count <= 200 else {
            throw AppError.badRequest("The form didn’t say which item.")
        }
        let cart = session.isNew ? Cart(lines: []) : try await carts.cart(session: session.key)
        let list = try await shoppingLists.list(for: cart)
        guard let item = list.items.first(where: { $0.key == key }) else {
            throw AppError.notFound("That isn’t on your shopping list any more.")
        }
        try await lists.setHave(has == "1", ingredient: key, session: session.key)
        let text = has == "1" ? "Moved \(item.name) to “Already have”." : "Put \(item.name) back on the list."
        return pages.redirect(to: SiteURL.cart.path + "#shopping-list", status: StatusMessage(text))
    }

    /// `GET /cart/list.txt`: the list as the cart page shows it, as plain text to paste into a message.
    func text(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let cart = session.isNew ? Cart(lines: []) : try await carts.cart(session: session.key)
        let have = session.isNew ? [:] : try await lists.have(session: session.key)
        let list = try await pricing.list(for: cart, have: have, lists: shoppingLists)
        let text = list.text(recipes: cart.lines.map { ($0.recipe.title, $0.quantity, $0.effectiveServings ?? 0) })
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// `POST /cart/share`: a new read-only link (128 random bits), replacing the one before.
    func share(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        _ = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard !session.isNew, try await carts.itemCount(session: session.key) > 0 else {
            throw AppError.conflict("Your cart is empty, so there is nothing to share.")
        }
        try await shares.share(session: session.key, token: RandomToken.make())
        return pages.redirect(
            to: SiteURL.cart.path + "#share",
            status: StatusMessage("Made a read-only link to your cart. Anyone who has it can look."))
    }

    /// `POST /cart/share/revoke`: the link stops working at once.
    func revoke(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        _ = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        if !session.isNew { try await shares.revoke(session: session.key) }
        return pages.redirect(
            to: SiteURL.cart.path + "#share", status: StatusMessage("Stopped sharing: the link no longer works."))
    }

    /// `GET /shared/{token}`: the cart and its list, with no forms, for whoever holds the link.
    func shared(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let token = context.parameters.get("token"), RandomToken.isWellFormed(token),
            let owner = try await shares.session(sharedAs: token)
        else { throw AppError.notFound(Self.shareNotFound) }
        let cart = try await carts.cart(session: owner)
        let list = try await pricing.list(
            for: cart, have: try await lists.have(session: owner), lists: shoppingLists)
        let chrome = try await pages.chrome(title: "A shared cart", context: context)
        var view = SharedCartView(cart: cart, shoppingList: list.sections(csrfToken: nil), chrome: chrome)
        view.basket = list.total
        view.collect = try await orders.orders(session: owner).filter(\.status.isOpen).compactMap(\.slot)
            .sorted { $0.start < $1.start }
            .map { SharedCartView.Collect($0, zone: pages.timeZone) }
        return try pages.renderer.response(view)
    }
}
