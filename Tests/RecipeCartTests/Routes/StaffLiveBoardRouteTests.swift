import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RecipeCartDomain
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// The live staff board through HTTP: its event stream, ages, Undo and Bring back, pick marks, the shopper's
/// substitution choice and the day's numbers.
@Suite struct StaffLiveBoardRouteTests {
    static let morning = Date(timeIntervalSince1970: 1_790_000_000)

    private static func signIn(_ staff: inout Shopper) async throws {
        try await staff.get("/staff/login")
        #expect(try await staff.post("/staff/login", [("token", StaffRouteTests.token)]).status == .seeOther)
    }

    /// Alice fills a cart and sends it; answers the order's code.
    private static func sendOrder(
        _ alice: inout Shopper, _ extra: [(String, String)] = [("substitution", "close-match")]
    ) async throws -> String {
        try await alice.post("/cart/items/bundled-33", [("op", "inc")])
        let sent = try await alice.post("/cart/order", [("note", "Alice")] + extra)
        #expect(sent.status == .seeOther)
        return try #require(sent.location?.split(separator: "/").last.map(String.init))
    }

    /// The next `board` event's version, past any heartbeats (a busy machine may send one first).
    private static func nextBoardVersion(_ stream: inout RawHTTPConnection) async throws -> Int? {
        for _ in 0..<5 {
            let event = try await stream.read(through: "\n\n")
            if event.contains("event: board") {
                return event.split(separator: "data: ").last.flatMap {
                    Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            #expect(event.contains("event: beat"), "\(event)")
        }
        return nil
    }

    @Test func theEventStreamSaysBoardOnEveryChangeAndIsStaffOnly() async throws {
        let app = try await StaffRouteTests.environment().makeApp()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var staff = Shopper(client: client)
            #expect(try await staff.get("/staff/events").status == .unauthorized)
            try await Self.signIn(&staff)
            let cookie = staff.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            var alice = Shopper(client: client)
            try await RawHTTPConnection.open(port: port) { stream in
                try await stream.send("GET /staff/events HTTP/1.1\r\nHost: shop\r\nCookie: \(cookie)\r\n\r\n")
                let head = try await stream.read(through: "\r\n\r\n")
                #expect(head.hasPrefix("HTTP/1.1 200"))
                #expect(head.contains("Content-Type: text/event-stream"))
                #expect(head.contains("Cache-Control: no-store"))
                #expect(head.contains("X-Accel-Buffering: no"))
                #expect(try await stream.read(through: "\n\n").contains("retry: "))
                // The first event after connecting tells the board to read everything.
                let first = try #require(try await Self.nextBoardVersion(&stream))

                // A cart change, a sent order and a status move each tell the board, each with a newer version.
                try await alice.post("/cart/items/bundled-33", [("op", "inc")])
                let changed = try #require(try await Self.nextBoardVersion(&stream))
                #expect(changed > first)
                let sent = try await alice.post("/cart/order", [("note", "Alice"), ("substitution", "leave-out")])
                let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
                let placed = try #require(try await Self.nextBoardVersion(&stream))
                #expect(placed > changed)
                #expect(
                    try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")]).status
                        == .seeOther)
                #expect(try #require(try await Self.nextBoardVersion(&stream)) > placed)
                // With nothing changing, the stream still beats, which is how a board knows it is live.
                #expect(try await stream.read(through: "\n\n").contains("event: beat"))
            }
        }
    }

    /// A board's stream as its script opens it with `cookies`: read up to its first event, which tells `opened`, then on
    /// until its answer ends. - Returns: true, once it ended.
    private static func streamUntilItEnds(
        port: Int, cookies: [String: String], opened: AsyncStream<Void>.Continuation
    ) async throws -> Bool {
        try await RawHTTPConnection.open(port: port) { stream in
            try await Self.openStream(&stream, cookies: cookies)
            _ = try await Self.nextBoardVersion(&stream)
            opened.yield()
            // The last chunk, empty: the answer ended cleanly, and the connection stays open for the next request.
            _ = try await stream.read(through: "\r\n0\r\n\r\n")
            return true
        }
    }

    /// How long a stream may take to end after the answer to what ended its session. The promise is a second, and the
    /// reliability and multi-instance suites time it on servers that run alone (a stream there ends in about 20 ms,
    /// 200 ms on another instance); here every suite runs at once on two cores, where one answer can take seconds.
    /// Nothing else ends a stream, so ending at all shows that the sign-out ended it.
    static let endsWithin: Duration = .seconds(10)

    /// Opens a board's stream with `cookies`, then runs `end` (a sign-out, a revoke): whether the stream's answer ended
    /// within `endsWithin` of `end`'s answer.
    private static func streamEnds(port: Int, cookies: [String: String], after end: () async throws -> Void)
        async throws -> Bool
    {
        let (opened, isOpen) = AsyncStream.makeStream(of: Void.self)
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                defer { isOpen.finish() }
                return try await Self.streamUntilItEnds(port: port, cookies: cookies, opened: isOpen)
            }
            for await _ in opened { break }
            try await end()
            group.addTask {
                try await Task.sleep(for: endsWithin)
                return false
            }
            let ended = try await group.next() ?? false
            group.cancelAll()
            return ended
        }
    }

    /// A second board, open throughout, that must go on hearing changes.
    private static func stillHearsChanges(_ stream: inout RawHTTPConnection, after change: () async throws -> Void)
        async throws
    {
        let before = try #require(try await Self.nextBoardVersion(&stream))
        try await change()
        #expect(try #require(try await Self.nextBoardVersion(&stream)) > before)
    }

    private static func openStream(_ stream: inout RawHTTPConnection, cookies: [String: String]) async throws {
        let cookie = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        try await stream.send("GET /staff/events HTTP/1.1\r\nHost: shop\r\nCookie: \(cookie)\r\n\r\n")
        #expect(try await stream.read(through: "\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        #expect(try await stream.read(through: "\n\n").contains("retry: "))
    }

    private static func environment(_ backend: StoreBackend) async throws -> TestEnvironment {
        var environment = try StaffRouteTests.environment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        return environment
    }

    @Test(arguments: StoreBackend.all) func signingOutEndsThatSessionsStreamWithinASecond(backend: StoreBackend)
        async throws
    {
        let app = try await Self.environment(backend).makeApp()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var staff = Shopper(client: client)
            try await Self.signIn(&staff)
            var colleague = Shopper(client: client)
            try await Self.signIn(&colleague)
            let copied = staff
            var alice = Shopper(client: client)
            try await RawHTTPConnection.open(port: port) { other in
                try await Self.openStream(&other, cookies: colleague.cookies)
                let ended = try await Self.streamEnds(port: port, cookies: staff.cookies) {
                    let signedOut = try await staff.post("/staff/logout", [])
                    #expect(signedOut.status == .seeOther)
                }
                #expect(ended, "the stream outlived its session's sign-out")
                // Only that session's: a colleague's board goes on.
                try await Self.stillHearsChanges(&other) {
                    let added = try await alice.post("/cart/items/bundled-33", [("op", "inc")])
                    #expect(added.status == .seeOther)
                }
            }
            // The board's script, reconnecting with the cookie it had, gets the sign-in page.
            var again = copied
            #expect(try await again.get("/staff/events").status == .unauthorized)
        }
    }

    @Test(arguments: StoreBackend.all) func revokingAScreenEndsItsStreamWithinASecond(backend: StoreBackend)
        async throws
    {
        let app = try await Self.environment(backend).makeApp()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var staff = try await ScreenRouteTests.signedIn(client)
            var tv = try await ScreenRouteTests.pairedScreen(client, staff: &staff)
            var other = try await ScreenRouteTests.pairedScreen(client, staff: &staff, name: "Front till")
            let id = try #require(
                try await staff.get("/staff/screens").firstMatch(
                    #"data-screen-id="([^"]+)"[^>]*>\s*<th scope="row">Back room TV"#)
            )
            var alice = Shopper(client: client)
            try await RawHTTPConnection.open(port: port) { otherStream in
                try await Self.openStream(&otherStream, cookies: other.cookies)
                let ended = try await Self.streamEnds(port: port, cookies: tv.cookies) {
                    let revoked = try await staff.post("/staff/screens/\(id)/revoke", [])
                    #expect(revoked.status == .seeOther)
                }
                #expect(ended, "the screen's stream outlived its revoke")
                try await Self.stillHearsChanges(&otherStream) {
                    let added = try await alice.post("/cart/items/bundled-33", [("op", "inc")])
                    #expect(added.status == .seeOther)
                }
            }
            // Reconnecting, the revoked screen is sent back to the pairing page.
            let again = try await tv.get("/staff/events")
            #expect(again.status == .seeOther)
            #expect(again.location == "/staff/screen")
            #expect(try await other.get("/staff").status == .ok)
        }
    }

    @Test func aSessionThatRanOutEndsItsStreamAtTheNextSignOut() async throws {
        let clock = TestClock(Self.morning)
        var environment = try StaffRouteTests.environment()
        environment.clock = AppClock { clock.now }
        let app = try await environment.makeApp()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var staff = Shopper(client: client)
            try await Self.signIn(&staff)
            let ended = try await Self.streamEnds(port: port, cookies: staff.cookies) {
                clock.advance(by: 12 * 3600 + 1)
                // Nobody signed this session out: it ran out. Another's sign-out has every stream check its own.
                var colleague = Shopper(client: client)
                try await Self.signIn(&colleague)
                #expect(try await colleague.post("/staff/logout", []).status == .seeOther)
            }
            #expect(ended, "the stream outlived its session")
        }
    }

    @Test func undoIsOfferedForAMinuteAndBringBackForAnHour() async throws {
        let clock = TestClock(Self.morning)
        var environment = try StaffRouteTests.environment()
        environment.clock = AppClock { clock.now }
        try await environment.withShopper { staff in
            var alice = Shopper(client: staff.client)
            let code = try await Self.sendOrder(&alice)
            try await Self.signIn(&staff)
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")]).status
                    == .seeOther)
            var board = try await staff.get("/staff")
            #expect(board.contains(#"Undo<span class="visually-hidden">: back to “Received”</span>"#))

            clock.advance(by: 61)
            board = try await staff.get("/staff")
            #expect(!board.contains("staff-undo"), "Undo is offered for a minute")
            clock.advance(by: 30)
            let late = try await staff.post("/staff/orders/\(code)/back", [("from", "picking")])
            #expect(late.status == .conflict)
            #expect(try await staff.get("/staff").contains(#"data-order-status="picking""#), "nothing changed")

            // Collected, it leaves the queue for "Recently done", and Bring back returns it to ready.
            for (from, to) in [("picking", "ready"), ("ready", "collected")] {
                #expect(
                    try await staff.post("/staff/orders/\(code)/status", [("from", from), ("to", to)]).status
                        == .seeOther)
            }
            clock.advance(by: 600)
            board = try await staff.get("/staff")
            #expect(!board.contains(#"id="order-\#(code)""#))
            #expect(board.contains(#"id="done-\#(code)" data-done-code="\#(code)" data-order-status="collected""#))
            #expect(board.contains(#"Bring back<span class="staff-back-detail">: back to “Ready to collect”</span>"#))
            #expect(try await staff.post("/staff/orders/\(code)/back", [("from", "ready")]).status == .conflict)
            #expect(try await staff.post("/staff/orders/\(code)/back", []).status == .badRequest)
            #expect(try await staff.post("/staff/orders/ZZZZZZ/back", [("from", "collected")]).status == .notFound)
            #expect(
                try await staff.post(
                    "/staff/orders/\(code)/back", [("from", "collected"), ("_csrf", "x")], withToken: false
                )
                .status == .forbidden)
            #expect(try await alice.post("/staff/orders/\(code)/back", [("from", "collected")]).status == .unauthorized)
            let back = try await staff.post("/staff/orders/\(code)/back", [("from", "collected")])
            #expect(back.status == .seeOther)
            #expect(back.location == "/staff#order-\(code)")
            board = try await staff.get("/staff")
            #expect(board.contains(#"id="order-\#(code)" data-order-code="\#(code)" data-order-status="ready""#))
            #expect(!board.contains(#"id="done-\#(code)""#))

            // After the hour, a done order is gone from the list and cannot come back.
            for (from, to) in [("ready", "collected")] {
                #expect(
                    try await staff.post("/staff/orders/\(code)/status", [("from", from), ("to", to)]).status
                        == .seeOther)
            }
            clock.advance(by: 3601)
            #expect(!(try await staff.get("/staff").contains(#"id="done-\#(code)""#)))
            #expect(try await staff.post("/staff/orders/\(code)/back", [("from", "collected")]).status == .conflict)
        }
    }

    @Test func anOrdersAgeShowsInWordsAndStateAndTheDayIsCounted() async throws {
        let clock = TestClock(Self.morning)
        var environment = try StaffRouteTests.environment()
        environment.clock = AppClock { clock.now }
        try await environment.withShopper { staff in
            var alice = Shopper(client: staff.client)
            let code = try await Self.sendOrder(&alice)
            try await Self.signIn(&staff)
            var board = try await staff.get("/staff")
            #expect(board.contains(#"data-order-code="\#(code)" data-order-status="new" data-order-age="fresh""#))
            #expect(board.contains("On time · 0 min"))
            #expect(board.contains(#"data-orders-today="1" data-late-today="0""#))
            #expect(board.contains("none ready yet"))
            clock.advance(by: 5 * 60)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-order-age="warn""#))
            #expect(board.contains("Waiting · 5 min"))
            clock.advance(by: 7 * 60)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-order-age="late""#))
            #expect(board.contains("Late · 12 min"))
            #expect(board.contains(#"data-late-today="1""#))
            for (from, to) in [("new", "picking"), ("picking", "ready")] {
                #expect(
                    try await staff.post("/staff/orders/\(code)/status", [("from", from), ("to", to)]).status
                        == .seeOther)
            }
            board = try await staff.get("/staff")
            #expect(board.contains("12 min to ready (median)"))
            #expect(board.contains("1 order today"))
        }
    }

    /// What the board's script keeps each age true with, between reads: when the server drew the board, the limits,
    /// when each order was sent and first ready, and the shop's day; an age runs until the order is first ready.
    @Test func theBoardCarriesItsClockAndAnAgeStopsWhenTheOrderIsReady() async throws {
        let clock = TestClock(Self.morning)
        var environment = try StaffRouteTests.environment()
        environment.clock = AppClock { clock.now }
        try await environment.withShopper { staff in
            var alice = Shopper(client: staff.client)
            let code = try await Self.sendOrder(&alice)
            try await Self.signIn(&staff)
            var board = try await staff.get("/staff")
            #expect(
                board.contains(
                    #"data-server-time="2026-09-21T14:13:20.000Z" data-order-warn-after="300" data-order-late-after="600""#
                ))
            #expect(
                board.contains(#"data-order-age="fresh" data-placed-at="2026-09-21T14:13:20.000Z" data-substitution"#))
            let day = try #require(Calendar.current.dateInterval(of: .day, for: Self.morning))
            let rfc3339 = ISO8601DateFormatter()
            rfc3339.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            #expect(
                board.contains(
                    #"data-late-today="0" data-day-start="\#(rfc3339.string(from: day.start))" "#
                        + #"data-day-end="\#(rfc3339.string(from: day.end))">"#))
            #expect(board.contains(#"<span class="staff-late-count">0 late</span>"#))
            #expect(board.contains(#"staff-column-size-1 staff-column-tracks-1" data-column="new""#))
            #expect(board.contains(#"staff-column-size-0 staff-column-tracks-0" data-column="ready""#))

            clock.advance(by: 3 * 60)
            for (from, to) in [("new", "picking"), ("picking", "ready")] {
                #expect(
                    try await staff.post("/staff/orders/\(code)/status", [("from", from), ("to", to)]).status
                        == .seeOther)
            }
            clock.advance(by: 20 * 60)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-server-time="2026-09-21T14:36:20.000Z""#))
            #expect(
                board.contains(
                    #"data-order-age="fresh" data-placed-at="2026-09-21T14:13:20.000Z" "#
                        + #"data-ready-at="2026-09-21T14:16:20.000Z""#))
            #expect(board.contains("On time · 3 min"))
            #expect(board.contains(#"data-late-today="0""#))

            // Three more just received: their column is two tickets wide on a wall, so they stand two high.
            for note in ["Bob", "Carol", "Dave"] {
                var shopper = Shopper(client: staff.client)
                try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
                #expect(
                    try await shopper.post("/cart/order", [("note", note), ("substitution", "leave-out")]).status
                        == .seeOther)
            }
            board = try await staff.get("/staff")
            #expect(board.contains(#"staff-column-size-3 staff-column-tracks-2" data-column="new""#))
            #expect(board.contains(#"staff-column-size-1 staff-column-tracks-1" data-column="ready""#))
        }
    }

    @Test func pickMarksAreCompareAndSetAndTheShopperSeesWhatWasShortOrReplaced() async throws {
        // A shelf that sells none of the carbonara (butter only), so its rows are marked in words as in a shop
        // without products; packing priced rows is `PackingRouteTests`.
        let environment = try StaffRouteTests.environment()
        try await PricedOrderRouteTests.shelf(environment)
        try await environment.withShopper { staff in
            var alice = Shopper(client: staff.client)
            let code = try await Self.sendOrder(&alice, [("substitution", "call-me"), ("phone", "+44 20 7946 0000")])
            try await Self.signIn(&staff)
            var board = try await staff.get("/staff")
            #expect(board.contains(#"data-substitution-choice="call-me""#))
            #expect(board.contains("Call me on +44 20 7946 0000"))
            #expect(board.contains(#"data-pick-row="spaghetti""#))
            let marks = "/staff/orders/\(code)/marks"

            #expect(
                try await staff.post(marks, [("row", "spaghetti"), ("was", "none"), ("state", "found")]).status
                    == .seeOther)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-pick-row="spaghetti" data-pick-state="found""#))
            // A second board that still showed the row unmarked changes nothing, and is told why.
            let stale = try await staff.post(
                marks, [("row", "spaghetti"), ("was", "none"), ("state", "short"), ("missing", "1")])
            #expect(stale.status == .conflict)
            #expect(
                try await staff.post(
                    marks, [("row", "spaghetti"), ("was", "found"), ("state", "short"), ("missing", "2")]
                ).status == .seeOther)
            #expect(
                try await staff.post(
                    marks, [("row", "guanciale"), ("was", "none"), ("state", "replaced"), ("replacement", "pancetta")]
                ).status == .seeOther)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-pick-row="spaghetti" data-pick-state="short""#))
            #expect(board.contains("Short: 2 missing"))
            #expect(board.contains(#"data-pick-row="guanciale" data-pick-state="replaced""#))

            // Bad marks: a clear 4xx, and nothing changes.
            let bad: [([(String, String)], HTTPResponse.Status)] = [
                ([("row", "egg yolks"), ("was", "none"), ("state", "short"), ("missing", "0")], .unprocessableContent),
                (
                    [("row", "egg yolks"), ("was", "none"), ("state", "short"), ("missing", "many")],
                    .unprocessableContent
                ),
                (
                    [
                        ("row", "egg yolks"), ("was", "none"), ("state", "replaced"),
                        ("replacement", String(repeating: "x", count: 81)),
                    ], .unprocessableContent
                ),
                (
                    [("row", "egg yolks"), ("was", "none"), ("state", "replaced"), ("replacement", "  ")],
                    .unprocessableContent
                ),
                ([("row", "egg yolks"), ("was", "none"), ("state", "lost")], .badRequest),
                ([("row", "../../etc"), ("was", "none"), ("state", "found")], .notFound),
                ([("row", "<script>"), ("was", "none"), ("state", "found")], .notFound),
                ([("was", "none"), ("state", "found")], .badRequest),
                ([("row", "egg yolks"), ("state", "found")], .badRequest),
            ]
            for (fields, status) in bad {
                #expect(try await staff.post(marks, fields).status == status, "\(fields)")
            }
            #expect(
                try await staff.post(
                    "/staff/orders/ZZZZZZ/marks", [("row", "spaghetti"), ("was", "none"), ("state", "found")]
                ).status == .notFound)
            #expect(
                try await staff.post(
                    marks, [("row", "egg yolks"), ("was", "none"), ("state", "found"), ("_csrf", "x")], withToken: false
                )
                .status == .forbidden)
            #expect(
                try await alice.post(marks, [("row", "egg yolks"), ("was", "none"), ("state", "found")]).status
                    == .unauthorized)
            #expect(!(try await staff.get("/staff").contains(#"data-pick-row="egg yolks" data-pick-state"#)))

            // The shopper's order page says what was short or replaced, and what they allowed.
            let page = try await alice.get("/orders/\(code)")
            #expect(page.contains("If something is missing: Call me on +44 20 7946 0000."))
            #expect(page.contains(#"data-pick-row="spaghetti" data-pick-state="short""#))
            #expect(page.contains("Replaced with pancetta"))
            #expect(!page.contains("_csrf\" value=\"\(staff.csrfToken ?? "-")"))
        }
    }

    @Test func aBadSubstitutionChoiceSendsNothing() async throws {
        try await StaffRouteTests.environment().withShopper { alice in
            try await alice.post("/cart/items/bundled-33", [("op", "inc")])
            let cases: [([(String, String)], HTTPResponse.Status)] = [
                ([("substitution", "anything")], .badRequest),
                ([("substitution", "call-me"), ("phone", String(repeating: "1", count: 21))], .unprocessableContent),
                ([("substitution", "call-me"), ("phone", "<script>")], .unprocessableContent),
                ([("substitution", "leave-out"), ("phone", "0123")], .unprocessableContent),
            ]
            for (fields, status) in cases {
                #expect(try await alice.post("/cart/order", fields).status == status, "\(fields)")
            }
            #expect(try await alice.get("/cart").cartCount == 1, "nothing was sent")
            let sent = try await alice.post("/cart/order", [("substitution", "call-me"), ("phone", "")])
            #expect(sent.status == .seeOther)
        }
    }
}
