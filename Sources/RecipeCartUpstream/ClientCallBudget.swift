import Foundation
import Synchronization

/// How many upstream calls one client may cause: the day's quota is shared by every shopper, so a single
/// address typing new words cannot spend it for everyone. Past its share, a client's pages show what is saved.
package final class ClientCallBudget: Sendable {
    package static let window: TimeInterval = 3600
    /// Kept in memory: forgetting the counts on a restart costs at most one more share.
    package static let maximumClients = 10_000

    package let callsPerWindow: Int
    private let spent = Mutex<[String: [Date]]>([:])

    package init(callsPerWindow: Int) {
        self.callsPerWindow = callsPerWindow
    }

    /// Takes one call from the client's share. - Returns: false when the share is spent.
    package func spend(for client: String, at now: Date) -> Bool {
        spent.withLock { spent in
            let recent = (spent[client] ?? []).filter { now.timeIntervalSince($0) < Self.window }
            guard recent.count < callsPerWindow else {
                spent[client] = recent
                return false
            }
            spent[client] = recent + [now]
            if spent.count > Self.maximumClients {
                spent = spent.filter { $0.value.contains { now.timeIntervalSince($0) < Self.window } }
            }
            return true
        }
    }
}
