import Foundation
import HTTPTypes
import HummingbirdTesting
import RecipeCartDomain
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// A wall screen signs in without a keyboard: it shows a code, staff type it on their phone, and the screen lands on
/// the board; staff revoke it from the same page. Every path through HTTP, as the screen and the phone send them.
@Suite struct ScreenRouteTests {
    static let codePattern = #"data-pairing-code="([^"]*)""#

    /// A staff member's phone, signed in.
    static func signedIn(_ client: any TestClientProtocol) async throws -> Shopper {
        var staff = Shopper(client: client)
        try await staff.get("/staff/login")
        #expect(try await staff.post("/staff/login", [("token", StaffRouteTests.token)]).status == .seeOther)
        return staff
    }

    /// A screen that showed a code and was paired under `name`: it holds its session, on the board.
    static func pairedScreen(_ client: any TestClientProtocol, staff: inout Shopper, name: String = "Back room TV")
        async throws -> Shopper
    {
        var screen = Shopper(client: client)
        let code = try #require(try await screen.get("/staff/screen").firstMatch(codePattern))
        #expect(try await staff.post("/staff/screens", [("code", code), ("name", name)]).status == .seeOther)
        let landed = try await screen.get("/staff/screen")
        #expect(landed.status == .seeOther)
        #expect(landed.location == "/staff")
        #expect(try await screen.get("/staff").status == .ok)
        return screen
    }

    static func status(_ screen: inout Shopper) async throws -> String {
        try await screen.get("/staff/screen/status").html
    }

    @Test func aScreenShowsACodeStaffTypeItAndTheScreenLandsOnTheBoard() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            let shown = try await tv.get("/staff/screen")
            #expect(shown.status == .ok)
            let code = try #require(shown.firstMatch(Self.codePattern))
            #expect(code.count == 6)
            #expect(code.allSatisfy { "23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains($0) })
            #expect(shown.contains(">\(code.prefix(3))-\(code.dropFirst(3))</span>"))
            #expect(shown.contains("On your phone, open <strong>/staff/screens</strong> and type this code."))
            #expect(shown.contains(#"<noscript><meta http-equiv="refresh" content="2"></noscript>"#))
            #expect(shown.contains(#"data-status-url="/staff/screen/status" data-while="waiting""#))
            let claim = try #require(shown.headers[values: .setCookie].first { $0.hasPrefix("rc_screen_claim=") })
            #expect(claim.contains("HttpOnly"))
            #expect(claim.contains("SameSite=Strict"))
            // The claim cookie does not hand over the session: the code alone is worth nothing to another browser.
            #expect(tv.cookies["rc_screen"] == nil)

            // The same code on every refresh while it waits.
            #expect(try await tv.get("/staff/screen").firstMatch(Self.codePattern) == code)
            #expect(try await Self.status(&tv) == "waiting")

            var staff = try await Self.signedIn(tv.client)
            let form = try await staff.get("/staff/screens")
            #expect(form.status == .ok)
            #expect(form.contains(#"<label for="code">"#))
            #expect(form.contains(#"name="code""#))
            #expect(form.contains("No screens are paired yet."))
            // Typed as it is read aloud: lower case, with the dash and a space.
            let typed = "\(code.prefix(3).lowercased())- \(code.dropFirst(3))"
            let paired = try await staff.post("/staff/screens", [("code", typed), ("name", "  Back room TV ")])
            #expect(paired.status == .seeOther)
            #expect(paired.location?.hasPrefix("/staff/screens#screen-") == true)
            let list = try await staff.follow(paired)
            #expect(list.contains("“Back room TV” is paired: it shows the board within 2 seconds."))
            #expect(list.contains(#"<th scope="row">Back room TV</th>"#))
            #expect(list.contains("not yet"))

            #expect(try await Self.status(&tv) == "paired")
            let landed = try await tv.get("/staff/screen")
            #expect(landed.status == .seeOther)
            #expect(landed.location == "/staff")
            let session = try #require(landed.headers[values: .setCookie].first { $0.hasPrefix("rc_screen=") })
            #expect(session.contains("HttpOnly"))
            #expect(session.contains("SameSite=Strict"))
            #expect(tv.cookies["rc_screen_claim"] == nil)

            let board = try await tv.get("/staff")
            #expect(board.status == .ok)
            #expect(board.contains(#"data-status-url="/staff/screen/status" data-while="live""#))
            #expect(!board.contains(#"href="/staff/screens""#))
            #expect(try await Self.status(&tv) == "live")
            // Opened again, the pairing page sends a paired screen to the board.
            #expect(try await tv.get("/staff/screen").location == "/staff")

            let seen = try await staff.get("/staff/screens")
            #expect(seen.contains(#"<td data-last-seen><time datetime=""#))
            #expect(seen.contains("just now"))
            let staffBoard = try await staff.get("/staff")
            #expect(staffBoard.contains(#"<a href="/staff/screens">Screens</a>"#))
            #expect(!staffBoard.contains("data-while"))
        }
    }

    @Test func onlyTheBrowserThatShowedTheCodeGetsTheSession() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            let code = try #require(try await tv.get("/staff/screen").firstMatch(Self.codePattern))
            // Someone who read the code off the wall, with a browser of their own.
            var reader = Shopper(client: tv.client)
            #expect(try await reader.post("/staff/screens", [("code", code)]).status == .unauthorized)
            try await reader.get("/staff/screen")
            var forged = reader
            forged.cookies["rc_screen_claim"] = "AAAAAAAAAAAAAAAAAAAAAA.\(code)"

            var staff = try await Self.signedIn(tv.client)
            #expect(try await staff.post("/staff/screens", [("code", code), ("name", "TV")]).status == .seeOther)
            for var other in [reader, forged] {
                let page = try await other.get("/staff/screen")
                #expect(page.status == .ok)
                #expect(other.cookies["rc_screen"] == nil)
                #expect(try await other.get("/staff").status == .unauthorized)
            }
            #expect(try await tv.get("/staff/screen").location == "/staff")
            #expect(tv.cookies["rc_screen"] != nil)
        }
    }

    @Test func wrongCodesAreRefusedAndFiveInAMinuteLockThePhoneOut() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            let code = try #require(try await tv.get("/staff/screen").firstMatch(Self.codePattern))
            var staff = try await Self.signedIn(tv.client)
            let wrong = code == "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ"
            for _ in 0..<5 {
                let page = try await staff.post("/staff/screens", [("code", wrong), ("name", "TV")])
                #expect(page.status == .unprocessableContent)
                #expect(page.contains("No screen is showing that code."))
                #expect(page.contains(#"value="\#(wrong)""#))
                #expect(page.contains(#"aria-invalid="true""#))
            }
            let locked = try await staff.post("/staff/screens", [("code", code), ("name", "TV")])
            #expect(locked.status == .tooManyRequests)
            #expect(Int(locked.headers[.retryAfter] ?? "") != nil)
            #expect(locked.contains("Too many wrong codes."))
            // Nothing changed: the screen still waits, and the list is empty.
            #expect(try await Self.status(&tv) == "waiting")
            #expect(try await staff.get("/staff/screens").contains("No screens are paired yet."))
            // Wrong codes do not lock staff out of signing in, which counts apart.
            var other = Shopper(client: tv.client)
            try await other.get("/staff/login")
            #expect(try await other.post("/staff/login", [("token", StaffRouteTests.token)]).status == .seeOther)
        }
    }

    @Test func aCodeWorksOnce() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            let code = try #require(try await tv.get("/staff/screen").firstMatch(Self.codePattern))
            var staff = try await Self.signedIn(tv.client)
            #expect(try await staff.post("/staff/screens", [("code", code), ("name", "First")]).status == .seeOther)
            let again = try await staff.post("/staff/screens", [("code", code), ("name", "Second")])
            #expect(again.status == .unprocessableContent)
            #expect(again.contains("A code works once and for 10 minutes"))
            // Claimed, and then used again: still nothing.
            #expect(try await tv.get("/staff/screen").location == "/staff")
            #expect(
                try await staff.post("/staff/screens", [("code", code), ("name", "Third")]).status
                    == .unprocessableContent)
            let list = try await staff.get("/staff/screens")
            #expect(list.allMatches(#"<th scope="row">([^<]*)</th>"#) == ["First"])
        }
    }

    @Test func aCodeExpiresAfterTenMinutesAndTheScreenShowsANewOne() async throws {
        let clock = TestClock(Date())
        var environment = try StaffRouteTests.environment()
        environment.clock = AppClock { clock.now }
        try await environment.withShopper { tv in
            let code = try #require(try await tv.get("/staff/screen").firstMatch(Self.codePattern))
            var staff = try await Self.signedIn(tv.client)
            clock.advance(by: 10 * 60)
            #expect(try await Self.status(&tv) == "none")
            let late = try await staff.post("/staff/screens", [("code", code), ("name", "TV")])
            #expect(late.status == .unprocessableContent)
            #expect(late.contains("No screen is showing that code."))
            let fresh = try await tv.get("/staff/screen")
            #expect(fresh.status == .ok)
            let next = try #require(fresh.firstMatch(Self.codePattern))
            #expect(next != code)
            #expect(try await Self.status(&tv) == "waiting")
            #expect(try await staff.post("/staff/screens", [("code", next), ("name", "TV")]).status == .seeOther)
            #expect(try await tv.get("/staff/screen").location == "/staff")
        }
    }

    @Test func aRevokedScreenGoesBackToANewCode() async throws {
        try await StaffRouteTests.environment().withShopper { staff in
            staff = try await Self.signedIn(staff.client)
            var tv = try await Self.pairedScreen(staff.client, staff: &staff)
            let list = try await staff.get("/staff/screens")
            let id = try #require(list.firstMatch(#"data-screen-id="([^"]+)""#))
            #expect(list.contains(#"action="/staff/screens/\#(id)/revoke""#))

            let revoked = try await staff.post("/staff/screens/\(id)/revoke", [])
            #expect(revoked.status == .seeOther)
            #expect(try await staff.follow(revoked).contains("No screens are paired yet."))

            // The screen's next question, a second later at most, finds its session gone.
            #expect(try await Self.status(&tv) == "none")
            let board = try await tv.get("/staff")
            #expect(board.status == .seeOther)
            #expect(board.location == "/staff/screen")
            #expect(
                try await tv.post("/staff/orders/ZZZZZZ/status", [("from", "new"), ("to", "picking")]).location
                    == "/staff/screen")
            let fresh = try await tv.get("/staff/screen")
            #expect(fresh.status == .ok)
            #expect(fresh.firstMatch(Self.codePattern) != nil)
            #expect(tv.cookies["rc_screen"] == nil)
            #expect(try await Self.status(&tv) == "waiting")

            #expect(try await staff.post("/staff/screens/\(id)/revoke", []).status == .notFound)
            #expect(
                try await staff.post("/staff/screens/\(String(repeating: "x", count: 200))/revoke", []).status
                    == .notFound)
        }
    }

    @Test func aScreenSeesTheBoardAndMovesOrdersAndNothingElse() async throws {
        try await StaffRouteTests.environment().withShopper { staff in
            var alice = Shopper(client: staff.client)
            try await alice.post("/cart/items/bundled-33", [("op", "inc")])
            let sent = try await alice.post("/cart/order", [("note", "Alice")])
            let order = try #require(sent.location?.split(separator: "/").last.map(String.init))
            var bob = Shopper(client: staff.client)
            try await bob.post("/cart/items/bundled-1", [("op", "inc")])

            staff = try await Self.signedIn(staff.client)
            var tv = try await Self.pairedScreen(staff.client, staff: &staff)
            let board = try await tv.get("/staff")
            #expect(board.contains(#"data-order-code="\#(order)" data-order-status="new""#))
            let label = try #require(board.firstMatch(#"data-cart-label="([A-Z2-9]{6})""#))
            #expect(try await tv.get("/staff/carts/\(label)").status == .ok)
            let moved = try await tv.post("/staff/orders/\(order)/status", [("from", "new"), ("to", "picking")])
            #expect(moved.status == .seeOther)
            #expect(try await staff.get("/staff").contains(#"data-order-code="\#(order)" data-order-status="picking""#))

            let id = try #require(try await staff.get("/staff/screens").firstMatch(#"data-screen-id="([^"]+)""#))
            let refused: [(HTTPRequest.Method, String)] = [
                (.get, "/staff/aisles"), (.post, "/staff/aisles"), (.get, "/staff/screens"), (.post, "/staff/screens"),
                (.post, "/staff/screens/\(id)/revoke"), (.post, "/staff/logout"),
            ]
            for (method, path) in refused {
                let page =
                    method == .get
                    ? try await tv.get(path) : try await tv.post(path, [("code", "ABCDEF"), ("move", "reset")])
                #expect(page.status == .forbidden, "\(method) \(path)")
                #expect(page.contains("This is a paired wall screen"), "\(method) \(path)")
            }
            // Nothing changed: the screen is still paired, staff still signed in, the aisles as they were.
            #expect(try await Self.status(&tv) == "live")
            #expect(try await staff.get("/staff").status == .ok)
            #expect(try await staff.get("/staff/screens").allMatches(#"data-screen-id="([^"]+)""#) == [id])
        }
    }

    @Test func pairingAndRevokingNeedTheFormToken() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            let code = try #require(try await tv.get("/staff/screen").firstMatch(Self.codePattern))
            var staff = try await Self.signedIn(tv.client)
            for _ in 0..<6 {
                let forged = try await staff.post("/staff/screens", [("_csrf", "x"), ("code", code)], withToken: false)
                #expect(forged.status == .forbidden)
            }
            // Forged posts used no tries: the right code still pairs.
            #expect(try await Self.status(&tv) == "waiting")
            #expect(try await staff.post("/staff/screens", [("code", code), ("name", "TV")]).status == .seeOther)
            let id = try #require(try await staff.get("/staff/screens").firstMatch(#"data-screen-id="([^"]+)""#))
            let forged = try await staff.post("/staff/screens/\(id)/revoke", [], withToken: false)
            #expect(forged.status == .forbidden)
            #expect(try await staff.get("/staff/screens").allMatches(#"data-screen-id="([^"]+)""#) == [id])
        }
    }

    @Test func malformedCodesAndNamesAre400AndChangeNothing() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            let code = try #require(try await tv.get("/staff/screen").firstMatch(Self.codePattern))
            var staff = try await Self.signedIn(tv.client)
            let codes = [
                "", "   ", String(repeating: code, count: 10), "<script>alert(1)</script>", "' OR 1=1 --", "ÅÄÖ123",
                "\(code)\(code)", "O0I1L0", "KQ7-4M",
            ]
            // More than five: a code that cannot be one is no guess, and uses no try.
            for typed in codes {
                let page = try await staff.post("/staff/screens", [("code", typed), ("name", "TV")])
                #expect(page.status == .badRequest, "\(typed)")
                #expect(page.contains("A pairing code is 6 letters and digits"), "\(typed)")
                #expect(!page.contains("<script>alert"))
            }
            for name in [String(repeating: "n", count: 41), "Back\u{7}room", "line\nbreak"] {
                let page = try await staff.post("/staff/screens", [("code", code), ("name", name)])
                #expect(page.status == .badRequest, "\(name)")
                #expect(page.contains("A screen’s name is at most 40 letters"))
            }
            #expect(try await Self.status(&tv) == "waiting")
            #expect(try await staff.get("/staff/screens").contains("No screens are paired yet."))
            // Without a name the screen is still paired, under a plain one.
            #expect(try await staff.post("/staff/screens", [("code", code), ("name", "  ")]).status == .seeOther)
            #expect(try await staff.get("/staff/screens").contains(#"<th scope="row">Wall screen</th>"#))
        }
    }

    @Test func forgedScreenCookiesAreNoSession() async throws {
        try await StaffRouteTests.environment().withShopper { tv in
            // The last has a claim's length and a code's shape, but its token is not base64url.
            let values = [
                "", "garbage", "AAAAAAAAAAAAAAAAAAAAAA.AAAA", String(repeating: "A", count: 500),
                String(repeating: "!", count: 22) + ".ABCDEF",
            ]
            for value in values {
                var forged = Shopper(client: tv.client)
                forged.cookies["rc_screen"] = value
                forged.cookies["rc_screen_claim"] = value
                let board = try await forged.get("/staff")
                #expect(board.status == .seeOther || board.status == .unauthorized, "\(value)")
                #expect(try await forged.get("/staff/screen").status == .ok)
                #expect(try await Self.status(&forged) == "waiting")
            }
        }
    }
}
