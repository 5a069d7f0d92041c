import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage

/// Each session's cart page, and the order page it opened last, as the router last rendered them, so opening either
/// again is answered from memory on the event loop (`EarlyPageAnswers`) instead of several reads and a render.
/// Controllers render these pages through `render`, which keeps them; a kept page stands for a render now only while
/// nothing it shows can have changed (`KeptPages.Page.isCurrent`):
/// - the session's own posts: every post of the session forgets its pages once answered (`RouteRegistrar`), and a
///   render that overlapped such a post is not kept (`PerSessionMemo`); on PostgreSQL, where another instance may have
///   answered the post, the page must also have been read after the shopper's `LastWrite`;
/// - the catalog (titles, pictures, ingredients): the generation it was read at;
/// - a restyled Public/: the fingerprinted asset addresses;
/// - orders, which staff and the partner move: the board's version (`BoardChanges`), when the page shows any;
/// - the clock (an order's age, a cooking timer, the Undo offer running out): a page that shows any of these is
///   trusted for a second, any other for a minute, which also bounds a change no one here hears of (a purge
///   elsewhere, a relay between instances that is down, the aisles' order).
final class KeptShopperPages: Sendable {
    /// What a rendered page shows that may change without a post of its session.
    struct Shows: Sendable {
        /// Orders or pickup slots, which other shoppers, staff and the partner move.
        var orders: Bool
        /// An order's age, a running timer or an Undo that runs out.
        var time: Bool
    }

    private let carts = KeptPages()
    private let orders = KeptPages()
    private let catalogMemory: any CatalogMemory
    private let boardChanges: BoardChanges
    private let pages: PageContext

    init(catalogMemory: any CatalogMemory, boardChanges: BoardChanges, pages: PageContext) {
        self.catalogMemory = catalogMemory
        self.boardChanges = boardChanges
        self.pages = pages
    }

    /// The page `make` renders, kept for the session's next visit when this is a returning shopper's plain one: no
    /// message or badge bump a post left for it, and not staff. A page `make` gives no `Shows` is not kept.
    func render(
        _ route: Route, path: String, context: AppRequestContext,
        make: () async throws -> (body: ByteBuffer, shows: Shows?)
    ) async throws -> ByteBuffer {
        let sent = context.sentCookies
        let cookies = pages.cookies
        guard let session = context.session, !session.isNew, sent[cookies.status] == nil,
            sent[cookies.cartChanged] == nil, sent[cookies.staff] == nil,
            let generation = catalogMemory.generationInMemory()
        else { return try await make().body }
        // Taken before the reads: a page read since then saw every write committed before.
        let kept = kept(route)
        let mark = kept.mark(of: session.key)
        let board = boardChanges.version
        let readAt = pages.clock.now()
        let (body, shows) = try await make()
        guard let shows else { return body }
        let page = KeptPages.Page(
            body: body, path: path, readAt: readAt, generation: generation, assets: pages.assetAddresses,
            boardVersion: shows.orders ? board : nil, showsTime: shows.time)
        kept.keep(page, of: session.key, readSince: mark)
        return body
    }

    /// The session's page at `path`, when it can stand for a render now.
    func page(_ route: Route, path: String, session: ShopperSession, lastWrite: LastWrite?) -> ByteBuffer? {
        guard let generation = catalogMemory.generationInMemory() else { return nil }
        return kept(route).page(
            of: session.key, path: path, lastWrite: lastWrite, generation: generation, assets: pages.assetAddresses,
            boardVersion: boardChanges.version, now: pages.clock.now())
    }

    /// After a post of the session, whatever it changed.
    func forget(_ session: SessionKey) {
        carts.forget(session)
        orders.forget(session)
    }

    /// After a purge: any session may be gone.
    func forgetAll() {
        carts.forgetAll()
        orders.forgetAll()
    }

    private func kept(_ route: Route) -> KeptPages {
        route == .cart ? carts : orders
    }
}
