import NIOCore
import Synchronization

/// How many requests the router works on at once, by kind. Past its limit a request is refused at once
/// (`LoadSheddingMiddleware`) instead of joining a queue that has no end: under a flood the requests taken are still
/// answered quickly, and the rest learn so in a millisecond. Shoppers' posts have room of their own, four times a
/// page's, so they are the last to be refused.
final class RequestAdmission: Sendable {
    enum Kind {
        /// A page: a GET or HEAD the router renders.
        case page
        /// A post, a form sent by a shopper or by staff.
        case post
    }

    struct Limits: Sendable, Equatable {
        var pages: Int
        var posts: Int

        /// Thirty-two pages a core: a page holds its core for a millisecond or less, so at this many the slowest (a
        /// search no cache holds, at 100,000 recipes) still waits only tens of milliseconds, while a shop's ordinary
        /// busy hour, far fewer at once, is never refused.
        static let standard = Limits(cores: System.coreCount)

        init(pages: Int, posts: Int) {
            self.pages = pages
            self.posts = posts
        }

        init(cores: Int) {
            pages = 32 * max(1, cores)
            posts = 4 * pages
        }
    }

    let limits: Limits
    private let counts = Mutex<[Kind: Int]>([:])

    init(limits: Limits) {
        self.limits = limits
    }

    /// Takes a place for a request of `kind`, or says there is none; a place taken is given back with `leave`.
    func enter(_ kind: Kind) -> Bool {
        let limit = kind == .page ? limits.pages : limits.posts
        return counts.withLock { counts in
            guard counts[kind, default: 0] < limit else { return false }
            counts[kind, default: 0] += 1
            return true
        }
    }

    func leave(_ kind: Kind) {
        counts.withLock { $0[kind, default: 0] -= 1 }
    }

    /// Requests of `kind` under way.
    func underWay(_ kind: Kind) -> Int {
        counts.withLock { $0[kind, default: 0] }
    }
}
