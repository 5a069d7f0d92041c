import Foundation
import RecipeCartContracts

/// The sign-in throttle of a single instance, kept in memory: a restart forgets at most a minute of tries.
package actor InMemorySignInThrottle: SignInThrottle {
    package static let maximumFailures = SignInLimit.maximumFailures
    package static let window = SignInLimit.window

    private var failures: [String: [Date]] = [:]

    package init() {}

    package func reserve(for address: String, now: Date) -> Int? {
        if let wait = retryAfter(for: address, now: now) { return wait }
        recordFailure(for: address, now: now)
        return nil
    }

    package func release(for address: String, reservedAt: Date) {
        guard var dates = failures[address], let index = dates.lastIndex(of: reservedAt) else { return }
        dates.remove(at: index)
        failures[address] = dates.isEmpty ? nil : dates
    }

    /// Seconds to wait before another try, or nil when a try is allowed.
    package func retryAfter(for address: String, now: Date = Date()) -> Int? {
        let recent = prune(address, now: now)
        guard recent.count >= Self.maximumFailures, let oldest = recent.first else { return nil }
        return SignInLimit.wait(oldest: oldest, now: now)
    }

    package func recordFailure(for address: String, now: Date = Date()) {
        failures[address] = prune(address, now: now) + [now]
        // Forget idle addresses so a flood of spoofed ones cannot grow this without bound.
        if failures.count > 10_000 {
            failures = failures.filter { !$0.value.isEmpty && now.timeIntervalSince($0.value.last!) < Self.window }
        }
    }

    private func prune(_ address: String, now: Date) -> [Date] {
        let recent = (failures[address] ?? []).filter { now.timeIntervalSince($0) < Self.window }
        failures[address] = recent.isEmpty ? nil : recent
        return recent
    }
}
