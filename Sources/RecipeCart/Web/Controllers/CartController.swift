import Foundation
import Hummingbird

/// The cart page and the stepper.
struct CartController: Sendable {
    let catalog: CatalogStore
    let carts: CartStore
    let pages: PageContext

    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let cart = session.isNew ? Cart(lines: []) : try await carts.cart(session: session.key)
        let chrome = pages.chrome(
            title: "Your cart", section: "cart", session: session, cartCount: cart.itemCount, cartChanged: context.cartChanged)
        return try pages.renderer.response("cart", CartView(cart: cart, chrome: chrome))
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
