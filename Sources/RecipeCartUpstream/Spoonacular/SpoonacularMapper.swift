import Foundation
import RecipeCartDomain

/// Spoonacular DTOs → domain values. Pure functions: no I/O, no clock.
///
/// Every upstream string that is shown goes through `PlainText`, since Spoonacular writes HTML in
/// `summary` and now and then entities in titles and steps.
package enum SpoonacularMapper {
    package static let idPrefix = "spoon-"

    /// `spoon-716426` for `716426`; nil unless the id is positive.
    package static func recipeID(forSpoonacularID id: Int) -> RecipeID? {
        id > 0 ? RecipeID("\(idPrefix)\(id)") : nil
    }

    /// A full recipe. A search result usually lacks `extendedIngredients`, and then maps with no
    /// ingredients: fetch `/information` before treating it as complete.
    /// - Parameter imageBase: what a relative `image` resolves against (the legacy search's `baseUri`).
    package static func recipe(from dto: SpoonacularRecipe, imageBase: URL? = nil) throws(UpstreamMappingError)
        -> UpstreamRecipe
    {
        let summary = try summary(from: dto, imageBase: imageBase)
        let recipe = Recipe(
            id: summary.summary.id, title: summary.summary.title,
            description: dto.summary.map(PlainText.from(html:)) ?? "",
            category: summary.summary.category, area: (dto.cuisines ?? []).lazy.compactMap(UpstreamValue.clean).first,
            servings: summary.summary.servings, readyInMinutes: summary.summary.readyInMinutes,
            diets: diets(of: dto),
            tags: UpstreamValue.tags((dto.cuisines ?? []) + (dto.dishTypes ?? [])),
            imagePath: nil,
            sourceURL: UpstreamValue.webURL(dto.sourceUrl) ?? UpstreamValue.webURL(dto.spoonacularSourceUrl),
            ingredients: (dto.extendedIngredients ?? []).compactMap(ingredient),
            steps: steps(dto.analyzedInstructions ?? []))
        return UpstreamRecipe(recipe: recipe, imageURL: summary.imageURL)
    }

    /// The results that map, in upstream order; the others are skipped.
    package static func recipes(from response: SpoonacularSearchResponse) -> [UpstreamRecipe] {
        response.results.compactMap { try? recipe(from: $0, imageBase: response.imageBase) }
    }

    /// A tile from any search result, complexSearch or legacy.
    package static func summary(from dto: SpoonacularRecipe, imageBase: URL? = nil) throws(UpstreamMappingError)
        -> UpstreamSummary
    {
        guard let id = recipeID(forSpoonacularID: dto.id) else { throw .invalidID(String(dto.id)) }
        let title = dto.title.map(PlainText.from(html:)) ?? ""
        guard !title.isEmpty else { throw .missingTitle(id: String(dto.id)) }
        let summary = RecipeSummary(
            id: id, title: title, category: category(dishTypes: dto.dishTypes ?? []),
            servings: positive(dto.servings), readyInMinutes: positive(dto.readyInMinutes), imagePath: nil)
        let image = dto.image ?? dto.imageUrls?.first
        return UpstreamSummary(summary: summary, imageURL: imageURL(image, base: imageBase))
    }

    /// The results that map, in upstream order, relative images resolved against the answer's `baseUri`.
    package static func summaries(from response: SpoonacularSearchResponse) -> [UpstreamSummary] {
        response.results.compactMap { try? summary(from: $0, imageBase: response.imageBase) }
    }

    /// "Main course" for `["main course", "dinner"]`: the first dish type, first letter capitalised.
    package static func category(dishTypes: [String]) -> String {
        guard let first = dishTypes.lazy.compactMap(UpstreamValue.clean).first else {
            return UpstreamValue.fallbackCategory
        }
        return first.prefix(1).uppercased() + first.dropFirst()
    }

    /// From the flags and the `diets` names together; vegan implies vegetarian.
    package static func diets(of dto: SpoonacularRecipe) -> [Diet] {
        var diets: Set<Diet> = []
        if dto.vegetarian == true { diets.insert(.vegetarian) }
        if dto.vegan == true { diets.insert(.vegan) }
        if dto.glutenFree == true { diets.insert(.glutenFree) }
        if dto.dairyFree == true { diets.insert(.dairyFree) }
        for name in dto.diets ?? [] {
            switch UpstreamValue.clean(name)?.lowercased() {
            case "vegan": diets.insert(.vegan)
            case "vegetarian", "lacto ovo vegetarian", "lacto vegetarian", "ovo vegetarian": diets.insert(.vegetarian)
            case "gluten free": diets.insert(.glutenFree)
            case "dairy free": diets.insert(.dairyFree)
            default: break
            }
        }
        if diets.contains(.vegan) { diets.insert(.vegetarian) }
        return UpstreamValue.ordered(diets)
    }

    /// Every step of every block in order. A named block ("For the sauce") puts its name in front of
    /// its first step, so the page's single numbered list still says what the steps are for.
    package static func steps(_ blocks: [SpoonacularInstructions]) -> [String] {
        blocks.flatMap { block in
            let steps = block.steps.compactMap { $0.step.map(PlainText.from(html:)) }.filter { !$0.isEmpty }
            guard let name = block.name.map(PlainText.from(html:)), !name.isEmpty, let first = steps.first else {
                return steps
            }
            let label = name.hasSuffix(":") ? name : name + ":"
            return ["\(label) \(first)"] + steps.dropFirst()
        }
    }

    /// Name plus a measure built from `amount` and `unit` ("2 cups", "0.5 tsp"), rather than
    /// `original`, whose wording mixes the two. Without a name, `original` is kept whole as the name.
    package static func ingredient(_ dto: SpoonacularIngredient) -> Ingredient? {
        if let name = dto.name.map(PlainText.from(html:)), !name.isEmpty {
            return Ingredient(name: name, measure: measure(amount: dto.amount, unit: dto.unit), aisle: aisle(dto.aisle))
        }
        guard let original = dto.original.map(PlainText.from(html:)), !original.isEmpty else { return nil }
        return Ingredient(name: original, measure: "", aisle: aisle(dto.aisle))
    }

    /// Kept only when it names one: the shopping list reads it with `Aisle(spoonacularAisle:)`.
    private static func aisle(_ text: String?) -> String? {
        guard let text = text.map(PlainText.from(html:)), !text.isEmpty, text.count <= 200 else { return nil }
        return text
    }

    package static func measure(amount: Double?, unit: String?) -> String {
        let amount = amount.flatMap { $0 > 0 && $0.isFinite ? format($0) : nil }
        return [amount, unit.map(PlainText.from(html:))].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// At most two decimals, none when whole: 2 → "2", 0.5 → "0.5", 0.333… → "0.33".
    package static func format(_ amount: Double) -> String {
        var text = String(format: "%.2f", amount)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// An absolute http(s) `image` as is; a relative one resolved against `base`.
    package static func imageURL(_ image: String?, base: URL?) -> URL? {
        guard let image = UpstreamValue.clean(image) else { return nil }
        if let absolute = UpstreamValue.webURL(image) { return absolute }
        guard let base, let path = image.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else {
            return nil
        }
        let directory = base.absoluteString.hasSuffix("/") ? base : base.appendingPathComponent("")
        return UpstreamValue.webURL(URL(string: path, relativeTo: directory)?.absoluteString)
    }

    /// Spoonacular writes 0 or -1 for unknown servings and times; the pages want nil.
    private static func positive(_ value: Int?) -> Int? {
        value.flatMap { $0 > 0 ? $0 : nil }
    }
}
