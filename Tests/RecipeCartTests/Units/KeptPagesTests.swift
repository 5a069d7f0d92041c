import Foundation
import NIOCore
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// When a kept cart or order page may stand for a render: only while nothing it shows can have changed.
@Suite struct KeptPagesTests {
    let session = SessionKey(sessionID: "shopper")
    let readAt = Date(timeIntervalSince1970: 1_790_000_000)

    func page(boardVersion: Int? = nil, showsTime: Bool = false) -> KeptPages.Page {
        KeptPages.Page(
            body: ByteBuffer(string: "<p>cart</p>"), path: "/cart", readAt: readAt, generation: 7,
            assets: " a.css a.js",
            boardVersion: boardVersion, showsTime: showsTime)
    }

    func kept(
        _ pages: KeptPages, path: String = "/cart", lastWrite: LastWrite? = nil, generation: Int = 7,
        assets: String = " a.css a.js",
        boardVersion: Int = 3, after seconds: TimeInterval = 0.5
    ) -> String? {
        pages.page(
            of: session, path: path, lastWrite: lastWrite, generation: generation, assets: assets,
            boardVersion: boardVersion,
            now: readAt + seconds
        ).map { String(buffer: $0) }
    }

    @Test func aPageStandsForARenderWhileItsCatalogAssetsAndTimeHold() {
        let pages = KeptPages()
        pages.keep(page(), of: session, readSince: pages.mark(of: session))
        #expect(kept(pages) == "<p>cart</p>")
        #expect(kept(pages, boardVersion: 4) == "<p>cart</p>", "a page without orders does not follow the board")
        #expect(kept(pages, generation: 8) == nil)
        #expect(kept(pages, assets: " b.css a.js") == nil)
        #expect(kept(pages, path: "/orders/ABC234") == nil, "a page stands only for the address it was rendered for")
        #expect(kept(pages, after: KeptPages.trusted - 1) == "<p>cart</p>")
        #expect(kept(pages, after: KeptPages.trusted + 1) == nil)
        #expect(kept(pages, after: -1) == nil, "a clock that went back says nothing of what changed")
    }

    @Test func aPageWithOrdersFollowsTheBoardAndOneShowingTimeLastsASecond() {
        let pages = KeptPages()
        pages.keep(page(boardVersion: 3, showsTime: true), of: session, readSince: pages.mark(of: session))
        #expect(kept(pages) == "<p>cart</p>")
        #expect(kept(pages, boardVersion: 4) == nil)
        #expect(kept(pages, after: KeptPages.trustedWhileTimed + 0.1) == nil)
    }

    /// On PostgreSQL another instance may have answered the shopper's last post: only a page read well after it shows it.
    @Test func aPageStandsOnlyIfReadWellAfterTheShoppersLastPost() {
        let pages = KeptPages()
        pages.keep(page(), of: session, readSince: pages.mark(of: session))
        #expect(kept(pages, lastWrite: LastWrite(readAt - LastWrite.clockSkew - 0.1)) == "<p>cart</p>")
        #expect(kept(pages, lastWrite: LastWrite(readAt - LastWrite.clockSkew + 0.1)) == nil)
        #expect(kept(pages, lastWrite: LastWrite(readAt + 0.2)) == nil)
    }

    @Test func aPostForgetsThePageAndARenderThatOverlappedOneIsNotKept() {
        let pages = KeptPages()
        pages.keep(page(), of: session, readSince: pages.mark(of: session))
        pages.forget(session)
        #expect(kept(pages) == nil)

        let mark = pages.mark(of: session)
        pages.forget(session)
        pages.keep(page(), of: session, readSince: mark)
        #expect(kept(pages) == nil)

        pages.keep(page(), of: session, readSince: pages.mark(of: session))
        pages.forgetAll()
        #expect(kept(pages) == nil)
    }

    /// A very large cart (its shopping list above all) is rendered every time rather than crowding out the others.
    @Test func aPageLargerThanItsShareOfTheBudgetIsNotKept() {
        let pages = KeptPages()
        var large = page()
        large.body = ByteBuffer(repeating: UInt8(ascii: "x"), count: KeptPages.largestKept + 1)
        pages.keep(large, of: session, readSince: pages.mark(of: session))
        #expect(kept(pages) == nil)
    }
}
