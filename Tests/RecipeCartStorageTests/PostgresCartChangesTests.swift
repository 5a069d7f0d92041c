import Foundation
import RecipeCartDomain
import RecipeCartStorage
import Testing

/// The batch of stepper posts as `cart_changes` reads it (written by hand, not by JSONEncoder).
@Suite struct PostgresCartChangesTests {
    @Test func theBatchIsJSONThatKeepsEveryFieldAsItWas() throws {
        let odd = "quote \" backslash \\ tab \t newline \n bell \u{7} é 🍰"
        let changes = [
            PostgresCartChanges.Change(
                session: "a1", fresh: "b2", recipe: "bundled-1", op: "inc", quantity: nil, servings: 4, token: nil,
                postedAt: 1_750_000_000.125),
            PostgresCartChanges.Change(
                session: odd, fresh: nil, recipe: odd, op: "set", quantity: -3, servings: nil, token: "tok_-",
                postedAt: 1_750_000_001),
        ]
        let parsed = try #require(
            try JSONSerialization.jsonObject(with: Data(PostgresCartChanges.Change.json(changes).utf8))
                as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(parsed[0]["session"] as? String == "a1" && parsed[0]["fresh"] as? String == "b2")
        #expect(parsed[0]["recipe"] as? String == "bundled-1" && parsed[0]["op"] as? String == "inc")
        #expect(parsed[0]["servings"] as? Int == 4 && parsed[0]["quantity"] == nil && parsed[0]["token"] == nil)
        #expect(parsed[0]["posted_at"] as? Double == 1_750_000_000.125)
        #expect(parsed[1]["session"] as? String == odd && parsed[1]["recipe"] as? String == odd)
        #expect(
            parsed[1]["fresh"] == nil && parsed[1]["quantity"] as? Int == -3 && parsed[1]["token"] as? String == "tok_-"
        )
        #expect(parsed[1]["posted_at"] as? Double == 1_750_000_001)
        #expect(PostgresCartChanges.Change.json([]) == "[]")
    }
}
