import Foundation

/// Counts staff sign-in tries per client: after `maximumFailures` in `window`, that client waits. A try is counted
/// when it starts, before its form is read, so a burst of tries whose bodies arrive later is judged against the
/// limit as it stood, not as each body lands.
package protocol SignInThrottle: Sendable {
    /// Counts a try as failed until it proves right. - Returns: the seconds to wait when no try is left.
    func reserve(for client: String, now: Date) async throws -> Int?
    /// Takes back one try: a right token, or a post whose token was never judged. Other tries, and other clients,
    /// keep their count.
    func release(for client: String, reservedAt: Date) async throws
}

package enum SignInLimit {
    package static let maximumFailures = 5
    package static let window: TimeInterval = 60

    /// Seconds until the oldest of `recent` tries leaves the window: 1…60. A try that read the clock after this one
    /// but was counted first (two instances, or two tries of a burst) stands a moment in this try's future; the wait
    /// never says more than the window all the same.
    package static func wait(oldest: Date, now: Date) -> Int {
        min(Int(window), max(1, Int((oldest.addingTimeInterval(window).timeIntervalSince(now)).rounded(.up))))
    }
}
