import Foundation
import Synchronization

/// Tells the open staff boards of this instance that what they show may have changed: an order was sent, moved or
/// marked, a cart changed. A board's stream (`subscribe`) hears only the newest news, never a queue of it, so a board
/// that falls behind costs one value, not a backlog; it then reads the board once for everything it missed.
///
/// It also tells them of sign-outs: a staff session ended or a screen revoked (`signedOut`), on which each stream
/// checks that its own session still holds, and ends if not.
///
/// On PostgreSQL, `PostgresBoardRelay` passes local changes and sign-outs to the other instances and theirs to this one.
package final class BoardChanges: Sendable {
    /// What a stream hears: two counters that only grow, so the newest news says everything the older said.
    package struct News: Sendable, Equatable {
        /// The board's version: a new one means the board may show something else.
        package var version = 0
        /// Sign-outs heard so far, here or from another instance.
        package var signOuts = 0
    }

    /// What this instance has yet to tell the others.
    package struct Untold: OptionSet, Sendable {
        package let rawValue: Int

        package init(rawValue: Int) {
            self.rawValue = rawValue
        }

        package static let change = Untold(rawValue: 1)
        package static let signOut = Untold(rawValue: 2)
    }

    private struct State {
        var news = News()
        var subscribers: [Int: AsyncStream<News>.Continuation] = [:]
        var nextID = 0
        var untold: Untold = []
        var hasEnded = false

        func tellSubscribers() {
            for continuation in subscribers.values { continuation.yield(news) }
        }
    }

    private let state = Mutex(State())

    package init() {}

    /// The newest version: a page that shows orders was current for the version it was made at.
    package var version: Int {
        state.withLock { $0.news.version }
    }

    /// A change written by this instance.
    package func changed() {
        state.withLock { state in
            state.news.version += 1
            state.untold.insert(.change)
            state.tellSubscribers()
        }
    }

    /// A change another instance wrote, or one that may have been missed while not listening.
    package func heard() {
        state.withLock { state in
            state.news.version += 1
            state.tellSubscribers()
        }
    }

    /// A staff session or a screen's ended on this instance, once written: every stream checks its own again.
    package func signedOut() {
        state.withLock { state in
            state.news.signOuts += 1
            state.untold.insert(.signOut)
            state.tellSubscribers()
        }
    }

    /// A sign-out on another instance.
    package func heardSignOut() {
        state.withLock { state in
            state.news.signOuts += 1
            state.tellSubscribers()
        }
    }

    /// Wakes every board with the news it has, so a stream that is still there proves it (the heartbeat).
    package func beat() {
        state.withLock { $0.tellSubscribers() }
    }

    /// What waits to be told to the other instances; asking clears it.
    package func takeUntold() -> Untold {
        state.withLock { state in
            defer { state.untold = [] }
            return state.untold
        }
    }

    /// A telling that failed: it is tried again with the next.
    package func tellAgain(_ untold: Untold) {
        state.withLock { $0.untold.formUnion(untold) }
    }

    /// The news from now on, the current one first. `cancel` ends the stream; a stream also ends at shutdown.
    package func subscribe() -> (news: AsyncStream<News>, cancel: @Sendable () -> Void) {
        let (news, continuation) = AsyncStream.makeStream(of: News.self, bufferingPolicy: .bufferingNewest(1))
        let id: Int? = state.withLock { state in
            guard !state.hasEnded else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            continuation.yield(state.news)
            return id
        }
        guard let id else {
            continuation.finish()
            return (news, {})
        }
        continuation.onTermination = { [weak self] _ in self?.drop(id) }
        return (news, { [weak self] in self?.drop(id) })
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

    private func drop(_ id: Int) {
        let continuation = state.withLock { $0.subscribers.removeValue(forKey: id) }
        continuation?.finish()
    }
}
