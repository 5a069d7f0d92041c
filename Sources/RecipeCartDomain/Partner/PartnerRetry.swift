import Foundation

/// When a failed delivery is tried again: the first retry within 2 s, then twice as long each time up to 5 minutes,
/// each wait drawn between half and all of its step so that instances coming back together do not retry together.
/// There is no last try: an event waits as long as the partner is away, which is more than the 24 hours promised.
package enum PartnerRetry {
    package static let firstStep: TimeInterval = 2
    package static let longestWait: TimeInterval = 5 * 60
    /// Failed tries after which the board shows the hand-off as failing.
    package static let failingAfter = 3

    /// The wait after the `failures`th failed try (1 for the first).
    package static func wait(afterFailures failures: Int, random: Double = .random(in: 0...1)) -> TimeInterval {
        let step = min(longestWait, firstStep * pow(2, Double(min(max(failures, 1), 20) - 1)))
        return step * (0.5 + 0.5 * random)
    }
}
