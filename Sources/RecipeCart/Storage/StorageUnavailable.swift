/// The database did not answer: unreachable, restarting, out of room or locked by someone else. Pages show the
/// 503 page, nothing was changed, and the next request tries again, so the shop recovers without a restart.
struct StorageUnavailable: Error, CustomStringConvertible {
    let reason: String

    var description: String { "database unavailable: \(reason)" }
}
