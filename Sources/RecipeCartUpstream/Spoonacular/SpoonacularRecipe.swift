import Foundation

/// One recipe as Spoonacular returns it: a `complexSearch` result (with `addRecipeInformation=true`),
/// a `/recipes/{id}/information` answer, or a legacy `/recipes/search` result.
///
/// Everything but `id` is optional and read leniently: a missing, null or wrong-typed field is nil,
/// and a list keeps the elements that decode. Field names are Spoonacular's.
package struct SpoonacularRecipe: Codable, Sendable, Equatable {
    package var id: Int
    package var title: String?
    /// An absolute URL, except in the legacy search where it is relative to the answer's `baseUri`.
    package var image: String?
    package var imageType: String?
    /// Legacy search only: relative picture names, the first being the usual one.
    package var imageUrls: [String]?
    package var readyInMinutes: Int?
    package var servings: Int?
    package var sourceUrl: String?
    package var spoonacularSourceUrl: String?
    /// HTML.
    package var summary: String?
    package var diets: [String]?
    package var dishTypes: [String]?
    package var cuisines: [String]?
    package var analyzedInstructions: [SpoonacularInstructions]?
    /// Missing from search results unless asked for; `/information` has it.
    package var extendedIngredients: [SpoonacularIngredient]?
    package var vegetarian: Bool?
    package var vegan: Bool?
    package var glutenFree: Bool?
    package var dairyFree: Bool?

    package init(
        id: Int, title: String? = nil, image: String? = nil, imageType: String? = nil, imageUrls: [String]? = nil,
        readyInMinutes: Int? = nil, servings: Int? = nil, sourceUrl: String? = nil, spoonacularSourceUrl: String? = nil,
        summary: String? = nil, diets: [String]? = nil, dishTypes: [String]? = nil, cuisines: [String]? = nil,
        analyzedInstructions: [SpoonacularInstructions]? = nil, extendedIngredients: [SpoonacularIngredient]? = nil,
        vegetarian: Bool? = nil, vegan: Bool? = nil, glutenFree: Bool? = nil, dairyFree: Bool? = nil
    ) {
        self.id = id
        self.title = title
        self.image = image
        self.imageType = imageType
        self.imageUrls = imageUrls
        self.readyInMinutes = readyInMinutes
        self.servings = servings
        self.sourceUrl = sourceUrl
        self.spoonacularSourceUrl = spoonacularSourceUrl
        self.summary = summary
        self.diets = diets
        self.dishTypes = dishTypes
        self.cuisines = cuisines
        self.analyzedInstructions = analyzedInstructions
        self.extendedIngredients = extendedIngredients
        self.vegetarian = vegetarian
        self.vegan = vegan
        self.glutenFree = glutenFree
        self.dairyFree = dairyFree
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = container.lenient(String.self, forKey: .title)
        image = container.lenient(String.self, forKey: .image)
        imageType = container.lenient(String.self, forKey: .imageType)
        imageUrls = container.lenientList(String.self, forKey: .imageUrls)
        readyInMinutes = container.lenientInt(forKey: .readyInMinutes)
        servings = container.lenientInt(forKey: .servings)
        sourceUrl = container.lenient(String.self, forKey: .sourceUrl)
        spoonacularSourceUrl = container.lenient(String.self, forKey: .spoonacularSourceUrl)
        summary = container.lenient(String.self, forKey: .summary)
        diets = container.lenientList(String.self, forKey: .diets)
        dishTypes = container.lenientList(String.self, forKey: .dishTypes)
        cuisines = container.lenientList(String.self, forKey: .cuisines)
        analyzedInstructions = container.lenientList(SpoonacularInstructions.self, forKey: .analyzedInstructions)
        extendedIngredients = container.lenientList(SpoonacularIngredient.self, forKey: .extendedIngredients)
        vegetarian = container.lenient(Bool.self, forKey: .vegetarian)
        vegan = container.lenient(Bool.self, forKey: .vegan)
        glutenFree = container.lenient(Bool.self, forKey: .glutenFree)
        dairyFree = container.lenient(Bool.self, forKey: .dairyFree)
    }
}

/// One block of `analyzedInstructions`; recipes with parts ("For the sauce") have several.
package struct SpoonacularInstructions: Codable, Sendable, Equatable {
    package var name: String?
    package var steps: [SpoonacularStep]

    package init(name: String? = nil, steps: [SpoonacularStep]) {
        self.name = name
        self.steps = steps
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = container.lenient(String.self, forKey: .name)
        steps = container.lenientList(SpoonacularStep.self, forKey: .steps) ?? []
    }
}

package struct SpoonacularStep: Codable, Sendable, Equatable {
    package var number: Int?
    package var step: String?

    package init(number: Int?, step: String?) {
        self.number = number
        self.step = step
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = container.lenientInt(forKey: .number)
        step = container.lenient(String.self, forKey: .step)
    }
}

/// One entry of `extendedIngredients`. `amount` and `unit` are in the recipe's own units, the
/// ones `original` is written in (the `measures` conversions are not read).
package struct SpoonacularIngredient: Codable, Sendable, Equatable {
    package var id: Int?
    package var name: String?
    package var original: String?
    package var amount: Double?
    package var unit: String?
    /// Where a shop keeps it, in Spoonacular's words ("Produce", "Baking;Spices and Seasonings").
    package var aisle: String?

    package init(
        id: Int? = nil, name: String?, original: String? = nil, amount: Double?, unit: String?, aisle: String? = nil
    ) {
        self.id = id
        self.name = name
        self.original = original
        self.amount = amount
        self.unit = unit
        self.aisle = aisle
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.lenientInt(forKey: .id)
        name = container.lenient(String.self, forKey: .name)
        original = container.lenient(String.self, forKey: .original)
        amount = container.lenient(Double.self, forKey: .amount)
        unit = container.lenient(String.self, forKey: .unit)
        aisle = container.lenient(String.self, forKey: .aisle)
    }
}
