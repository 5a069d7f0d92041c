import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart

/// A returning shopper's Browse and recipe pages from the page cache are answered on the event loop
/// (`EarlyPageAnswers`);
/// these hold those answers to the router's, byte for byte but the `Date`, and show which requests are answered there.
@Suite struct EarlyPageAnswerTests {
    /// Every kind of page request a returning shopper with bundled-1 in the cart makes: those the event loop answers and those it leaves to the
    /// router. `session` is the shopper's cookie, `status` the message cookie a stepper post left.
    static func requests(session: String, status: String) -> [(text: String, isHead: Bool, onEventLoop: Bool)] {
        func get(
            _ target: String, cookie: String? = nil, _ headers: String = "", method: String = "GET", body: String = "",
            onEventLoop: Bool = false
        ) -> (String, Bool, Bool) {
            // An empty `cookie` sends none: a first visit.
            let value = cookie ?? "rc_session=\(session)"
            let cookie = value.isEmpty ? "" : "Cookie: \(value)\r\n"
            return (
                "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(cookie)\(headers)\r\n\(body)", method == "HEAD",
                onEventLoop
            )
        }
        let gzip = "Accept-Encoding: gzip, deflate, br\r\n"
        return [
            get("/", onEventLoop: true),
            get("/?q=chicken", gzip, onEventLoop: true),
            get("/?q=chicken", onEventLoop: true),
            get("/?q=chicken", "Accept-Encoding: gzip;q=0\r\n", onEventLoop: true),
            get("/?category=Dessert", gzip, onEventLoop: true),
            get("/?q=chicken&page=2", onEventLoop: true),
            get("/?q=chicken&q=beef&diet=vegetarian&group=category", onEventLoop: true),
            get("/?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", onEventLoop: true),
            get("/?q=\(String(repeating: "x", count: 300))", onEventLoop: true),
            get("/?have=eggs%2C+flour", onEventLoop: true),
            get("/?page=99999", onEventLoop: true),
            get("/?q=%E0%A4%A&q", onEventLoop: true),
            get("/?q=chicken", cookie: "rc_session=\(session); rc_session=forged.value", onEventLoop: true),
            get("/?area=italian"),
            get("/?q=chicken", cookie: "rc_session=\(session); rc_cart_changed=1", onEventLoop: true),
            get("/?q=chicken", cookie: "rc_session=\(session); rc_staff=forged"),
            get("/?q=chicken", method: "HEAD"),
            get("/?q=chicken", "Content-Length: 3\r\n", body: "abc"),
            get("/?q=chicken", "Content-Length: 0\r\n", method: "POST"),
            get("//"),
            get("/recipes/bundled-2", onEventLoop: true),
            get("/recipes/bundled-2", gzip, onEventLoop: true),
            get("/recipes/bundled-2?servings=4", onEventLoop: true),
            get("/recipes/bundled-2?servings=500", onEventLoop: true),
            get("/recipes/bundled-2?servings=", onEventLoop: true),
            get("/recipes/bundled-2?servings=abc"),
            get("/recipes/bundled-2?servings=-3", onEventLoop: true),
            get("/recipes/bundled-1", onEventLoop: true),
            get("/recipes/bundled-1?servings=2", onEventLoop: true),
            get("/recipes/bundled-1", cookie: "rc_session=\(session); rc_cart_changed=1", onEventLoop: true),
            get(
                "/recipes/bundled-1", cookie: "rc_session=\(session); rc_status=\(status); rc_cart_changed=1",
                onEventLoop: true),
            get("/?q=chicken", cookie: "rc_session=\(session); rc_status=\(status)", onEventLoop: true),
            get("/recipes/no-such-recipe"),
            get("/recipes/bundled-2/"),
            get("/recipes/%62undled-2"),
            get("/recipes/bundled-2", cookie: "rc_session=\(session); rc_status=forged", onEventLoop: true),
            get("/recipes/bundled-2", method: "HEAD"),
            // Lookers: a first visit, a looker token kept from one, one that is not ours, and leftovers of a post
            // without the session it started, which the router clears.
            get("/?q=chicken", cookie: "", onEventLoop: true),
            get("/recipes/bundled-1", cookie: "", onEventLoop: true),
            get("/?q=chicken", cookie: "rc_looker=\(looker)", gzip, onEventLoop: true),
            get("/recipes/bundled-2?servings=4", cookie: "rc_looker=\(looker)", onEventLoop: true),
            get("/recipes/bundled-2", cookie: "rc_looker=forged", onEventLoop: true),
            get("/recipes/bundled-2", cookie: "rc_session=forged.value"),
            get("/recipes/bundled-2", cookie: "rc_looker=\(looker); rc_status=\(status)"),
            get("/recipes/bundled-2", cookie: "rc_looker=\(looker); rc_cart_changed=1"),
            get("/", cookie: "", method: "HEAD"),
            // The cart page kept since the router rendered it: only a plain visit, not the landing of a post, a
            // staff member, a looker, or a browser whose last post may be newer than the page.
            get("/cart", onEventLoop: true),
            get("/cart", gzip, onEventLoop: true),
            get("/cart?view=all", onEventLoop: true),
            get("/cart", cookie: "rc_session=\(session); rc_wrote=1", onEventLoop: true),
            get("/cart", cookie: "rc_session=\(session); rc_wrote=99999999999999"),
            get("/cart", cookie: "rc_session=\(session); rc_status=\(status)"),
            get("/cart", cookie: "rc_session=\(session); rc_cart_changed=1"),
            get("/cart", cookie: "rc_session=\(session); rc_staff=forged"),
            get("/cart", cookie: "rc_session=forged.value"),
            get("/cart", cookie: ""),
            get("/cart", method: "HEAD"),
            get("/cart/"),
        ]
    }

    struct Run {
        var wire: [UInt8]
        /// Request log lines from below the router: the requests answered on the event loop.
        var answeredOnEventLoop: Int
        /// Those of the pass that sends each request alone, once the page cache is filled.
        var answeredAloneOnEventLoop: Int
        /// The shopper's session cookie.
        var session: String
        /// The message cookie the shopper's stepper post left.
        var status: String
    }

    /// What a server on `environment`'s data dir answers a shopper with a cart: every request once to fill the page
    /// cache and the cart's count, then each alone on one kept-alive connection, then all of them in one write. Without
    /// `session`, the shopper is a new one who puts a recipe in the cart first.
    static func answers(
        _ environment: TestEnvironment, answersOnEventLoop: Bool, session: String? = nil, status: String? = nil
    ) async throws -> Run {
        var environment = environment
        environment.answersOnEventLoop = answersOnEventLoop
        let logs = LogCapture()
        let app = try await environment.makeApp(logs: logs)
        let (wire, session, status, alone) = try await app.test(.live) { client in
            var shopper = Shopper(client: client)
            if session == nil { try await shopper.post("/cart/items/bundled-1", [("op", "inc")]) }
            let session = try #require(session ?? shopper.cookies["rc_session"])
            let status = try #require(status ?? shopper.cookies["rc_status"])
            let requests = Self.requests(session: session, status: status)
            let port = try #require(client.port)
            try await RawHTTPConnection.open(port: port) { connection in
                for (text, isHead, _) in requests {
                    try await connection.send(text)
                    _ = try await connection.answer(toHead: isHead)
                }
            }
            let beforeAlone = Self.answeredOnEventLoop(logs)
            var wire = try await RawHTTPConnection.open(port: port) { connection in
                var wire: [UInt8] = []
                for (text, isHead, _) in requests {
                    try await connection.send(text)
                    wire += try await connection.answer(toHead: isHead)
                }
                return wire
            }
            let alone = Self.answeredOnEventLoop(logs) - beforeAlone
            wire += try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send(
                    requests.map(\.text).joined()
                        + "GET /?q=chicken HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: rc_session=\(session)\r\nConnection: close\r\n\r\n"
                )
                return try await connection.rest()
            }
            return (wire, session, status, alone)
        }
        return Run(
            wire: wire, answeredOnEventLoop: Self.answeredOnEventLoop(logs), answeredAloneOnEventLoop: alone,
            session: session, status: status)
    }

    /// Request log lines from below the router (`RequestLogLine.wireSource`): the requests answered on the event loop.
    /// Each has a request id as the router's lines do.
    static func answeredOnEventLoop(_ logs: LogCapture) -> Int {
        let lines = logs.text.split(separator: "\n").filter { $0.hasPrefix("info Request ") }
        #expect(lines.allSatisfy { $0.contains("hb.request.id=") })
        return lines.filter { $0.hasSuffix("[\(RequestLogLine.wireSource)]") }.count
    }

    /// A looker token a browser kept from an earlier page.
    static let looker = "AAAAAAAAAAAAAAAAAAAAAA"

    /// Without the `Date` or the time a post was answered (`rc_wrote`, PostgreSQL), and with each cookie's attributes
    /// sorted: Hummingbird writes them in an order of its own. A looker token made for a page, random on each server,
    /// reads `-looker-` wherever it is written (its cookie and its page's forms).
    static func normalized(_ wire: [UInt8]) -> String {
        var text = EarlyAnswerTests.withoutDates(wire).replacing(/Set-Cookie: ([^\r]*)/) { match in
            "Set-Cookie: " + match.output.1.split(separator: "; ").sorted().joined(separator: "; ")
        }.replacing(/rc_wrote=\d+/, with: "rc_wrote=-")
        for made in Set(text.matches(of: /rc_looker=([A-Za-z0-9_-]{22})/).map { String($0.output.1) }) {
            text = text.replacing(made, with: "-looker-")
        }
        return text
    }

    /// On PostgreSQL the count and what the shopper stored come from the instance's reading of the session, taken by
    /// the first pass (`PostgresSessionReadings`).
    @Test(arguments: StoreBackend.all) func everyPageRequestGetsTheRoutersBytes(backend: StoreBackend) async throws {
        // One data dir and database for both servers: the same secret signs the same session, with the same cart and
        // CSRF token.
        var environment = try TestEnvironment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        let router = try await Self.answers(environment, answersOnEventLoop: false)
        let eventLoop = try await Self.answers(
            environment, answersOnEventLoop: true, session: router.session, status: router.status)
        let requests = Self.requests(session: "", status: "")
        let statuses = EarlyAnswerTests.withoutDates(router.wire).matches(of: /HTTP\/1\.1 (\d{3})/).map {
            String($0.output.1)
        }
        #expect(statuses.count == 2 * requests.count + 1)
        #expect(Set(statuses).isSuperset(of: ["200", "400", "404", "405"]))
        #expect(Self.normalized(eventLoop.wire) == Self.normalized(router.wire))
        #expect(router.answeredOnEventLoop == 0)
        // Sent alone after the fill, each such request and no other is answered there. Pipelined, the connection goes
        // through the router from its first request that is not plain (a HEAD, a body), so fewer are.
        let answerable = requests.filter(\.onEventLoop).count
        #expect(eventLoop.answeredAloneOnEventLoop == answerable)
        #expect(eventLoop.answeredOnEventLoop <= 3 * answerable)
    }

    @Test func aPageAnsweredOnTheEventLoopShowsTheCartAsItIsNow() async throws {
        try await TestEnvironment().withShopper(over: .live) { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(try await shopper.get("/?q=chicken").cartCount == 1)
            #expect(try await shopper.get("/?q=chicken").cartCount == 1)
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            #expect(try await shopper.get("/?q=chicken").cartCount == 3)
            #expect(try await shopper.get("/?q=chicken").cartCount == 3)
            try await shopper.post("/cart/clear", [])
            #expect(try await shopper.get("/?q=chicken").cartCount == 0)
        }
    }

    @Test func aRecipePageAnsweredOnTheEventLoopShowsItsLineOnceInTheCart() async throws {
        try await TestEnvironment().withShopper(over: .live) { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            try await Self.expectRecipe3Twice(&shopper, cartCount: 1, quantity: nil)
            try await shopper.post("/cart/items/bundled-3", [("op", "inc")])
            try await Self.expectRecipe3Twice(&shopper, cartCount: 2, quantity: 1)
            try await shopper.post("/cart/items/bundled-3", [("op", "dec")])
            try await Self.expectRecipe3Twice(&shopper, cartCount: 1, quantity: nil)
        }
    }

    /// The page a stepper post answers 303 to: the post leaves what it wrote in memory, so that page, with the post's
    /// message and the badge's bump, comes from the event loop; the message shows once.
    @Test(arguments: StoreBackend.all) func thePageAStepperPostLandsOnIsAnsweredFromMemory(backend: StoreBackend)
        async throws
    {
        var environment = try TestEnvironment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        let logs = LogCapture()
        let app = try await environment.makeApp(logs: logs)
        try await app.test(.live) { client in
            var shopper = Shopper(client: client)
            try await shopper.post("/cart/items/bundled-3", [("op", "inc")])
            _ = try await shopper.get("/recipes/bundled-3")
            for quantity in 2...3 {
                let before = Self.answeredOnEventLoop(logs)
                let post = try await shopper.post("/cart/items/bundled-3", [("op", "inc")])
                let landing = try await shopper.follow(post)
                #expect(landing.stepperQuantity == quantity)
                #expect(landing.cartCount == quantity)
                #expect(landing.contains(#"data-status-message"#))
                #expect(landing.contains(#"class="badge badge--bump""#))
                #expect(landing.headers[values: .setCookie].contains { $0.hasPrefix("rc_status=;") })
                let again = try await shopper.get("/recipes/bundled-3")
                #expect(again.stepperQuantity == quantity)
                #expect(!again.contains(#"data-status-message"#))
                // On PostgreSQL another instance may have answered the post: its page waits for a read (`LastWrite`).
                let fromMemory = Self.answeredOnEventLoop(logs) - before
                #expect(fromMemory == (backend == .sqlite ? 2 : 0))
            }
        }
    }

    /// bundled-3's page, from the router and then (once its memo is filled) from the event loop; without a quantity,
    /// it offers "Add to cart".
    static func expectRecipe3Twice(_ shopper: inout Shopper, cartCount: Int, quantity: Int?) async throws {
        for _ in 0..<2 {
            let page = try await shopper.get("/recipes/bundled-3")
            #expect(page.cartCount == cartCount)
            #expect(page.stepperQuantity == quantity)
            if quantity == nil { #expect(page.contains("Add to cart")) }
        }
    }
}
