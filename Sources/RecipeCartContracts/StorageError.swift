/// What a store throws that a shopper can be told about; the web layer shows each as its page, in one place
/// (`ErrorPageMiddleware`). Anything else a store throws is a bug.
package enum StorageError: Error, Equatable, CustomStringConvertible {
    /// What the call named is not there, such as a recipe deleted meanwhile.
    case notFound(String)
    /// The database did not answer: unreachable, restarting, out of room or locked by someone else. Nothing was
    /// changed, and the next request tries again, so the shop recovers without a restart.
    case unavailable(reason: String)

    package var description: String {
        switch self {
        case .notFound(let message): "not found: \(message)"
        case .unavailable(let reason): "database unavailable: \(reason)"
        }
    }

    /// Whether `error` says the database did not answer.
    package static func isUnavailable(_ error: any Error) -> Bool {
        if case .unavailable = error as? StorageError { true } else { false }
    }
}
