import Foundation
import Hummingbird

/// The cart page and the stepper.
struct CartController: Sendable {
    let catalog: CatalogStore
    let carts: CartStore
    let shoppingLists: ShoppingListBuilder
    let pages: PageContext

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let cart = session.isNew ? Cart(lines: []) : try await carts.cart(session: session.key)
        let chrome = pages.chrome(
            title: "Your cart", section: "cart", session: session, cartCount: cart.itemCount, cartChanged: context.cartChanged)
        let list = try await shoppingLists.list(for: [cart])
        return try pages.renderer.response("cart", CartView(cart: cart, shoppingList: ShoppingListRow.rows(list), chrome: chrome, now: Date()))
    }

    /// `POST /cart/items/{id}`: `op=inc|dec|set`, `quantity` for set, then 303 back.
    func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard let id = context.parameters.get("id").flatMap(RecipeID.init), try await catalog.summaries([id])[id] != nil else {
            throw AppError.notFound("That recipe isn’t in the catalog, so it can’t go in the cart.")
        }
        let change = try Self.change(from: form)
        try await carts.apply(change, recipe: id, session: session.key)
        return CartRedirect.make(to: ReturnPath.resolve(form["return_to"], fallback: "/recipes/\(id.rawValue)"))
    }

    /// `POST /cart/clear`.
    func clear(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        if !session.isNew {
            try await carts.clear(session: session.key)
        }
        return CartRedirect.make(to: ReturnPath.resolve(form["return_to"], fallback: "/cart"))
    }

    /// `POST /cart/items/{id}/cooking`: `op=start` (with `minutes` when the recipe's time is unknown) or `op=stop`.
    func cooking(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard let id = context.parameters.get("id").flatMap(RecipeID.init),
              let line = session.isNew ? nil : try await carts.line(of: id, session: session.key)
        else {
            throw AppError.notFound("That recipe isn’t in your cart. Add it first, then start cooking.")
        }
        switch form["op"] {
        case "start":
            let minutes = try Self.cookingMinutes(form["minutes"], default: line.recipe.readyInMinutes)
            _ = try await carts.startCooking(id, minutes: minutes, session: session.key)
        case "stop":
            try await carts.stopCooking(id, session: session.key)
        default:
            throw AppError.badRequest("The timer doesn’t know that action.")
        }
        let location = ReturnPath.resolve(form["return_to"], fallback: "/cart")
        return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    static func cookingMinutes(_ text: String?, default known: Int?) throws -> Int {
        let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !trimmed.isEmpty else {
            guard let known else { throw AppError.unprocessable("This recipe doesn’t say how long it takes: please give the minutes.") }
            return known
        }
        guard trimmed.count <= 5, let minutes = Int(trimmed) else { throw AppError.badRequest("The minutes must be a whole number.") }
        guard CookingTimer.minutesRange.contains(minutes) else {
            throw AppError.unprocessable("The minutes must be between 1 and \(CookingTimer.minutesRange.upperBound).")
        }
        return minutes
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
        case nil, "":
            throw AppError.badRequest("The form didn’t say what to do with the cart.")
        default:
            throw AppError.badRequest("The cart doesn’t know that action.")
        }
    }
}

/// The answer to a cart change: 303 back, with a one-shot cookie that lets the next page animate the badge.
enum CartRedirect {
    static let cookieName = "rc_cart_changed"

    static func make(to location: String) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        response.setCookie(.init(name: cookieName, value: "1", maxAge: 10, path: "/", httpOnly: true, sameSite: .lax))
        return response
    }
}
