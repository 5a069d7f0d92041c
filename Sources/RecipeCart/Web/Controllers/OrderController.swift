import Foundation
import Hummingbird
import RecipeCartDomain
import RecipeCartStorage

/// "Send to the shop" and the shopper's order page.
struct OrderController: Sendable {
    let catalog: any CatalogStore
    let carts: any CartStore
    let orders: any OrderStore
    let lists: any ShoppingListStore
    let shoppingLists: ShoppingListBuilder
    let pages: PageContext

    static let notFound = "There is no order of yours with that code. Orders show only in the browser that sent them."

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.cartOrder, .post, use: send)
        routes.add(.order, .get, use: show)
    }

    /// `POST /cart/order`: the cart as it is now becomes an order, and the cart is emptied.
    func send(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        let note = try Self.note(form["note"])
        let substitution = try Self.substitution(kind: form["substitution"], phone: form["phone"])
        let cart = session.isNew ? Cart(lines: []) : try await carts.cart(session: session.key)
        guard !cart.isEmpty else { throw AppError.conflict(Self.emptyCart) }
        let ingredients = try await catalog.ingredients(of: cart.lines.map(\.recipe.id))
        var content = OrderContent(
            cart: cart, ingredients: ingredients, have: try await lists.have(session: session.key))
        content.substitution = substitution
        switch try await orders.place(content, note: note, session: session.key) {
        case .placed(let order):
            AppMetrics.orderPlaced()
            return pages.redirect(
                to: Route.order.url(order.code),
                status: StatusMessage("Sent to the shop. Your pickup code is \(order.code)."), cartChanged: true)
        case .emptyCart:
            throw AppError.conflict(Self.emptyCart)
        case .cartChanged:
            throw AppError.conflict(
                "Your cart changed while it was being sent, so nothing was sent. Please check it and send it again.")
        }
    }

    /// `GET /orders/{code}`: only the browser that sent the order sees it; to anyone else it does not exist.
    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        guard let code = context.parameters.get("code").flatMap(OrderCode.init), !session.isNew,
            let found = try await orders.order(code, session: session.key), found.isOwn
        else { throw AppError.notFound(Self.notFound) }
        let chrome = try await pages.chrome(title: "Order \(code)", context: context)
        let list = ShoppingList(entries: found.order.content.shoppingListEntries)
            .groups(walkingOrder: try await shoppingLists.walkingOrder(), have: found.order.content.have)
        return try pages.renderer.response(
            OrderView(
                order: found.order, shoppingList: ShoppingListSection.sections(list, csrfToken: nil), chrome: chrome,
                now: pages.clock.now()))
    }

    /// What staff may do when something is missing. A form without the choice (sent from a page older than it)
    /// sends no choice; a choice that does not read is a 422 that sends nothing.
    static func substitution(kind: String?, phone: String?) throws -> SubstitutionChoice? {
        guard let kind else { return nil }
        let phone = phone?.trimmingCharacters(in: .whitespaces)
        guard let choice = SubstitutionChoice(kind: kind, phone: phone) else {
            guard SubstitutionChoice.Kind(rawValue: kind) != nil else {
                throw AppError.badRequest("Choose what the shop may do if something is missing.")
            }
            throw AppError.unprocessable(
                "A phone number for “Call me” has at most \(SubstitutionChoice.maximumPhoneLength) digits, spaces or "
                    + "+ ( ) -, and nothing else.")
        }
        return choice
    }

    static let emptyCart =
        "Your cart is empty, so there is nothing to send. Orders you sent already are listed on your cart page."

    /// A name or note for the counter: at most `Order.maximumNoteLength` characters, on one line, spaces collapsed.
    static func note(_ text: String?) throws -> String {
        let note = (text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard note.count <= Order.maximumNoteLength else {
            throw AppError.unprocessable("The name or note can be at most \(Order.maximumNoteLength) characters.")
        }
        guard !note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw AppError.badRequest("The name or note has characters that can’t be shown.")
        }
        return note
    }
}
