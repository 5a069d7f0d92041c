import ArgumentParser
import Foundation
import RecipeCart
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream

/// `recipecart-bench dump --count 100000 --out FILE`: a TheMealDB-shaped dump (`{"meals": […]}`) of generated
/// recipes, for timing `web import --file` at the size a big shop reaches.
struct Dump: AsyncParsableCommand {
    @Option var count = 100_000
    @Option var out: String

    private struct Meals: Encodable {
        let meals: [MealDBMeal]
    }

    func run() async throws {
        var generator = RecipeGenerator(seed: 0x5EED_CAFE)
        let meals = (1...count).map { number in
            let recipe = generator.recipe(number: number)
            return MealDBMeal(
                id: String(900_000 + number), name: recipe.title, category: recipe.category, area: "British",
                instructions: recipe.steps.joined(separator: "\r\n"),
                thumbnail: recipe.imagePath == nil
                    ? nil : "https://www.themealdb.com/images/media/meals/gen\(number).jpg",
                tags: recipe.tags.joined(separator: ","),
                ingredients: recipe.ingredients.map { MealDBIngredient(name: $0.name, measure: $0.measure) })
        }
        try JSONEncoder().encode(Meals(meals: meals)).write(to: URL(fileURLWithPath: out))
        print("wrote \(count) meals to \(out)")
    }
}
