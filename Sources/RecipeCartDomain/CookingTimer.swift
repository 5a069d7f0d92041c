import Foundation

/// "Start cooking" on a cart line: when it started and how long the recipe takes.
public struct CookingTimer: Sendable, Equatable {
    public static let minutesRange = 1...1_440

    public var startedAt: Date
    public var minutes: Int

    public init(startedAt: Date, minutes: Int) {
        self.startedAt = startedAt
        self.minutes = minutes
    }

    public var readyAt: Date { startedAt + TimeInterval(minutes * 60) }

    /// Whole minutes left, rounded up, so "1 min left" shows until the very end.
    public func minutesLeft(now: Date) -> Int {
        max(0, Int((readyAt.timeIntervalSince(now) / 60).rounded(.up)))
    }
}
