import Foundation
import Synchronization

/// Tells the open staff boards of this instance that what they show may have changed: an order was sent, moved or
/// marked, a cart changed. A board's stream (`subscribe`) hears only the newest version, never a queue of them, so a
/// board that falls behind costs one number, not a backlog; it then reads the board once for everything it missed.
///
/// On PostgreSQL, `PostgresBoardRelay` passes local changes to the other instances and theirs to this one.
package final class BoardChanges: Sendable {
    private struct State {
        var version = 0
        var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
        var nextID = 0
        /// A local change the other instances have not been told of yet.
        var isUntold = false
        var hasEnded = false
    }

    private let state = Mutex(State())

    package init() {}

    /// The newest version: a page that shows orders was current for the version it was made at.
    package var version: Int {
        state.withLock { $0.version }
    }

    /// A change written by this instance.
    package func changed() {
        advance(untold: true)
    }

    /// A change another instance wrote, or one that may have been missed while not listening.
    package func heard() {
        advance(untold: false)
    }

    /// Wakes every board with the version it has, so a stream that is still there proves it (the heartbeat).
    package func beat() {
        state.withLock { state in
            for continuation in state.subscribers.values { continuation.yield(state.version) }
        }
    }

    /// Whether a local change waits to be told to the other instances; asking clears it.
    package func takeUntold() -> Bool {
        state.withLock { state in
            defer { state.isUntold = false }
            return state.isUntold
        }
    }

    /// A telling that failed: it is tried again with the next.
    package func tellAgain() {
        state.withLock { $0.isUntold = true }
    }

    /// The versions from now on, the current one first. `cancel` ends the stream; a stream also ends at shutdown.
    package func subscribe() -> (versions: AsyncStream<Int>, cancel: @Sendable () -> Void) {
        let (versions, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.hasEnded else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            continuation.yield(state.version)
            return id
        }
        guard let id else {
            continuation.finish()
            return (versions, {})
        }
        continuation.onTermination = { [weak self] _ in self?.drop(id) }
        return (versions, { [weak self] in self?.drop(id) })
    }

    /// Ends every stream, so a stopping server is not held open by the boards watching it.
    package func endAll() {
        let ended = state.withLock { state in
            state.hasEnded = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in ended { continuation.finish() }
    }

    private func advance(untold: Bool) {
        state.withLock { state in
            state.version += 1
            if untold { state.isUntold = true }
            for continuation in state.subscribers.values { continuation.yield(state.version) }
        }
    }

    private func drop(_ id: Int) {
        let continuation = state.withLock { $0.subscribers.removeValue(forKey: id) }
        continuation?.finish()
    }
}
