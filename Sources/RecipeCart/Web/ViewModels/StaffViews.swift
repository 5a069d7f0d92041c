import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream

/// The staff sign-in page.
struct StaffLoginView: PageView {
    static let template = PageTemplate.staffLogin

    var title = "Staff sign-in"
    var stylesheetURL: String
    var iconURL: String
    var loginURL = Route.staffLogin.url()
    var csrfToken: String
    var message: String?
}

/// The staff board: the orders to pack, oldest first, each with its own pick list; below them every non-empty
/// cart, and the pick list across them all.
struct StaffBoardView: PageView {
    static let template = PageTemplate.staff

    struct OrderCard {
        var code: String
        var note: String?
        var age: String
        var status: String
        var statusTitle: String
        var itemCountText: String
        var lines: [OrderLineRow]
        var pickList: [ShoppingListSection]
        var action: String
        /// The button that takes the order one step on; none once it is collected.
        var next: StatusButton?
        var cancel: StatusButton?
        var partner: PartnerPanel?
        var handoff: HandoffPanel?
    }

    struct OrderLineRow {
        var title: String
        var quantity: Int
        var servingsText: String?
    }

    struct StatusButton {
        var from: String
        var to: String
        var title: String
    }

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

    /// The recipe API's points today, as `PointsText`.
    struct Points {
        var used: String
        var left: String
    }

    var csrfToken: String
    var stylesheetURL: String
    var iconURL: String
    var logoutURL = Route.staffLogout.url()
    var refreshURL = Route.staffBoard.url()
    var aislesURL = Route.staffAisles.url()
    var orders: [OrderCard]
    var hasOrders: Bool
    var orderCountText: String
    var carts: [CartCard]
    var isEmpty: Bool
    var cartCountText: String
    var pickList: [ShoppingListSection]
    /// Nil without a recipe API.
    var points: Points?
    var updatedAt: String
    /// The board refreshes itself; one cart's page does too.
    var refreshSeconds = 10
    var title: String

    init(
        orders: [(order: Order, pickList: [ShoppingListGroup])], carts: [(label: String, cart: ActiveCart)],
        pickList: [ShoppingListGroup], points: PointsUsage?, csrfToken: String, stylesheetURL: String, iconURL: String,
        title: String, now: Date, handoffs: [OrderCode: Handoff] = [:]
    ) {
        self.orders = orders.map { order, pickList in
            let button = { (target: OrderStatus) in
                StatusButton(from: order.status.rawValue, to: target.rawValue, title: target.actionTitle)
            }
            return OrderCard(
                code: order.code.rawValue, note: order.note.isEmpty ? nil : order.note,
                age: RelativeTime.text(from: order.placedAt, to: now), status: order.status.rawValue,
                statusTitle: order.status.title, itemCountText: DisplayText.batches(order.itemCount),
                lines: order.content.lines.map { line in
                    OrderLineRow(
                        title: line.title, quantity: line.quantity, servingsText: line.servings.map { "for \($0)" })
                },
                pickList: ShoppingListSection.sections(pickList, csrfToken: nil),
                action: Route.staffOrderStatus.url(order.code), next: order.status.next.map(button),
                cancel: order.status.isOpen ? button(.cancelled) : nil, partner: order.partner.map(PartnerPanel.init),
                handoff: handoffs[order.code].map { HandoffPanel($0, code: order.code) })
        }
        hasOrders = !orders.isEmpty
        orderCountText = orders.count == 1 ? "1 order" : "\(orders.count) orders"
        self.csrfToken = csrfToken
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
        self.title = title
        self.carts = carts.map { label, active in
            CartCard(
                label: label, url: Route.staffCart.url(label),
                lastActivity: RelativeTime.text(from: active.lastActivity, to: now),
                itemCountText: DisplayText.batches(active.cart.itemCount),
                lines: active.cart.lines.map { line in
                    Line(
                        recipeID: line.recipe.id.rawValue, title: line.recipe.title, quantity: line.quantity,
                        cooking: line.cooking.map { CookingText.status($0, now: now) })
                })
        }
        isEmpty = carts.isEmpty
        cartCountText = carts.count == 1 ? "1 cart" : "\(carts.count) carts"
        self.pickList = ShoppingListSection.sections(pickList, csrfToken: nil)
        self.points = points.map { Points(used: PointsText.text($0.used), left: PointsText.text($0.left)) }
        updatedAt = ClockTime.text(now)
    }
}

/// The shop's aisles in walking order, each moved a place at a time with plain forms.
struct StaffAislesView: PageView {
    static let template = PageTemplate.staffAisles

    struct Row {
        var id: String
        var title: String
        var position: Int
        var canMoveUp: Bool
        var canMoveDown: Bool
    }

    var title = "Aisle order"
    var stylesheetURL: String
    var iconURL: String
    var csrfToken: String
    var action = Route.staffAisles.url()
    var boardURL = Route.staffBoard.url()
    var aisles: [Row]

    init(order: [Aisle], csrfToken: String, stylesheetURL: String, iconURL: String) {
        self.csrfToken = csrfToken
        self.stylesheetURL = stylesheetURL
        self.iconURL = iconURL
        aisles = order.enumerated().map { index, aisle in
            Row(
                id: aisle.rawValue, title: aisle.title, position: index + 1, canMoveUp: index > 0,
                canMoveDown: index < order.count - 1)
        }
    }
}
