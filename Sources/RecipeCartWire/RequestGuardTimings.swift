import NIOCore

/// The limits `HTTP1RequestGuard` keeps, all in proportion to one connection timeout: 30 s in production. Tests
/// start the server with a few seconds, so they wait for each limit in seconds rather than in tens of seconds, and
/// the embedded loop's tests advance its clock by these values.
package struct RequestGuardTimings: Equatable, Sendable {
    /// The bytes of announced body that earn a request `deadlinePerChunk` more.
    package static let chunkBytes = 16 * 1024

    /// A connection with no request under way is closed after this long without one.
    package var idleTimeout: TimeAmount
    /// From a request's head to its end, before what its announced body adds.
    package var baseDeadline: TimeAmount
    /// What each `chunkBytes` of announced body adds to the deadline: a second at the production timeout.
    package var deadlinePerChunk: TimeAmount
    /// No request's deadline is longer, whatever it announces.
    package var longestDeadline: TimeAmount
    /// A client that takes none of its answers for this long is reset.
    package var stalledWriteLimit: TimeAmount
    /// How often one timer a connection checks the limits.
    package var checkEvery: TimeAmount
    /// How long the rest of a body answered before it arrived is still read and thrown away, so that a client that
    /// sends all of its body before it reads (as most do) gets to read the answer rather than a reset.
    package var lingerTime: TimeAmount

    /// Silence inside a request that gets its 408 in time, the check's own delay included, before the idle timeout.
    package var silenceLimit: TimeAmount { idleTimeout - checkEvery * 2 }

    /// Every limit in proportion to `connectionTimeout`: 30 s gives the production values (a 20 s silence, 1 s a
    /// 16 KB, 10 minutes at most, a check every 5 s, 2 s to linger).
    package init(connectionTimeout: TimeAmount) {
        let nanoseconds = connectionTimeout.nanoseconds
        idleTimeout = connectionTimeout
        baseDeadline = connectionTimeout
        deadlinePerChunk = .nanoseconds(nanoseconds / 30)
        longestDeadline = connectionTimeout * 20
        stalledWriteLimit = connectionTimeout
        checkEvery = .nanoseconds(nanoseconds / 6)
        lingerTime = .nanoseconds(nanoseconds / 15)
    }

    package static let standard = RequestGuardTimings(connectionTimeout: .seconds(30))

    /// How long a request announcing `bytes` of body may take to arrive whole.
    package func deadline(announcing bytes: Int) -> TimeAmount {
        // Counted only up to what reaches the longest deadline, so a huge Content-Length cannot overflow the sum.
        let mostChunks = longestDeadline.nanoseconds / max(1, deadlinePerChunk.nanoseconds)
        let chunks = min(Int64(max(0, bytes) / Self.chunkBytes), mostChunks)
        return min(baseDeadline + deadlinePerChunk * chunks, longestDeadline)
    }
}
