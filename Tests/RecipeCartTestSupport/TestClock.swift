import Foundation
import NIOConcurrencyHelpers

/// A clock a test moves by hand, e.g. past UTC midnight.
package final class TestClock: Sendable {
    private let date: NIOLockedValueBox<Date>

    package init(_ date: Date) { self.date = NIOLockedValueBox(date) }

    package var now: Date { date.withLockedValue { $0 } }

    package func advance(by seconds: TimeInterval) { date.withLockedValue { $0.addTimeInterval(seconds) } }
}
