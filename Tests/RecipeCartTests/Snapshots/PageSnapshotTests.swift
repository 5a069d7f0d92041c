import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// The HTML of every page, compared with a reviewed file under `Snapshots/pages/`, so a renamed view-model
/// property (which Mustache renders as nothing) or a stray change in a template shows up as a diff.
/// After a deliberate change, record the files again and review the diff before committing:
///
///     RECIPECART_RECORD_SNAPSHOTS=1 swift test --filter PageSnapshotTests
@Suite(.serialized) struct PageSnapshotTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pages")
    static let isRecording = ProcessInfo.processInfo.environment["RECIPECART_RECORD_SNAPSHOTS"] == "1"
    static let morning = Date(timeIntervalSince1970: 1_800_000_000)

    /// What differs from run to run and is no part of the page's shape: random tokens, the cart labels derived
    /// from random sessions, order codes, and the content hashes in asset addresses.
    static let volatile: [(pattern: String, replacement: String)] = [
        (#"name="_csrf" value="[^"]*""#, #"name="_csrf" value="(token)""#),
        (#"name="undo" value="[^"]*""#, #"name="undo" value="(token)""#),
        (#"\.[0-9a-f]{8,}\.(css|js|svg)"#, ".(fingerprint).$1"),
        (#"(data-cart-label="|Cart |/staff/carts/)[A-Z2-9]{6}"#, "$1(label)"),
        // Order codes: six of the code alphabet standing alone.
        (#"(?<![A-Za-z0-9])[A-Z2-9]{6}(?![A-Za-z0-9])"#, "(code)"),
    ]

    static func normalized(_ html: String) -> String {
        volatile.reduce(html) { text, rule in
            text.replacingOccurrences(of: rule.pattern, with: rule.replacement, options: .regularExpression)
        }
    }

    static func check(_ page: Page, as name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let html = normalized(page.html)
        let file = folder.appendingPathComponent("\(name).html")
        if isRecording {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try html.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record(
                "no snapshot \(name).html: record it with RECIPECART_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation
            )
            return
        }
        guard html != expected else { return }
        let got = html.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        Issue.record(
            """
            \(name).html differs from line \(line + 1):
              snapshot: \(line < want.count ? String(want[line]) : "(end)")
              now:      \(line < got.count ? String(got[line]) : "(end)")
            """, sourceLocation: sourceLocation)
    }

    @Test func everyPageMatchesItsSnapshot() async throws {
        var environment = try StaffRouteTests.environment()
        environment.clock = .fixed(Self.morning)
        try await environment.withShopper { shopper in
            try Self.check(try await shopper.get("/"), as: "browse")
            try Self.check(try await shopper.get("/?q=zzzz&diet=vegan"), as: "browse-nothing-found")
            try Self.check(try await shopper.get("/?q=chiken"), as: "browse-did-you-mean")
            try Self.check(try await shopper.get("/?have=egg,flour,milk"), as: "browse-have")
            try Self.check(try await shopper.get("/recipes/bundled-4"), as: "recipe-no-picture")
            try Self.check(try await shopper.get("/recipes/bundled-33?servings=500"), as: "recipe-scaled")
            try Self.check(try await shopper.get("/cart"), as: "cart-empty")

            try await shopper.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "2")])
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            try await shopper.post("/cart/items/bundled-33/cooking", [("op", "start")])
            try Self.check(try await shopper.get("/recipes/bundled-33"), as: "recipe-in-cart")
            try Self.check(
                try await shopper.follow(
                    try await shopper.post("/cart/items/bundled-1", [("op", "dec"), ("return_to", "/cart")])),
                as: "cart-after-remove")
            try await shopper.post("/cart/items/bundled-27", [("op", "inc")])
            try Self.check(try await shopper.get("/cart"), as: "cart")
            try Self.check(try await shopper.get("/recipes/bundled-33/edit"), as: "edit")
            try Self.check(try await shopper.get("/recipes/no-such-recipe"), as: "error-404")

            var bob = Shopper(client: shopper.client)
            try await bob.post("/cart/items/bundled-33", [("op", "inc")])
            let sent = try await bob.post(
                "/cart/order", [("note", "Bob"), ("substitution", "call-me"), ("phone", "0123 456 789")])
            let order = try #require(sent.location)
            let code = try #require(order.split(separator: "/").last)

            var staff = Shopper(client: shopper.client)
            try Self.check(try await staff.get("/staff/login"), as: "staff-login")
            try await staff.post("/staff/login", [("token", StaffRouteTests.token)])
            try await staff.post(
                "/staff/orders/\(code)/marks", [("row", "spaghetti"), ("was", "none"), ("state", "found")])
            try await staff.post(
                "/staff/orders/\(code)/marks",
                [("row", "guanciale"), ("was", "none"), ("state", "replaced"), ("replacement", "Cubed pancetta")])
            try Self.check(try await staff.get("/staff"), as: "staff-board")
            try Self.check(try await bob.get(order), as: "order-with-changes")
        }
    }

    @Test func anOrderAndTheCartThatChangesItMatchTheirSnapshots() async throws {
        var environment = try StaffRouteTests.environment()
        environment.clock = .fixed(Self.morning)
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let sent = try await shopper.post("/cart/order", [("note", "Ann"), ("substitution", "leave-out")])
            let order = try #require(sent.location)
            try Self.check(try await shopper.get(order), as: "order-new")
            try await shopper.post("\(order)/change", [])
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            try Self.check(try await shopper.get("/cart"), as: "cart-changing-order")
        }
    }
}
