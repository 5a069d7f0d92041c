import Foundation
import HTTPTypes
import RecipeCartDomain
import Testing

@testable import RecipeCart

/// Sending an order renews the session's id (OWASP: renew the id when the session's stakes change), through HTTP on
/// loopback: the answer carries the new id; a session cookie planted before, with or without a made-up claim, sees
/// neither the order nor the cart; the browser whose answer was lost, showing the claim its last post got, finds its
/// order on the cart page and is moved onto the new id; a change from its other tab, posted with the old id after the
/// send, lands in the renewed cart; two sends at once from one browser still place one order.
@Suite struct SessionRenewalRouteTests {
    /// The browser as it stood when it pressed Send (its cookies and the cart page's form token), the order's code,
    /// and the id the send's answer set.
    struct Sent {
        var before: [String: String]
        var formToken: String
        var code: String
        var renewed: String
    }

    /// The shopper fills a cart, opens the cart page and sends it.
    private static func send(_ shopper: inout Shopper) async throws -> Sent {
        try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
        #expect(try await shopper.get("/cart").status == .ok)
        let claim = try #require(shopper.cookies["rc_claim"], "a post's answer gives a send claim")
        let before = shopper.cookies
        let formToken = try #require(shopper.csrfToken)
        let sent = try await shopper.post("/cart/order", [("note", "Ann 0612345678")])
        #expect(sent.status == .seeOther)
        let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
        let renewed = try #require(shopper.cookies["rc_session"])
        #expect(renewed != before["rc_session"], "the answer sets a new session id")
        #expect(shopper.cookies["rc_claim"] != claim, "and a fresh claim")
        return Sent(before: before, formToken: formToken, code: code, renewed: renewed)
    }

    @Test func theSendRenewsTheIdAndACookiePlantedBeforeFollowsNothing() async throws {
        try await StaffRouteTests.environment().withShopper(over: .live) { shopper in
            let sent = try await Self.send(&shopper)
            #expect(try await shopper.get("/orders/\(sent.code)").status == .ok)
            #expect(try await shopper.get("/cart").contains(#"data-order-code="\#(sent.code)""#))

            // Whoever planted the old session cookie: no order, no code, no cart, however they guess the claim.
            for guessed in [nil, "AAAAAAAAAAAAAAAAAAAAAA", "not-a-claim"] {
                var planter = Shopper(client: shopper.client)
                planter.cookies = ["rc_session": try #require(sent.before["rc_session"])]
                if let guessed { planter.cookies["rc_claim"] = guessed }
                #expect(try await planter.get("/orders/\(sent.code)").status == .notFound)
                let cart = try await planter.get("/cart")
                #expect(cart.status == .ok && !cart.contains(sent.code))
                #expect(cart.allMatches(#"data-recipe-id="([^"]+)""#).isEmpty, "and an empty cart")
                #expect(planter.cookies["rc_session"] == sent.before["rc_session"], "and no new id")
            }
        }
    }

    @Test func theBrowserWhoseAnswerWasLostIsLedOntoItsOrderFromTheCartPage() async throws {
        try await StaffRouteTests.environment().withShopper(over: .live) { shopper in
            let sent = try await Self.send(&shopper)
            // It still holds the old id and the claim its last post got.
            var lost = Shopper(client: shopper.client)
            lost.cookies = sent.before
            let cart = try await lost.get("/cart")
            #expect(cart.status == .ok)
            #expect(cart.contains(#"data-order-code="\#(sent.code)""#))
            #expect(lost.cookies["rc_session"] == sent.renewed, "the page sets the renewed id")
            #expect(try await lost.get("/orders/\(sent.code)").status == .ok)
        }
    }

    @Test func aChangeFromTheOtherTabAfterTheSendLandsInTheRenewedCart() async throws {
        try await StaffRouteTests.environment().withShopper(over: .live) { shopper in
            let sent = try await Self.send(&shopper)
            // The tab that sent opens its cart page meanwhile, twice: the second answer is a page kept in memory.
            for _ in 0..<2 { #expect(try await shopper.get("/cart").status == .ok) }
            // The other tab posts with the cookies and the form the browser had before the send's answer came.
            var tab = Shopper(client: shopper.client)
            tab.cookies = sent.before
            tab.csrfToken = sent.formToken
            let changed = try await tab.post("/cart/items/bundled-3", [("op", "inc")])
            #expect(changed.status == .seeOther)
            #expect(tab.cookies["rc_session"] == sent.renewed, "the change follows the send onto its id")
            let cart = try await shopper.get("/cart")
            #expect(cart.allMatches(#"data-recipe-id="([^"]+)""#) == ["bundled-3"])
            #expect(cart.allMatches(#"data-order-code="([A-Z0-9]{6})""#) == [sent.code])

            // The same post from a planted old id, with a made-up claim, starts a cart of its own elsewhere.
            var planter = Shopper(client: shopper.client)
            planter.cookies = ["rc_session": sent.before["rc_session"]!, "rc_claim": "AAAAAAAAAAAAAAAAAAAAAA"]
            planter.csrfToken = sent.formToken
            #expect(try await planter.post("/cart/items/bundled-4", [("op", "inc")]).status == .seeOther)
            let moved = try #require(planter.cookies["rc_session"])
            #expect(moved != sent.renewed && moved != sent.before["rc_session"])
            #expect(try await shopper.get("/cart").allMatches(#"data-recipe-id="([^"]+)""#) == ["bundled-3"])
        }
    }

    @Test func twoSendsAtOnceFromOneBrowserPlaceOneOrder() async throws {
        try await StaffRouteTests.environment().withShopper(over: .live) { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            #expect(try await shopper.get("/cart").status == .ok)
            let browser = shopper
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var tab = browser
                        return try await tab.post("/cart/order", [("note", "Ann")]).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .seeOther }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == 3)
        }
    }
}
