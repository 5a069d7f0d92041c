import Foundation

/// The staff sign-in page.
struct StaffLoginView {
    var csrfToken: String
    var token: String
    var message: String?
}

/// The staff board: every non-empty cart, and the pick list across them all.
struct StaffBoardView {
    struct CartCard {
        var label: String
        var url: String
        var lastActivity: String
        var itemCount: Int
        var lines: [Line]
    }

    struct Line {
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
                itemCount: active.cart.itemCount,
                lines: active.cart.lines.map { line in
                    Line(title: line.recipe.title, quantity: line.quantity,
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

/// Hours and minutes in the server's time zone, e.g. "18:45".
enum ClockTime {
    static func text(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}

enum CookingText {
    static func status(_ timer: CookingTimer, now: Date) -> String {
        let left = timer.minutesLeft(now: now)
        return left == 0 ? "Ready now" : "Ready at \(ClockTime.text(timer.readyAt)) · \(left) min left"
    }
}
