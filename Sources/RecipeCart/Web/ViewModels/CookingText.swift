import Foundation
import RecipeCartDomain

/// A cooking timer in words, the same on the cart page and the staff board.
enum CookingText {
    /// "23 min left": the part of a timer that is true in every time zone.
    static func minutesLeft(_ minutes: Int) -> String {
        minutes == 0 ? "Ready now" : "\(minutes) min left"
    }

    static func status(_ timer: CookingTimer, now: Date, zone: TimeZone) -> String {
        let left = timer.minutesLeft(now: now)
        return left == 0 ? "Ready now" : "Ready at \(ClockTime.text(timer.readyAt, in: zone)) · \(minutesLeft(left))"
    }
}
