import Foundation
import Mustache
import RecipeCartDomain

/// The cart page: one line a recipe with its stepper, or the empty state.
struct CartView: PageView {
    static let template = PageTemplate.cart

    struct Line {
        var tile: RecipeTile
        var quantity: Int
        /// "3 batches": shown where the stepper is not, on paper.
        var quantityText: String
        var stepper: Stepper
        var cooking: CookingStatus
        /// What the line is cooked for: the shopper's choice, else the recipe's own.
        var servings: Int?
        /// Only a recipe that says how many it serves can be scaled.
        var canChooseServings: Bool
        /// The status message, when the post it tells of landed on this line.
        var statusHTML: String?
        /// What the recipe costs a serving at the shop's prices.
        var costPerServing: ServingPrice?
    }

    /// An order this browser sent, linked from the cart page.
    struct SentOrder {
        var code: String
        var url: String
        var status: String
        var statusTitle: String
        var placedAt: String
        /// "Collect Saturday 10:00–10:30", and its start in RFC 3339 (`data-slot-start`); nil for as soon as possible.
        var collectText: String?
        var slotStart: String?
    }

    var chrome: PageChrome
    var lines: [Line]
    var isEmpty: Bool
    var summary: String
    var shoppingList: [ShoppingListSection]
    /// What the list comes to at the shop's prices; nil when nothing on it is bought.
    var basket: BasketTotal?
    /// The status message, when the post it tells of landed on the shopping list ("I have this").
    var shoppingListStatusHTML: String?
    var listTextURL = SiteURL.cartListText.path
    var share: Share
    var clearURL = SiteURL.cartClear.path
    var orderURL = SiteURL.cartOrder.path
    var noteLimit = Order.maximumNoteLength
    var phoneLimit = SubstitutionChoice.maximumPhoneLength
    /// The send form's "If something is missing", a close match chosen unless the shopper says otherwise.
    var substitutionChoices = SubstitutionChoice.Kind.allCases.map { kind in
        SubstitutionOption(value: kind.rawValue, title: kind.title, isDefault: kind == .closeMatch)
    }

    struct SubstitutionOption {
        var value: String
        var title: String
        var isDefault: Bool
    }
    var orders: [SentOrder]
    var hasOrders: Bool
    /// The send form's "When you collect"; nil when the shop takes orders as soon as possible.
    var pickup: PickupChoice?
    var sendForm = SendForm()
    /// The rows the page shows out of stock or short, posted back with the send so it places them as shown.
    var shelfShortfalls: [String] = []
    /// The order the cart was opened from ("Change this order"), which the send replaces; nil for a cart of its own.
    var changing: ChangingOrder?

    /// "Changing order ABC123", and the form that keeps the order as it was (`data-changing-order`).
    struct ChangingOrder {
        var code: String
        var url: String
        var keepURL = SiteURL.cartKeepOrder.path
        var csrfToken: String
        /// Staff started packing it since it was opened: its send will be refused, the cart kept.
        var closedText: String?

        init(_ code: OrderCode, csrfToken: String) {
            self.code = code.rawValue
            url = SiteURL.order(code).path
            self.csrfToken = csrfToken
        }
    }

    /// The send form as the order being changed was sent: its note, substitution choice and phone.
    mutating func prefill(from order: Order) {
        let choice = order.content.substitution
        keep(
            SendAttempt(
                note: order.note, phone: choice?.phone ?? "", substitution: choice?.kind.rawValue, slot: nil,
                problem: ""))
        sendForm.problem = nil
    }

    /// What the send form shows typed in, and why a send was refused: empty on a plain visit.
    struct SendForm {
        var note: String?
        var phone: String?
        var problem: String?
    }

    /// The form as a refused send left it, with the reason beside it.
    mutating func keep(_ attempt: SendAttempt) {
        sendForm = SendForm(
            note: attempt.note.isEmpty ? nil : attempt.note, phone: attempt.phone.isEmpty ? nil : attempt.phone,
            problem: attempt.problem)
        if let chosen = attempt.substitution, substitutionChoices.contains(where: { $0.value == chosen }) {
            for index in substitutionChoices.indices {
                substitutionChoices[index].isDefault = substitutionChoices[index].value == chosen
            }
        }
    }

    /// The read-only link: "Share" makes one, and while it lives the page shows it with "Stop sharing".
    struct Share {
        var url: String?
        var action = SiteURL.cartShare.path
        var revokeAction = SiteURL.cartShareRevoke.path
        var csrfToken: String
        /// The status message, when the post it tells of landed here.
        var statusHTML: String?

        init(token: String?, csrfToken: String) {
            url = token.map { SiteURL.sharedCart(token: $0).path }
            self.csrfToken = csrfToken
        }
    }

    /// `shareToken` is the cart's live read-only link, if it has one. `statusAnchor` is where the post that left
    /// `chrome`'s status message landed (`StatusMessage.anchor`): the message moves inside that line or section,
    /// which is what a text browser shows first, and stays at the top when the page has no such place.
    init(
        cart: Cart, shoppingList: [ShoppingListSection], orders: [Order], shareToken: String?, chrome: PageChrome,
        now: Date, zone: TimeZone, statusAnchor: String? = nil
    ) {
        let places = cart.isEmpty ? [] : cart.lines.map { $0.recipe.id.lineAnchor } + ["shopping-list", "share"]
        let landed = chrome.statusHTML.isEmpty ? nil : statusAnchor.flatMap { places.contains($0) ? $0 : nil }
        func status(at anchor: String) -> String? { landed == anchor ? chrome.statusHTML : nil }
        share = Share(token: shareToken, csrfToken: chrome.csrfToken)
        share.statusHTML = status(at: "share")
        shoppingListStatusHTML = status(at: "shopping-list")
        self.orders = orders.map { order in
            SentOrder(
                code: order.code.rawValue, url: SiteURL.order(order.code).path, status: order.status.rawValue,
                statusTitle: order.status.title, placedAt: RelativeTime.text(from: order.placedAt, to: now),
                collectText: order.slot.map { PickupSlotText.collect($0, in: zone) },
                slotStart: order.slot.map { ZonedTimestamp.text($0.start, in: zone) })
        }
        hasOrders = !orders.isEmpty
        self.shoppingList = shoppingList
        self.chrome = chrome
        if landed != nil { self.chrome.statusHTML = "" }
        lines = cart.lines.map { line in
            var shown = line.recipe
            shown.servings = line.effectiveServings
            return Line(
                tile: RecipeTile(shown), quantity: line.quantity, quantityText: DisplayText.batches(line.quantity),
                stepper: Stepper(
                    recipeID: line.recipe.id, title: line.recipe.title, quantity: line.quantity,
                    csrfToken: chrome.csrfToken, returnTo: SiteURL.cart.path),
                cooking: CookingStatus(
                    line: line, csrfToken: chrome.csrfToken, returnTo: SiteURL.cart.path, now: now, zone: zone),
                servings: line.effectiveServings, canChooseServings: line.recipe.servings != nil,
                statusHTML: status(at: line.recipe.id.lineAnchor))
        }
        isEmpty = cart.isEmpty
        summary = "\(DisplayText.recipeCount(cart.lines.count)) · \(DisplayText.batches(cart.itemCount))"
    }
}

/// The cart page is rendered whole for every request: its names are looked up here, since reflecting them (and every
/// lookup inside a line that climbs to the page) was most of the page's time.
extension CartView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "lines": lines
        case "isEmpty": isEmpty
        case "summary": summary
        case "shoppingList": shoppingList
        case "basket": basket
        case "shoppingListStatusHTML": shoppingListStatusHTML
        case "listTextURL": listTextURL
        case "share": share
        case "clearURL": clearURL
        case "orderURL": orderURL
        case "noteLimit": noteLimit
        case "phoneLimit": phoneLimit
        case "substitutionChoices": substitutionChoices
        case "orders": orders
        case "hasOrders": hasOrders
        case "pickup": pickup
        case "sendForm": sendForm
        case "shelfShortfalls": shelfShortfalls
        case "hasShelfShortfalls": !shelfShortfalls.isEmpty
        case "changing": changing
        default: nil
        }
    }
}

extension CartView.Line: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "tile": tile
        case "quantity": quantity
        case "quantityText": quantityText
        case "stepper": stepper
        case "cooking": cooking
        case "servings": servings
        case "canChooseServings": canChooseServings
        case "statusHTML": statusHTML
        case "costPerServing": costPerServing
        default: nil
        }
    }
}

extension CartView.SentOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "code": code
        case "url": url
        case "status": status
        case "statusTitle": statusTitle
        case "placedAt": placedAt
        case "collectText": collectText
        case "slotStart": slotStart
        default: nil
        }
    }
}

extension CartView.Share: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "action": action
        case "revokeAction": revokeAction
        case "csrfToken": csrfToken
        case "statusHTML": statusHTML
        default: nil
        }
    }
}

extension CartView.SubstitutionOption: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "title": title
        case "isDefault": isDefault
        default: nil
        }
    }
}
