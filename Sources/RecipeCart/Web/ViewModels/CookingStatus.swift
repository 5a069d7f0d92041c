import Foundation
import Mustache
import RecipeCartDomain

/// The "Start cooking" part of a cart line or detail page: either a start form, or the running timer.
struct CookingStatus: Hashable {
    var action: String
    var csrfToken: String
    var returnTo: String
    var isRunning: Bool
    /// Known ready-in time for the start button; nil asks the shopper for minutes.
    var defaultMinutes: Int?
    /// "11:52 UTC": the server's clock with its zone; the optional script shows the browser's local time.
    var readyText: String?
    var readyAtISO: String?
    var isReady: Bool
    var needsMinutes: Bool
    var minutesLeftText = ""

    init(line: CartLine, csrfToken: String, returnTo: String, now: Date, zone: TimeZone) {
        action = SiteURL.cartItemCooking(line.recipe.id).path
        self.csrfToken = csrfToken
        self.returnTo = returnTo
        defaultMinutes = line.recipe.readyInMinutes
        needsMinutes = line.recipe.readyInMinutes == nil
        isRunning = line.cooking != nil
        isReady = false
        if let timer = line.cooking {
            let left = timer.minutesLeft(now: now)
            isReady = left == 0
            minutesLeftText = CookingText.minutesLeft(left)
            readyText = ClockTime.text(timer.readyAt, in: zone)
            readyAtISO = ISO8601DateFormatter.string(
                from: timer.readyAt, timeZone: .gmt, formatOptions: [.withInternetDateTime])
        }
    }
}

/// Looked up by name rather than reflected, as `RecipeCartBlock` is.
extension CookingStatus: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "csrfToken": csrfToken
        case "returnTo": returnTo
        case "isRunning": isRunning
        case "defaultMinutes": defaultMinutes
        case "readyText": readyText
        case "readyAtISO": readyAtISO
        case "isReady": isReady
        case "needsMinutes": needsMinutes
        case "minutesLeftText": minutesLeftText
        default: nil
        }
    }
}
