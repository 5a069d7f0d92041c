import HummingbirdCore
import Synchronization

/// The most connections the shop holds open at once, kept well below the process's open-file limit so that the
/// database, picture files, the log and the runtime itself always find a descriptor: at the limit the listener stops
/// accepting (new connections wait in the kernel's backlog, holding no descriptor of ours) until one closes, and
/// past three quarters of it `HTTP1RequestGuard` closes idle connections sooner, so the room goes to clients that
/// send requests.
package final class ConnectionLimit: Sendable {
    package let maximum: Int
    private let open = Atomic<Int>(0)

    package init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// Connections open now.
    package var count: Int { open.load(ordering: .relaxed) }

    /// Three quarters or more of the connections are taken.
    package var isNearlyFull: Bool { count * 4 >= maximum * 3 }

    /// For the listener: Hummingbird's server channel asks it before each accept.
    package var delegate: some AvailableConnectionsDelegate { Delegate(limit: self) }

    /// The default for a process that may open `openFiles` descriptors: three quarters of what is left after 64 for
    /// the database, files, the log and the runtime, and no more than 16,384, past which a small shop's memory, not
    /// its descriptors, would run out first.
    package static func standard(openFiles: Int) -> Int {
        min(16_384, max(16, (openFiles - 64) * 3 / 4))
    }

    private struct Delegate: AvailableConnectionsDelegate {
        let limit: ConnectionLimit

        func connectionOpened() { limit.open.add(1, ordering: .relaxed) }
        func connectionClosed() { limit.open.subtract(1, ordering: .relaxed) }
        func isAcceptingNewConnections() -> Bool { limit.count < limit.maximum }
    }
}
