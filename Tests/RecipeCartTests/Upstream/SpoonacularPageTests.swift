import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Pages in front of Spoonacular (the stand-in): complexSearch, `/information` for partial results, the key.
@Suite struct SpoonacularPageTests {
    @Test func aSearchSavesResultsAndAResultWithoutIngredientsIsCompletedWhenOpened() async throws {
        try await StandIn.run { standIn in
            let logs = LogCapture()
            try await TestEnvironment.upstream(.spoonacular, standIn: standIn).withShopper(logs: logs) { shopper in
                let page = try await shopper.get("/?q=tacos")
                #expect(page.status == .ok)
                #expect(page.notice == nil)
                #expect(page.recipeIDs.contains("spoon-990001"))
                #expect(page.contains("Charred Corn &amp; Black Bean Tacos"))
                #expect(
                    await standIn.state.apiCalls == [
                        "/recipes/complexSearch?query=tacos&addRecipeInformation=true&number=24"
                    ])

                // 990001 came without ingredients: its page asks `/information` once.
                let detail = try await shopper.get("/recipes/spoon-990001")
                #expect(detail.status == .ok)
                #expect(detail.contains(#"<span class="ingredient-name">sweetcorn</span>"#))
                #expect(detail.contains("4 servings"))
                #expect(!detail.contains("<b>"))
                try await shopper.get("/recipes/spoon-990001")
                // 990003 came with its ingredients: complete already, no call.
                let complete = try await shopper.get("/recipes/spoon-990003")
                #expect(complete.contains(#"<span class="ingredient-name">salmon fillets</span>"#))
                #expect(await standIn.state.apiCalls.count == 2)
                #expect(await standIn.state.apiCalls.last == "/recipes/990001/information")

                // The key travels in a header: never in a URL, a page or a log line.
                #expect(await standIn.state.apiKeysSeen == [StandIn.apiKey])
                #expect(await !standIn.state.apiCalls.contains { $0.contains(StandIn.apiKey) })
                for html in [page.html, detail.html, complete.html] { #expect(!html.contains(StandIn.apiKey)) }
                #expect(logs.text.contains("upstream call"))
                #expect(!logs.text.contains(StandIn.apiKey))
            }
        }
    }

    @Test func aCategoryCostsNoSpoonacularQuota() async throws {
        try await StandIn.run { standIn in
            try await TestEnvironment.upstream(.spoonacular, standIn: standIn).withShopper { shopper in
                let page = try await shopper.get("/?category=Dessert")
                #expect(page.status == .ok)
                #expect(page.notice == nil)
                #expect(page.recipeIDs.contains("bundled-1"))
                #expect(await standIn.state.apiCalls.isEmpty)
            }
        }
    }

    @Test func aMainIngredientCostsNoSpoonacularQuota() async throws {
        try await StandIn.run { standIn in
            try await TestEnvironment.upstream(.spoonacular, standIn: standIn).withShopper { shopper in
                let page = try await shopper.get("/?ingredient=rice")
                #expect(page.status == .ok)
                #expect(page.notice == nil)
                #expect(page.recipeIDs.contains("bundled-18") && !page.recipeIDs.contains("bundled-1"))
                #expect(await standIn.state.apiCalls.isEmpty)
            }
        }
    }

    @Test func aWrongKeyShowsSavedRecipesWithANoticeAndIsNeverLogged() async throws {
        try await StandIn.run { standIn in
            var environment = try TestEnvironment.upstream(.spoonacular, standIn: standIn)
            environment.upstream.apiKey = APIKey("wrong-key-abcdef")
            let logs = LogCapture()
            try await environment.withShopper(logs: logs) { shopper in
                let page = try await shopper.get("/?q=pancakes")
                #expect(page.status == .ok)
                #expect(page.notice == UpstreamCatalog.notice)
                #expect(logs.text.contains("refused the API key (HTTP 401)"))
                #expect(!logs.text.contains("wrong-key-abcdef"))
                #expect(!page.contains("wrong-key-abcdef"))
            }
        }
    }
}
