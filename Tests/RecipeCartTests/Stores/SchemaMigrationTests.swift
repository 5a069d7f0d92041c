import Foundation
import GRDB
import Testing
@testable import RecipeCart

/// Migrations over data an older RecipeCart left behind.
@Suite struct SchemaMigrationTests {
    /// The Vegan category becomes the vegan diet on a database that had recipes under it: they are Vegetarian
    /// recipes with the vegan and vegetarian diets, and search finds them as such.
    @Test func theVeganCategoryIsFoldedIntoTheDiet() throws {
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: "v8-upstream-points")
        try queue.write { db in
            for (seq, id, category) in [(1, "mealdb-1", "Vegan"), (2, "mealdb-2", "Vegetarian"), (3, "mealdb-3", "Dessert")] {
                try db.execute(
                    sql: "INSERT INTO recipes (seq, id, source, title, category) VALUES (?, ?, 'themealdb', ?, ?)",
                    arguments: [seq, id, "Dish \(seq)", category])
                try db.execute(
                    sql: "INSERT INTO recipe_search (rowid, title, ingredients, category, diets, tags) VALUES (?, ?, '', ?, '', '')",
                    arguments: [seq, "Dish \(seq)", category])
            }
        }
        try Schema.migrator.migrate(queue)
        try queue.read { db in
            let categories = try String.fetchAll(db, sql: "SELECT category FROM recipes ORDER BY seq")
            #expect(categories == ["Vegetarian", "Vegetarian", "Dessert"])
            let diets = try String.fetchAll(db, sql: "SELECT recipe_id || ' ' || diet FROM recipe_diets ORDER BY recipe_id, diet")
            #expect(diets == ["mealdb-1 vegan", "mealdb-1 vegetarian", "mealdb-2 vegetarian"])
            let found = try Int.fetchAll(db, sql: "SELECT rowid FROM recipe_search WHERE recipe_search MATCH 'diets : vegan' ORDER BY rowid")
            #expect(found == [1])
            #expect(try Int.fetchAll(db, sql: "SELECT rowid FROM recipe_search WHERE recipe_search MATCH 'category : vegan'").isEmpty)
            #expect(try String.fetchAll(db, sql: "SELECT area FROM recipe_effective") == ["", "", ""])
        }
    }
}
