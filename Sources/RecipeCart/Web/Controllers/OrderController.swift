import Foundation
import Hummingbird
import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage

/// "Send to the shop" and the shopper's order page.
struct OrderController: Sendable {
    let catalog: any CatalogStore
    let carts: any CartStore
    let orders: any OrderStore
    let shoppingLists: ShoppingListBuilder
    let pricing: ShelfPricing
    let pages: PageContext
    let pickup: PickupOffers
    /// Renders the cart page again for a send refused for its slot.
    let cartPage: CartController
    let keptPages: KeptShopperPages

    static let notFound = "There is no order of yours with that code. Orders show only in the browser that sent them."

    func addRoutes(to routes: RouteRegistrar) {
        routes.add(.cartOrder, .post, use: send)
        routes.add(.order, .get, use: show)
        routes.add(.orderChange, .post, use: change)
        routes.add(.cartKeepOrder, .post, use: keepOrder)
    }

    /// `POST /cart/order`: the cart as it is now becomes an order, and the cart is emptied. With pickup slots, `slot`
    /// (the start of one, RFC 3339) is required; a slot that cannot be taken sends nothing and shows the cart page
    /// again with the reason, the note and every choice kept.
    func send(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        let form = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        let note = try Self.note(form["note"])
        let substitution = try Self.substitution(kind: form["substitution"], phone: form["phone"])
        let toSend =
            session.isNew
            ? CartToSend(cart: Cart(lines: []), have: [:], changing: nil)
            : try await orders.cartToSend(session: session.key)
        let cart = toSend.cart
        guard !cart.isEmpty else { throw AppError.conflict(Self.emptyCart) }
        let refused = { (refusal: SendRefusal) in
            try await cartPage.refusedSend(
                SendAttempt(
                    note: note, phone: form["phone"] ?? "", substitution: form["substitution"], slot: form["slot"],
                    problem: refusal.problem),
                status: refusal.status, context: context)
        }
        let booking: PickupBooking?
        switch try await slot(form["slot"]) {
        case .success(let chosen): booking = chosen
        case .failure(let refusal): return try await refused(refusal)
        }
        let ingredients = try await catalog.ingredients(of: cart.lines.map(\.recipe.id))
        var content = OrderContent(cart: cart, ingredients: ingredients, have: toSend.have)
        content.substitution = substitution
        // A cart opened from an order ("Change this order") replaces it under the same code: what the order holds of
        // the shelf is given back first, so it counts as left.
        let changing = toSend.changing
        let held =
            if let changing {
                try await orders.order(changing, session: session.key).flatMap { HeldStock(changing: $0.order) }
            } else { nil as HeldStock? }
        let priced = try await pricing.orderPricing(
            for: content, shown: Set(form.values("shelf_short")), held: held)
        guard priced.short.isEmpty else {
            // The same cart sent from another tab meanwhile took the packs: say that, not that the shelf is short.
            let current = try await carts.cart(session: session.key)
            guard current == cart else { throw AppError.conflict(current.isEmpty ? Self.emptyCart : Self.cartChanged) }
            return try await refused(SendRefusal(.conflict, Self.shortOfStock(priced.short)))
        }
        content.pricing = priced.pricing
        // The shopper's phone number and note enter the shop here: the session id is renewed, so a cookie planted in
        // the browser before cannot follow the order (OWASP: renew the id when the session's stakes change). Made from
        // this browser's send claim, so a change from its other tab racing this send follows it there.
        let renewal = pages.renewal(of: session, context: context) ?? ShopperSession.fresh()
        let placement =
            if let changing {
                try await orders.replace(changing, with: content, note: note, slot: booking, session: session.key)
            } else {
                try await orders.place(
                    content, note: note, slot: booking, session: session.key, renewedAs: renewal.key)
            }
        switch placement {
        case .placed(let order):
            let collect = order.slot.map { " " + PickupSlotText.collect($0, in: pages.timeZone) + "." } ?? ""
            guard changing == nil else {
                return pages.redirect(
                    to: SiteURL.order(order.code).path,
                    status: StatusMessage(
                        "Changes sent. Order \(order.code) is updated, under the same code.\(collect)"),
                    cartChanged: true)
            }
            AppMetrics.orderPlaced(estimateMinor: order.content.pricing?.estimateMinor)
            return pages.redirect(
                to: SiteURL.order(order.code).path,
                status: StatusMessage("Sent to the shop. Your pickup code is \(order.code).\(collect)"),
                session: renewal, cartChanged: true)
        case .emptyCart:
            throw AppError.conflict(Self.emptyCart)
        case .cartChanged:
            throw AppError.conflict(Self.cartChanged)
        case .slotFull:
            return try await refused(SendRefusal.justFilled)
        case .shortOfStock(let shortages):
            return try await refused(SendRefusal(.conflict, Self.shortOfStock(shortages)))
        case .packingStarted:
            return try await refused(
                SendRefusal(.conflict, changing.map(Self.packingStarted) ?? Self.cartChanged))
        }
    }

    /// `POST /orders/{code}/change`: opens the shopper's own order back into their empty cart, to change and send
    /// again under the same code, while packing has not started. The order stays placed, its goods held, meanwhile.
    func change(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        _ = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard let code = context.parameters.get("code").flatMap(OrderCode.init), !session.isNew else {
            throw AppError.notFound(Self.notFound)
        }
        switch try await orders.reopen(code, session: session.key) {
        case .reopened:
            return pages.redirect(
                to: SiteURL.cart.path,
                status: StatusMessage(
                    "Order \(code) is in your cart: change it, then send the changes. Until then it stays as it was."),
                cartChanged: true)
        case .notFound:
            throw AppError.notFound(Self.notFound)
        case .packingStarted:
            throw AppError.conflict(Self.packingStarted(code))
        case .cartNotEmpty:
            throw AppError.conflict(
                "Your cart has other recipes in it. Send them or empty the cart first, then change order \(code).")
        }
    }

    /// `POST /cart/keep-order`: stops changing an order: it stays as it was, and the cart its lines were copied into is
    /// emptied.
    func keepOrder(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        _ = try await CSRFProtectedForm.read(request, session: session, signer: pages.signer)
        guard !session.isNew, let code = try await orders.keepOrder(session: session.key) else {
            throw AppError.conflict("Your cart is not changing an order, so there is nothing to keep.")
        }
        return pages.redirect(
            to: SiteURL.order(code).path, status: StatusMessage("Order \(code) is kept as it was."), cartChanged: true)
    }

    /// "Packing has started on order ABC123: it can no longer be changed."
    static func packingStarted(_ code: OrderCode) -> String {
        "Packing has started on order \(code): it can no longer be changed."
    }

    /// "Not enough on the shelf: Butter 250 g has 1 pack left (your list takes 2); Flour has none left."
    static func shortOfStock(_ shortages: [StockShortage]) -> String {
        let rows = shortages.map { shortage in
            let count = { (amount: Int) in
                shortage.unit.map { "\(amount) \($0)" } ?? (amount == 1 ? "1 pack" : "\(amount) packs")
            }
            let takes =
                shortage.needed > shortage.left
                ? " (your list takes \(shortage.unit.map { "\(shortage.needed) \($0)" } ?? String(shortage.needed)))"
                : shortage.unit == nil ? ", fewer than your list needs" : ", less than your list needs"
            let left = shortage.left == 0 ? "has none left" : "has \(count(shortage.left)) left" + takes
            return "\(shortage.name) \(left)"
        }
        return "Not enough on the shelf: " + rows.joined(separator: "; ") + "."
    }

    /// Why a send was refused (its slot cannot be taken, the shelf is short), with the status that says so; every one
    /// ends saying what was kept.
    struct SendRefusal: Error {
        static let justFilled = SendRefusal(.conflict, "That slot just filled, choose another.")

        var status: HTTPResponse.Status
        var problem: String

        init(_ status: HTTPResponse.Status, _ problem: String) {
            self.status = status
            self.problem = problem + " Nothing was sent: your cart and note are kept."
        }
    }

    /// The slot `text` names, with the capacity it is taken under; nil in a shop without slots.
    func slot(_ text: String?) async throws -> Result<PickupBooking?, SendRefusal> {
        let text = text ?? ""
        guard let schedule = try await pickup.schedule() else {
            guard text.isEmpty else {
                return .failure(
                    SendRefusal(
                        .conflict,
                        "The shop has stopped taking orders by pickup slot: send again to collect your order as soon "
                            + "as it is ready."))
            }
            return .success(nil)
        }
        guard !text.isEmpty else {
            return .failure(SendRefusal(.unprocessableContent, "Choose when you will collect."))
        }
        guard let start = ZonedTimestamp.date(text) else {
            return .failure(
                SendRefusal(
                    .badRequest, "The pickup slot sent is not a time the shop can read. Choose one from the list."))
        }
        let zone = pages.timeZone
        let refusal: SendRefusal
        switch schedule.lookup(start, now: pages.clock.now()) {
        case .offered(let slot):
            return .success(PickupBooking(slot: slot, capacity: schedule.settings.capacity))
        case .past:
            refusal = SendRefusal(.unprocessableContent, "That pickup slot has passed. Choose another.")
        case .beyond:
            refusal = SendRefusal(
                .unprocessableContent,
                "The shop takes orders for the next \(PickupSchedule.days) days only. Choose a slot among them.")
        case .closedDay:
            refusal = SendRefusal(
                .unprocessableContent,
                "The shop is closed on \(PickupSlotText.day(start, in: zone)). Choose another day.")
        case .notASlot:
            refusal = SendRefusal(
                .unprocessableContent,
                "No pickup slot starts at \(PickupSlotText.clock(start, in: zone)) on "
                    + "\(PickupSlotText.day(start, in: zone)). Choose one from the list.")
        case .pastCutOff(let slot):
            refusal = SendRefusal(
                .conflict, "The \(PickupSlotText.hours(slot, in: zone)) slot has stopped taking orders. Choose another."
            )
        }
        return .failure(refusal)
    }

    /// `GET /orders/{code}`: only the browser that sent the order sees it; to anyone else it does not exist.
    func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let session = try context.shopper
        guard let code = context.parameters.get("code").flatMap(OrderCode.init), !session.isNew else {
            throw AppError.notFound(Self.notFound)
        }
        let body = try await keptPages.render(.order, path: SiteURL.order(code).path, context: context) {
            guard let found = try await orders.order(code, session: session.key), found.isOwn else {
                throw AppError.notFound(Self.notFound)
            }
            let chrome = try await pages.chrome(title: "Order \(code)", context: context)
            let list = ShoppingList(entries: found.order.content.shoppingListEntries)
                .groups(walkingOrder: try await shoppingLists.walkingOrder(), have: found.order.content.have)
            var view = OrderView(
                order: found.order, shoppingList: ShoppingListSection.sections(list, csrfToken: nil), chrome: chrome,
                now: pages.clock.now(), zone: pages.timeZone)
            if view.change.isChangeable {
                view.change.isInCart = try await orders.changing(session: session.key) == code
            }
            // Staff and the partner move it, and it says how long ago it was placed.
            return (ByteBuffer(string: try pages.renderer.html(view)), KeptShopperPages.Shows(orders: true, time: true))
        }
        return HTMLResponse.make(body)
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

    static let cartChanged =
        "Your cart changed while it was being sent, so nothing was sent. Please check it and send it again."
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
