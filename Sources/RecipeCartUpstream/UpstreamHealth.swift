import Foundation
import Logging

/// Remembers whether upstream is failing: pages then skip calls for a short while instead of each waiting
/// for a timeout, and an outage is logged once when it starts and once when it ends, not on every page.
package actor UpstreamHealth {
    private let backoff: TimeInterval
    private let logger: Logger
    private var failingSince: Date?
    private var retryAt: Date?

    package init(backoff: TimeInterval, logger: Logger) {
        self.backoff = backoff
        self.logger = logger
    }

    package func allowsCall(at now: Date) -> Bool {
        retryAt.map { now >= $0 } ?? true
    }

    /// A fault of a call that went out starts the backoff; any fault (a quota stop too) is logged once.
    package func failed(_ fault: UpstreamFault, at now: Date) {
        if !fault.isLocal { retryAt = now.addingTimeInterval(backoff) }
        guard failingSince == nil, fault != .backingOff else { return }
        failingSince = now
        logger.warning("recipe service unavailable; showing saved recipes", metadata: ["reason": "\(fault)"])
    }

    package func succeeded(at now: Date) {
        retryAt = nil
        guard let since = failingSince else { return }
        failingSince = nil
        logger.notice("recipe service answers again", metadata: ["down_for": "\(Int(now.timeIntervalSince(since))) s"])
    }
}
