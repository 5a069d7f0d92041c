import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct CookingRouteTests {
    static let morning = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func startCookingShowsReadyAtOnCartAndDetailUntilStopped() async throws {
        var environment = try TestEnvironment()
        environment.clock = .fixed(Self.morning)
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            #expect(cart.contains(#"Start cooking</span> <span class="cooking-start-minutes">(20&nbsp;min)</span>"#))
            let started = try await shopper.post(
                "/cart/items/bundled-33/cooking", [("op", "start"), ("return_to", "/cart")])
            #expect(started.status == .seeOther)
            #expect(started.location == "/cart#line-bundled-33")

            let running = try await shopper.get("/cart")
            let shown = ClockTime.text(Self.morning + 20 * 60, in: .current)
            #expect(
                running.contains(
                    #"<span class="cooking-ready">Ready at <time class="cooking-ready-time" datetime="2027-01-15T08:20:00Z">\#(shown)</time></span>"#
                ))
            #expect(running.contains("Started cooking Classic Spaghetti Carbonara: ready in 20 min."))
            #expect(running.contains("20 min left"))
            #expect(running.contains(#"data-ready-at=""#))
            #expect(
                running.allMatches(#"(name="op" value="stop">\s*<button [^>]*type="submit">Stop</button>)"#).count == 1)
            #expect(try await shopper.get("/recipes/bundled-33").contains(">\(shown)</time>"))

            try await shopper.post("/cart/items/bundled-33/cooking", [("op", "stop")])
            let stopped = try await shopper.get("/cart")
            #expect(!stopped.contains("Ready at"))
            #expect(stopped.contains("Start cooking"))
        }
    }

    @Test func aRecipeWithUnknownTimeAsksForMinutes() async throws {
        let environment = try TestEnvironment()
        let database = try environment.database()
        try await SQLCatalogStore(sqlite: database).upsert(
            [
                Recipe(
                    id: RecipeID("mealdb-1")!, title: "Mystery Stew", description: "", category: "Beef", servings: nil,
                    readyInMinutes: nil, diets: [], tags: [], imagePath: nil, sourceURL: nil,
                    ingredients: [Ingredient(name: "beef", measure: "1 kg")], steps: ["Stew it."])
            ], source: "themealdb")
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/mealdb-1", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            #expect(cart.contains(#"name="minutes""#))
            let missing = try await shopper.post("/cart/items/mealdb-1/cooking", [("op", "start")])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.contains("please give the minutes"))
            #expect(
                try await shopper.post("/cart/items/mealdb-1/cooking", [("op", "start"), ("minutes", "0")]).status
                    == .unprocessableContent)
            #expect(
                try await shopper.post("/cart/items/mealdb-1/cooking", [("op", "start"), ("minutes", "soon")]).status
                    == .badRequest)
            #expect(!(try await shopper.get("/cart").contains("Ready at")))
            let ok = try await shopper.post("/cart/items/mealdb-1/cooking", [("op", "start"), ("minutes", "90")])
            #expect(ok.status == .seeOther)
            let after = try await shopper.get("/cart")
            #expect(after.contains("90 min left") || after.contains("89 min left"))
        }
    }

    @Test func onlyCartLinesCanCookAndTheFormNeedsItsToken() async throws {
        try await TestEnvironment().withShopper { shopper in
            let notInCart = try await shopper.post("/cart/items/bundled-1/cooking", [("op", "start")])
            #expect(notInCart.status == .notFound)
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(try await shopper.post("/cart/items/bundled-1/cooking", [("op", "boil")]).status == .badRequest)
            #expect(
                try await shopper.post("/cart/items/bundled-1/cooking", [("op", "start")], withToken: false).status
                    == .forbidden)
            #expect(!(try await shopper.get("/cart").contains("Ready at")))
        }
    }

    @Test func clockTimesSayTheirZone() {
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ClockTime.text(noon, in: TimeZone(identifier: "UTC")!) == "08:00 UTC")
        #expect(ClockTime.text(noon, in: TimeZone(identifier: "Asia/Tokyo")!).hasPrefix("17:00 "))
    }

    @Test func minutesLeftRoundsUpAndNeverGoesNegative() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let timer = CookingTimer(startedAt: start, minutes: 10)
        #expect(timer.minutesLeft(now: start) == 10)
        #expect(timer.minutesLeft(now: start + 61) == 9)
        #expect(timer.minutesLeft(now: start + 599) == 1)
        #expect(timer.minutesLeft(now: start + 600) == 0)
        #expect(timer.minutesLeft(now: start + 9_999) == 0)
    }
}
