import Foundation

/// The time as RecipeCart reads it: one clock, set in the configuration and handed to every controller, store,
/// session and timer and to the upstream layer, so a test sets the time instead of reading the wall clock.
package struct AppClock: Sendable {
    package static let system = AppClock { Date() }

    private let read: @Sendable () -> Date

    package init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// A clock stopped at `date`, for tests.
    package static func fixed(_ date: Date) -> AppClock { AppClock { date } }

    package func now() -> Date { read() }
}
