import Foundation
import NIOCore
import RecipeCartDomain
import RecipeCartStorage

/// Each session's cart page as the router last rendered it, so opening the cart again is answered from memory on the
/// event loop (`CartController.keptPage`) instead of seven reads and a render. A kept page stands for a render now
/// only while nothing it shows can have changed:
/// - the session's own posts: every post of the session forgets its page once answered (`RouteRegistrar`), and a
///   render that overlapped such a post is not kept (`PerSessionMemo`); on PostgreSQL, where another instance may have
///   answered the post, the page must also have been read after the shopper's `LastWrite`;
/// - the catalog (titles, pictures, ingredients): the generation it was read at;
/// - a restyled Public/: the fingerprinted asset addresses;
/// - orders, which staff and the partner move: the board's version (`BoardChanges`), when the page shows any;
/// - the clock (an order's age, a cooking timer, the Undo offer running out): a page that shows any of these is
///   trusted for a second, any other for a minute, which also bounds a change no one here hears of (a purge
///   elsewhere, a relay between instances that is down).
final class KeptCartPages: Sendable {
    struct Page: Sendable {
        var body: ByteBuffer
        /// When its reads began: it saw every write committed before then.
        var readAt: Date
        var generation: Int
        /// `PageContext.assetAddresses` when it was rendered.
        var assets: String
        /// The board's version when its reads began, if it shows orders.
        var boardVersion: Int?
        /// It shows an order's age, a running timer or an Undo that runs out.
        var showsTime: Bool

        func isCurrent(lastWrite: LastWrite?, generation: Int, assets: String, boardVersion: Int, now: Date) -> Bool {
            let age = now.timeIntervalSince(readAt)
            return age >= 0 && age <= (showsTime ? KeptCartPages.trustedWhileTimed : KeptCartPages.trusted)
                && generation == self.generation && assets == self.assets
                && (self.boardVersion.map { $0 == boardVersion } ?? true)
                && (lastWrite.map { $0.isSeen(byReadAt: readAt) } ?? true)
        }
    }

    static let trusted: TimeInterval = 60
    static let trustedWhileTimed: TimeInterval = 1
    /// A page of one line is about 12 KB, of forty about 240 KB (mostly the shopping list): the pages held cost
    /// 16 MB at most, and one larger than a sixty-fourth of that is rendered every time instead.
    static let budget = 16 << 20
    static let largestKept = budget / 64

    private let pages = PerSessionMemo<Page>(capacity: 4_000, budget: budget) { $0.body.readableBytes }

    /// Taken before the reads of a page that may be kept.
    func mark(of session: SessionKey) -> PerSessionMemo<Page>.Mark {
        pages.mark(of: session)
    }

    /// Keeps `page` unless a post of the session was answered since `mark`.
    func keep(_ page: Page, of session: SessionKey, readSince mark: PerSessionMemo<Page>.Mark) {
        guard page.body.readableBytes <= Self.largestKept else { return }
        pages.keep(page, of: session, readSince: mark)
    }

    /// The session's page, when it can stand for a render now.
    func page(
        of session: SessionKey, lastWrite: LastWrite?, generation: Int, assets: String, boardVersion: Int, now: Date
    )
        -> ByteBuffer?
    {
        guard let page = pages.known(of: session),
            page.isCurrent(
                lastWrite: lastWrite, generation: generation, assets: assets, boardVersion: boardVersion, now: now)
        else { return nil }
        return page.body
    }

    /// After a post of the session, whatever it changed.
    func forget(_ session: SessionKey) {
        pages.forget([session])
    }

    /// After a purge: any session may be gone.
    func forgetAll() {
        pages.forgetAll()
    }
}
