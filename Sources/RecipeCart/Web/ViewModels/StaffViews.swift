import Foundation

/// The staff sign-in page.
struct StaffLoginView: PageView {
    static let template = PageTemplate.staffLogin

    var title = "Staff sign-in"
    var stylesheetURL: String
    var loginURL = Route.staffLogin.url()
    var csrfToken: String
    var message: String?
}

/// The staff board: every non-empty cart, and the pick list across them all.
struct StaffBoardView: PageView {
    static let template = PageTemplate.staff

    struct CartCard {
        var label: String
        var url: String
        var lastActivity: String
        var itemCountText: String
        var lines: [Line]
    }

    struct Line {
        var recipeID: String
        var title: String
        var quantity: Int
        var cooking: String?
    }

    var csrfToken: String
    var stylesheetURL: String
    var logoutURL = Route.staffLogout.url()
    var carts: [CartCard]
    var isEmpty: Bool
    var cartCountText: String
    var pickList: [ShoppingListRow]
    var updatedAt: String
    /// The board refreshes itself; one cart's page does too.
    var refreshSeconds = 10
    var title: String

    init(
        carts: [(label: String, cart: ActiveCart)], pickList: [ShoppingListRow], csrfToken: String, stylesheetURL: String, title: String,
        now: Date
    ) {
        self.csrfToken = csrfToken
        self.stylesheetURL = stylesheetURL
        self.title = title
        self.carts = carts.map { label, active in
            CartCard(
                label: label, url: Route.staffCart.url(label), lastActivity: RelativeTime.text(from: active.lastActivity, to: now),
                itemCountText: DisplayText.batches(active.cart.itemCount),
                lines: active.cart.lines.map { line in
                    Line(recipeID: line.recipe.id.rawValue, title: line.recipe.title, quantity: line.quantity,
                         cooking: line.cooking.map { CookingText.status($0, now: now) })
                })
        }
        isEmpty = carts.isEmpty
        cartCountText = carts.count == 1 ? "1 cart" : "\(carts.count) carts"
        self.pickList = pickList
        updatedAt = ClockTime.text(now)
    }
}
