import Foundation

/// The staff sign-in page.
struct StaffLoginView {
    var title = "Staff sign-in"
    var csrfToken: String
    var message: String?
}

/// The staff board: every non-empty cart, and the pick list across them all.
struct StaffBoardView {
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
    var carts: [CartCard]
    var isEmpty: Bool
    var cartCountText: String
    var pickList: [ShoppingListRow]
    var updatedAt: String
    /// The board refreshes itself; one cart's page does too.
    var refreshSeconds = 10
    var title: String

    init(carts: [(label: String, cart: ActiveCart)], pickList: [ShoppingListRow], csrfToken: String, title: String, now: Date) {
        self.csrfToken = csrfToken
        self.title = title
        self.carts = carts.map { label, active in
            CartCard(
                label: label, url: "/staff/carts/\(label)", lastActivity: RelativeTime.text(from: active.lastActivity, to: now),
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

/// "just now", "3 min ago", "2 h ago", "4 days ago".
enum RelativeTime {
    static func text(from date: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(date)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }
}

/// Hours and minutes in the server's time zone, with the zone, e.g. "18:45 UTC": the shopper's browser may be
/// elsewhere, and the optional script rewrites it to the browser's own time.
enum ClockTime {
    static func text(_ date: Date, in zone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hours = parts.hour ?? 0, minutes = parts.minute ?? 0
        let clock = (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
        let isUTC = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier)
        return "\(clock) \(isUTC ? "UTC" : zone.abbreviation(for: date) ?? zone.identifier)"
    }
}

enum CookingText {
    /// "23 min left": the part of a timer that is true in every time zone.
    static func minutesLeft(_ minutes: Int) -> String {
        minutes == 0 ? "Ready now" : "\(minutes) min left"
    }

    static func status(_ timer: CookingTimer, now: Date) -> String {
        let left = timer.minutesLeft(now: now)
        return left == 0 ? "Ready now" : "Ready at \(ClockTime.text(timer.readyAt)) · \(minutesLeft(left))"
    }
}
