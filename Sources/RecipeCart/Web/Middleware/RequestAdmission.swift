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
        /// A post to a route that takes a large body (a picture, a till's file), which the router reads itself.
        case upload
    }

    struct Limits: Sendable, Equatable {
        var pages: Int
        var posts: Int
        /// Few: each may hold its whole body, megabytes, in memory while it is read.
        var uploads: Int

        /// Thirty-two pages a core: a page holds its core for a millisecond or less, so at this many the slowest (a
        /// search no cache holds, at 100,000 recipes) still waits only tens of milliseconds, while a shop's ordinary
        /// busy hour, far fewer at once, is never refused.
        static let standard = Limits(cores: System.coreCount)

        init(pages: Int, posts: Int, uploads: Int? = nil) {
            self.pages = pages
            self.posts = posts
            self.uploads = uploads ?? max(2, posts / 32)
        }

        init(cores: Int) {
            let pages = 32 * max(1, cores)
            self.init(pages: pages, posts: 4 * pages)
        }
    }

    let limits: Limits
    // One atomic a kind: every request through the router passes here, so no lock.
    private let pages = Atomic<Int>(0)
    private let posts = Atomic<Int>(0)
    private let uploads = Atomic<Int>(0)

    init(limits: Limits) {
        self.limits = limits
    }

    /// Takes a place for a request of `kind`, or says there is none; a place taken is given back with `leave`.
    func enter(_ kind: Kind) -> Bool {
        switch kind {
        case .page: Self.take(pages, below: limits.pages)
        case .post: Self.take(posts, below: limits.posts)
        case .upload: Self.take(uploads, below: limits.uploads)
        }
    }

    func leave(_ kind: Kind) {
        switch kind {
        case .page: pages.subtract(1, ordering: .relaxed)
        case .post: posts.subtract(1, ordering: .relaxed)
        case .upload: uploads.subtract(1, ordering: .relaxed)
        }
    }

    /// Requests of `kind` under way.
    func underWay(_ kind: Kind) -> Int {
        switch kind {
        case .page: pages.load(ordering: .relaxed)
        case .post: posts.load(ordering: .relaxed)
        case .upload: uploads.load(ordering: .relaxed)
        }
    }

    private static func take(_ counter: borrowing Atomic<Int>, below limit: Int) -> Bool {
        if counter.add(1, ordering: .relaxed).newValue <= limit { return true }
        counter.subtract(1, ordering: .relaxed)
        return false
    }
}
