import Foundation

/// Counts failed staff sign-ins per address: after 5 in a minute, that address waits.
actor LoginThrottle {
    static let maximumFailures = 5
    static let window: TimeInterval = 60

    private var failures: [String: [Date]] = [:]

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

    func reset(for address: String) {
        failures[address] = nil
    }

    private func prune(_ address: String, now: Date) -> [Date] {
        let recent = (failures[address] ?? []).filter { now.timeIntervalSince($0) < Self.window }
        failures[address] = recent.isEmpty ? nil : recent
        return recent
    }
}
