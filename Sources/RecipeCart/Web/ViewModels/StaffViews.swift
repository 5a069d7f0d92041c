import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartUpstream

/// The staff sign-in page.
struct StaffLoginView: PageView {
    static let template = PageTemplate.staffLogin

    var title = "Staff sign-in"
    var stylesheetURL: String
    var iconURL: String
    var loginURL = SiteURL.staffLogin.path
    var csrfToken: String
    var message: String?
}

/// The staff board: the orders to pack in columns by status (New · Picking · Ready), oldest first, each with its own
/// pick list; the orders done in the last hour; below them every non-empty cart, and the pick list across them all.
/// With JavaScript the board follows `/staff/events` and swaps in its own HTML again; without, it reloads itself.
struct StaffBoardView: PageView {
    static let template = PageTemplate.staff

    struct Column {
        var id: String
        var title: String
        var orders: [StaffOrderTicket]
        var countText: String
        /// `staff-column-size-N`: how much of the row a column takes, by its orders (capped), since CSP forbids
        /// inline styles.
        var size: Int
        /// `staff-column-tracks-N`: on a wall screen, how many tickets wide the column is, so that its tickets stand
        /// two high (capped at 4; 0 when it has none): eight orders in any mix fit on one screen.
        var tracks: Int
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

    /// The header's numbers for today.
    struct Numbers {
        var orders: Int
        var ordersText: String
        var medianText: String
        var late: Int
        var lateText: String
        /// "€123.45 estimated · €98.10 charged" (`data-takings-estimated-minor`, `data-takings-charged-minor`).
        var takingsText: String
        var estimatedMinor: Int
        var chargedMinor: Int
        /// Where the shop's day starts and ends (`data-day-start`, `data-day-end`): the board's script counts an
        /// open order of today into `late` as it turns late, and reads the board again when the day ends.
        var dayStart: String
        var dayEnd: String
    }

    var csrfToken: String
    var stylesheetURL: String
    var scriptURL: String
    var iconURL: String
    var logoutURL = SiteURL.staffLogout.path
    var refreshURL = SiteURL.staffBoard.path
    var eventsURL = SiteURL.staffEvents.path
    var aislesURL = SiteURL.staffAisles.path
    var slotsURL = SiteURL.staffSlots.path
    var productsURL = SiteURL.staffProducts.path
    var screensURL = SiteURL.staffScreens.path
    /// On a paired wall screen: goes back to the pairing page within 2 seconds of a revoke.
    var screenWatch: ScreenWatch?
    var columns: [Column]
    var hasOrders: Bool
    var orderCountText: String
    var done: [StaffDoneTicket]
    var hasDone: Bool
    var numbers: Numbers?
    var carts: [CartCard]
    var isEmpty: Bool
    var cartCountText: String
    var pickList: [ShoppingListSection]
    /// Nil without a recipe API.
    var points: Points?
    var updatedAt: String
    /// When the server drew the board (`data-server-time`) and the two age limits in seconds
    /// (`data-order-warn-after`, `data-order-late-after`): the board's script keeps each ticket's age true from them
    /// against the server's clock, not the screen's.
    var serverTime: String
    var warnAfter: String
    var lateAfter: String
    /// The shop's zone (`data-time-zone`), which the script writes "Not live since 14:02:05" in, as the page's times.
    var timeZone: String
    /// Without JavaScript the board reloads itself this often; one cart's page does too.
    var refreshSeconds = 10
    var title: String
    /// With pickup slots, the switch between today's orders and tomorrow's (`data-board-day`).
    var daySwitch: DaySwitch?

    struct DaySwitch {
        var day: String
        var todayURL = SiteURL.staffBoard.path
        var tomorrowURL = SiteURL.staffBoard.path + "?day=tomorrow"
        var isToday: Bool
        var isTomorrow: Bool

        init(day: BoardDay) {
            self.day = day.rawValue
            isToday = day == .today
            isTomorrow = day == .tomorrow
        }
    }

    init(
        orders: [(order: Order, pickList: [ShoppingListGroup])], done: [Order],
        numbers: (counts: OrderDayNumbers, day: DateInterval, currency: Currency)?,
        carts: [(label: String, cart: ActiveCart)],
        pickList: [ShoppingListGroup], points: PointsUsage?,
        limits: OrderAge.Limits, csrfToken: String, assets: AssetURLs, title: String, now: Date, day: DateInterval,
        zone: TimeZone, handoffs: [OrderCode: Handoff] = [:], choices: [String: [String]] = [:]
    ) {
        // By when each is due: its slot's start, or when it was sent.
        let tickets = orders.sorted {
            ($0.order.dueAt, $0.order.placedAt, $0.order.code.rawValue)
                < ($1.order.dueAt, $1.order.placedAt, $1.order.code.rawValue)
        }.map {
            StaffOrderTicket(
                order: $0.order, pickList: $0.pickList, handoff: handoffs[$0.order.code], limits: limits, now: now,
                day: day, zone: zone, choices: choices)
        }
        columns = [OrderStatus.new, .picking, .ready].map { status in
            let inColumn = tickets.filter { $0.status == status.rawValue }
            return Column(
                id: status.rawValue, title: status.title, orders: inColumn,
                countText: inColumn.count == 1 ? "1 order" : "\(inColumn.count) orders", size: min(inColumn.count, 4),
                tracks: min((inColumn.count + 1) / 2, 4))
        }
        hasOrders = !orders.isEmpty
        orderCountText = orders.count == 1 ? "1 order" : "\(orders.count) orders"
        self.done = done.map { StaffDoneTicket(order: $0, zone: zone) }
        hasDone = !done.isEmpty
        self.numbers = numbers.map { numbers, day, currency in
            Numbers(
                orders: numbers.orders,
                ordersText: numbers.orders == 1 ? "1 order today" : "\(numbers.orders) orders today",
                medianText: numbers.medianMinutesToReady.map { "\($0) min to ready (median)" } ?? "none ready yet",
                late: numbers.late, lateText: numbers.late == 1 ? "1 late" : "\(numbers.late) late",
                takingsText: currency.format(minor: numbers.estimatedMinor) + " estimated · "
                    + currency.format(minor: numbers.chargedMinor) + " charged",
                estimatedMinor: numbers.estimatedMinor, chargedMinor: numbers.chargedMinor,
                dayStart: StaffOrderTicket.instant(day.start), dayEnd: StaffOrderTicket.instant(day.end))
        }
        self.csrfToken = csrfToken
        stylesheetURL = assets.url(for: "staff.css")
        scriptURL = assets.url(for: "staff.js")
        iconURL = assets.url(for: "icon.svg")
        self.title = title
        self.carts = carts.map { label, active in
            CartCard(
                label: label, url: SiteURL.staffCart(label: label).path,
                lastActivity: RelativeTime.text(from: active.lastActivity, to: now),
                itemCountText: DisplayText.batches(active.cart.itemCount),
                lines: active.cart.lines.map { line in
                    Line(
                        recipeID: line.recipe.id.rawValue, title: line.recipe.title, quantity: line.quantity,
                        cooking: line.cooking.map { CookingText.status($0, now: now, zone: zone) })
                })
        }
        isEmpty = carts.isEmpty
        cartCountText = carts.count == 1 ? "1 cart" : "\(carts.count) carts"
        self.pickList = ShoppingListSection.sections(pickList, csrfToken: nil)
        self.points = points.map { Points(used: PointsText.text($0.used), left: PointsText.text($0.left)) }
        updatedAt = ClockTime.text(now, in: zone)
        timeZone = zone.identifier
        serverTime = StaffOrderTicket.instant(now)
        warnAfter = Self.seconds(limits.warnAfter)
        lateAfter = Self.seconds(limits.lateAfter)
    }

    /// "90", or "1.5" for a limit that is not whole seconds.
    private static func seconds(_ interval: TimeInterval) -> String {
        interval.rounded() == interval ? String(Int(interval)) : String(interval)
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
    var action = SiteURL.staffAisles.path
    var boardURL = SiteURL.staffBoard.path
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
