import Foundation
import RecipeCartDomain
import Testing

@testable import RecipeCart

/// Sending an order renews the session's id (OWASP: renew the id when the session's stakes change), through HTTP on
/// loopback: the answer carries the new id; a session cookie planted before, with or without a made-up claim, sees
/// neither the order nor its code; the browser whose answer was lost, showing the claim its last post got, finds its
/// order on the cart page and is moved onto the new id, and pressing Send again takes it there too.
@Suite struct SessionRenewalRouteTests {
    @Test func theSendRenewsTheIdAndOnlyTheBrowserThatSentFollowsIt() async throws {
        try await StaffRouteTests.environment().withShopper(over: .live) { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            // The cart page the shopper presses Send on, with its form's token.
            #expect(try await shopper.get("/cart").status == .ok)
            let claim = try #require(shopper.cookies["rc_claim"], "a post's answer gives a send claim")
            let before = shopper.cookies
            let formToken = shopper.csrfToken
            let sent = try await shopper.post("/cart/order", [("note", "Ann")])
            #expect(sent.status == .seeOther)
            let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
            let renewed = try #require(shopper.cookies["rc_session"])
            #expect(renewed != before["rc_session"], "the answer sets a new session id")
            #expect(shopper.cookies["rc_claim"] != claim, "and a fresh claim")
            #expect(try await shopper.get("/orders/\(code)").status == .ok)

            // Whoever planted the old session cookie: no order, no code, however they guess the claim.
            for guessed in [nil, "AAAAAAAAAAAAAAAAAAAAAA"] {
                var planter = Shopper(client: shopper.client)
                planter.cookies = ["rc_session": try #require(before["rc_session"])]
                if let guessed { planter.cookies["rc_claim"] = guessed }
                #expect(try await planter.get("/orders/\(code)").status == .notFound)
                let cart = try await planter.get("/cart")
                #expect(cart.status == .ok && !cart.contains(code))
                #expect(planter.cookies["rc_session"] == before["rc_session"], "and no new id")
            }

            // The browser whose answer was lost still holds the old id and its claim: its cart page lists the order
            // and moves it onto the new id.
            var lost = Shopper(client: shopper.client)
            lost.cookies = before
            let cart = try await lost.get("/cart")
            #expect(cart.status == .ok)
            #expect(cart.contains(#"data-order-code="\#(code)""#))
            #expect(lost.cookies["rc_session"] == renewed)
            #expect(try await lost.get("/orders/\(code)").status == .ok)

            // Pressing Send again from the page it still shows: the order is not sent twice; the cart, on the new id.
            var again = Shopper(client: shopper.client)
            again.cookies = before
            let resent = try await again.post("/cart/order", [("_csrf", try #require(formToken)), ("note", "Ann")])
            #expect(resent.status == .seeOther && resent.location == "/cart")
            #expect(again.cookies["rc_session"] == renewed)
            let orders = try await again.get("/cart")
            #expect(orders.allMatches(#"data-order-code="([A-Z0-9]{6})""#) == [code])
        }
    }
}
