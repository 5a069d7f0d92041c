import Foundation

/// "Start cooking" on a cart line: when it started and how long the recipe takes.
package struct CookingTimer: Sendable, Equatable {
    package static let minutesRange = 1...1_440

    package var startedAt: Date
    package var minutes: Int

    package init(startedAt: Date, minutes: Int) {
        self.startedAt = startedAt
        self.minutes = minutes
    }

    package var readyAt: Date { startedAt + TimeInterval(minutes * 60) }

    /// Whole minutes left, rounded up, so "1 min left" shows until the very end.
    package func minutesLeft(now: Date) -> Int {
        max(0, Int((readyAt.timeIntervalSince(now) / 60).rounded(.up)))
    }
}
