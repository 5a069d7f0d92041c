import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Every way upstream can fail: the page still renders from SQLite with a notice, never a 500; a recipe never
/// saved that cannot be fetched is a friendly 503.
@Suite struct UpstreamFaultTests {
    /// Short, so the timeout cases are quick; the stand-in hangs well past it.
    static let timeout: TimeInterval = 0.5

    static let faults: [(String, StandInState.Fault)] = [
        ("timeout", .hang(3)),
        ("HTTP 500", .status(500)),
        ("HTTP 503", .status(503)),
        ("HTTP 401", .status(401)),
        ("HTTP 402", .status(402)),
        ("HTTP 429", .status(429, headers: ["Retry-After": "120"])),
        ("malformed JSON", .body("<html>Service Unavailable</html>")),
        (
            "truncated JSON",
            .body(String(decoding: try! UpstreamFixture.data("themealdb/truncated.json"), as: UTF8.self))
        ),
        ("another shape", .body("{}")),
        ("body over 10 MB", .huge),
    ]

    @Test(arguments: faults)
    func aFailingSearchShowsSavedRecipesWithANotice(_ name: String, _ fault: StandInState.Fault) async throws {
        try await StandIn.run { standIn in
            await standIn.state.setFault(fault)
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, timeout: Self.timeout)
            try await environment.seedMeals(pointingAt: standIn)
            try await environment.withShopper { shopper in
                let page = try await shopper.get("/?q=hotpot")
                #expect(page.status == .ok, "\(name)")
                #expect(page.notice == UpstreamCatalog.notice, "\(name)")
                #expect(page.recipeIDs.contains("mealdb-90103"), "\(name): saved earlier")
                #expect(await standIn.state.apiCalls.count == 1, "\(name)")
                // A saved recipe still opens while upstream is failing.
                let detail = try await shopper.get("/recipes/mealdb-90103")
                #expect(detail.status == .ok, "\(name)")
            }
        }
    }

    @Test(arguments: faults)
    func aRecipeNeverSavedThatCannotBeFetchedIsA503(_ name: String, _ fault: StandInState.Fault) async throws {
        try await StandIn.run { standIn in
            await standIn.state.setFault(fault)
            try await TestEnvironment.upstream(.themealdb, standIn: standIn, timeout: Self.timeout).withShopper {
                shopper in
                let page = try await shopper.get("/recipes/mealdb-90201")
                #expect(page.status == .serviceUnavailable, "\(name)")
                #expect(page.contains("Back in a moment"), "\(name)")
                #expect(page.contains(#"href="/">Back to the recipes"#), "\(name)")
            }
        }
    }

    @Test func aRefusedConnectionShowsSavedRecipesWithANotice() async throws {
        // Nothing listens on port 1.
        let environment = try TestEnvironment.upstream(
            .themealdb, url: URL(string: "http://127.0.0.1:1/api/json/v1/1/")!)
        try await environment.withShopper { shopper in
            let page = try await shopper.get("/?q=lemon")
            #expect(page.status == .ok)
            #expect(page.notice == UpstreamCatalog.notice)
            #expect(page.recipeIDs.contains("bundled-1"))
            #expect(try await shopper.get("/recipes/mealdb-90201").status == .serviceUnavailable)
            #expect(try await shopper.get("/recipes/bundled-1").status == .ok)
        }
    }

    @Test func aSummaryWhoseFullRecordCannotBeFetchedStillOpens() async throws {
        try await StandIn.run { standIn in
            try await TestEnvironment.upstream(.themealdb, standIn: standIn).withShopper { shopper in
                try await shopper.get("/?category=Dessert")
                await standIn.state.setFault(.status(500))
                let page = try await shopper.get("/recipes/mealdb-90202")
                #expect(page.status == .ok)
                #expect(page.notice == UpstreamCatalog.notice)
                #expect(page.contains("Chocolate Olive Oil Mousse"))
            }
        }
    }

    @Test func anOutageIsLoggedOnceAndPagesStopWaitingForIt() async throws {
        try await StandIn.run { standIn in
            await standIn.state.setFault(.hang(3))
            let logs = LogCapture()
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, timeout: Self.timeout)
            try await environment.withShopper(logs: logs) { shopper in
                for query in ["a", "b", "c", "d"] {
                    let page = try await shopper.get("/?q=\(query)")
                    #expect(page.notice == UpstreamCatalog.notice)
                }
                let detail = try await shopper.get("/recipes/mealdb-90201")
                #expect(detail.status == .serviceUnavailable)
                // One call timed out; the pages after it did not wait for another.
                #expect(await standIn.state.apiCalls.count == 1)
                #expect(logs.text.components(separatedBy: "recipe service unavailable").count - 1 == 1)
                #expect(logs.text.contains("timed out"))
            }
        }
    }
}
