import Foundation
import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// One kind of page (the cart page, the order page) as the router last rendered it for each session, with what it
/// was read at, and whether it may stand for a render now (`KeptShopperPages` says when a page is kept and looked up).
final class KeptPages: Sendable {
    struct Page: Sendable {
        var body: ByteBuffer
        /// The address it was rendered for: of the order pages, the one a session opened last is kept.
        var path: String
        /// When its reads began: it saw every write committed before then.
        var readAt: Date
        var generation: Int
        /// `PageContext.assetAddresses` when it was rendered.
        var assets: String
        /// The board's version when its reads began, if it shows orders.
        var boardVersion: Int?
        /// It shows an order's age, a running timer or an Undo that runs out.
        var showsTime: Bool

        func isCurrent(
            path: String, lastWrite: LastWrite?, generation: Int, assets: String, boardVersion: Int, now: Date
        ) -> Bool {
            let age = now.timeIntervalSince(readAt)
            return path == self.path && age >= 0
                && age <= (showsTime ? KeptPages.trustedWhileTimed : KeptPages.trusted)
                && generation == self.generation && assets == self.assets
                && (self.boardVersion.map { $0 == boardVersion } ?? true)
                && (lastWrite.map { $0.isSeen(byReadAt: readAt) } ?? true)
        }
    }

    static let trusted: TimeInterval = 60
    static let trustedWhileTimed: TimeInterval = 1
    /// A cart page of one line is about 12 KB, of forty about 240 KB (mostly the shopping list), an order page
    /// alike: the pages of a kind cost 16 MB at most, and one larger than a sixty-fourth of that is rendered every time instead.
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

    /// The session's page at `path`, when it can stand for a render now.
    func page(
        of session: SessionKey, path: String, lastWrite: LastWrite?, generation: Int, assets: String,
        boardVersion: Int, now: Date
    ) -> ByteBuffer? {
        guard let page = pages.known(of: session),
            page.isCurrent(
                path: path, lastWrite: lastWrite, generation: generation, assets: assets, boardVersion: boardVersion,
                now: now)
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
