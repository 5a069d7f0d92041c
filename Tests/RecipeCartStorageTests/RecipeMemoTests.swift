import RecipeCartDomain
import RecipeCartStorage
import Synchronization
import Testing

@Suite struct RecipeMemoTests {
    final class Reads: Sendable {
        let count = Atomic(0)
    }

    struct ReadFailed: Error {}

    static let id = RecipeID("mealdb-1")!

    static func stew(_ title: String = "Stew") -> Recipe {
        Recipe(
            id: id, title: title, description: "", category: "Beef", servings: 4, readyInMinutes: 30, diets: [],
            tags: [], imagePath: nil, sourceURL: nil, ingredients: [Ingredient(name: "beef", measure: "1 kg")],
            steps: ["Stew it."])
    }

    @Test func requestsAtOnceShareOneReadAndLaterOnesReadNothing() async throws {
        let memo = RecipeMemo()
        let reads = Reads()
        // The read finishes only once every request has asked for the recipe, told by a count rather than a guess
        // at how long they take to get there on a busy machine.
        let asked = Reads()
        let read: @Sendable () async throws -> Recipe? = {
            reads.count.add(1, ordering: .relaxed)
            while asked.count.load(ordering: .acquiring) < 8 { await Task.yield() }
            return Self.stew()
        }
        let titles = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    asked.count.add(1, ordering: .releasing)
                    return try await memo.recipe(Self.id, generation: 1, read: read)?.title
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(titles == Array(repeating: "Stew", count: 8))
        #expect(reads.count.load(ordering: .relaxed) == 1)
        #expect(try await memo.recipe(Self.id, generation: 1, read: read)?.title == "Stew")
        #expect(reads.count.load(ordering: .relaxed) == 1)
    }

    @Test func aNewGenerationReadsAgain() async throws {
        let memo = RecipeMemo()
        #expect(try await memo.recipe(Self.id, generation: 1) { Self.stew("Old stew") }?.title == "Old stew")
        #expect(try await memo.recipe(Self.id, generation: 2) { Self.stew("New stew") }?.title == "New stew")
        #expect(memo.recipe(Self.id, generation: 1) == nil)
        #expect(memo.recipe(Self.id, generation: 2)?.title == "New stew")
    }

    @Test func ingredientsComeFromMemoryOnlyWhenEveryRecipeIsKeptForTheGeneration() async throws {
        let memo = RecipeMemo()
        _ = try await memo.recipe(Self.id, generation: 3) { Self.stew() }
        #expect(
            memo.ingredients(of: [Self.id], generation: 3) == [Self.id: [Ingredient(name: "beef", measure: "1 kg")]])
        #expect(memo.ingredients(of: [Self.id], generation: 4) == nil)
        #expect(memo.ingredients(of: [Self.id], generation: nil) == nil)
        #expect(memo.ingredients(of: [Self.id, RecipeID("mealdb-2")!], generation: 3) == nil)
    }

    @Test func aFailedReadIsNotKeptAndTheNextRequestReadsAgain() async throws {
        let memo = RecipeMemo()
        await #expect(throws: ReadFailed.self) { try await memo.recipe(Self.id, generation: 1) { throw ReadFailed() } }
        #expect(memo.recipe(Self.id, generation: 1) == nil)
        #expect(try await memo.recipe(Self.id, generation: 1) { Self.stew() }?.title == "Stew")
    }

    @Test func aRecipeNotInTheCatalogIsNotKept() async throws {
        let memo = RecipeMemo()
        let reads = Reads()
        for _ in 0..<2 {
            #expect(
                try await memo.recipe(Self.id, generation: 1) {
                    reads.count.add(1, ordering: .relaxed)
                    return nil
                } == nil)
        }
        #expect(reads.count.load(ordering: .relaxed) == 2)
    }
}
