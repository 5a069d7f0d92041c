import Foundation

/// Counts staff sign-in tries per client: after 5 failures in a minute, that client waits.
/// A try is counted when it starts, before its form is read, so a burst of tries whose bodies arrive
/// later is judged against the limit as it stood, not as each body lands.
actor LoginThrottle {
    static let maximumFailures = 5
    static let window: TimeInterval = 60

    private var failures: [String: [Date]] = [:]

    /// Counts a try as failed until it proves right. - Returns: the seconds to wait when no try is left.
    func reserve(for address: String, now: Date = Date()) -> Int? {
        if let wait = retryAfter(for: address, now: now) { return wait }
        recordFailure(for: address, now: now)
        return nil
    }

    /// Takes back one try: a right token, or a post whose token was never judged. Other tries, and other clients,
    /// keep their count.
    func release(for address: String, reservedAt: Date) {
        guard var dates = failures[address], let index = dates.lastIndex(of: reservedAt) else { return }
        dates.remove(at: index)
        failures[address] = dates.isEmpty ? nil : dates
    }

    /// Seconds to wait before another try, or nil when a try is allowed.
    func retryAfter(for address: String, now: Date = Date()) -> Int? {
        let recent = prune(address, now: now)
        guard recent.count >= Self.maximumFailures, let oldest = recent.first else { return nil }
        return max(1, Int((oldest.addingTimeInterval(Self.window).timeIntervalSince(now)).rounded(.up)))
    }

    func recordFailure(for address: String, now: Date = Date()) {
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
