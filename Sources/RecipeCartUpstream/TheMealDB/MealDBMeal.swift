import Foundation

/// One meal as `search.php`, `lookup.php` and `random.php` return it.
///
/// Decoding trims every value and turns blanks into nil (see `KeyedDecodingContainer.text`), and
/// gathers the numbered `strIngredientN` / `strMeasureN` slots into `ingredients`. Only `idMeal`
/// is required. Encoding writes TheMealDB's own shape, so tests and the stand-in server can make
/// answers from values.
package struct MealDBMeal: Codable, Sendable, Equatable {
    /// `idMeal`: digits upstream, but checked only by the mapper.
    package var id: String
    /// `strMeal`
    package var name: String?
    /// `strDrinkAlternate`, or `strMealAlternate` which some answers use instead.
    package var alternateName: String?
    package var category: String?
    package var area: String?
    /// `strInstructions`, line breaks kept.
    package var instructions: String?
    /// `strMealThumb`: the picture's URL.
    package var thumbnail: String?
    /// `strTags`: comma-separated.
    package var tags: String?
    package var youtube: String?
    /// Slots in number order, without empty ones.
    package var ingredients: [MealDBIngredient]
    package var source: String?
    package var imageSource: String?
    package var creativeCommonsConfirmed: String?
    package var dateModified: String?

    package init(
        id: String, name: String? = nil, alternateName: String? = nil, category: String? = nil,
        area: String? = nil, instructions: String? = nil, thumbnail: String? = nil, tags: String? = nil,
        youtube: String? = nil, ingredients: [MealDBIngredient] = [], source: String? = nil,
        imageSource: String? = nil, creativeCommonsConfirmed: String? = nil, dateModified: String? = nil
    ) {
        self.id = id
        self.name = name
        self.alternateName = alternateName
        self.category = category
        self.area = area
        self.instructions = instructions
        self.thumbnail = thumbnail
        self.tags = tags
        self.youtube = youtube
        self.ingredients = ingredients
        self.source = source
        self.imageSource = imageSource
        self.creativeCommonsConfirmed = creativeCommonsConfirmed
        self.dateModified = dateModified
    }

    /// TheMealDB always sends this many slots; more are read if they ever appear.
    package static let standardSlotCount = 20

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        id = try container.requiredText("idMeal")
        name = container.text("strMeal")
        alternateName = container.text("strDrinkAlternate") ?? container.text("strMealAlternate")
        category = container.text("strCategory")
        area = container.text("strArea")
        instructions = container.text("strInstructions")
        thumbnail = container.text("strMealThumb")
        tags = container.text("strTags")
        youtube = container.text("strYoutube")
        source = container.text("strSource")
        imageSource = container.text("strImageSource")
        creativeCommonsConfirmed = container.text("strCreativeCommonsConfirmed")
        dateModified = container.text("dateModified")

        let slots = Set(container.allKeys.compactMap { Self.slotNumber($0.stringValue) }).sorted()
        ingredients = slots.compactMap { slot in
            guard let name = UpstreamValue.clean(container.text("strIngredient\(slot)")) else { return nil }
            return MealDBIngredient(name: name, measure: UpstreamValue.clean(container.text("strMeasure\(slot)")) ?? "")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MealDBKey.self)
        try container.encodeText(id, "idMeal")
        try container.encodeText(name, "strMeal")
        try container.encodeText(alternateName, "strDrinkAlternate")
        try container.encodeText(category, "strCategory")
        try container.encodeText(area, "strArea")
        try container.encodeText(instructions, "strInstructions")
        try container.encodeText(thumbnail, "strMealThumb")
        try container.encodeText(tags, "strTags")
        try container.encodeText(youtube, "strYoutube")
        for slot in 1...max(Self.standardSlotCount, ingredients.count) {
            let ingredient = slot <= ingredients.count ? ingredients[slot - 1] : nil
            try container.encodeText(ingredient?.name, "strIngredient\(slot)")
            try container.encodeText(ingredient?.measure, "strMeasure\(slot)")
        }
        try container.encodeText(source, "strSource")
        try container.encodeText(imageSource, "strImageSource")
        try container.encodeText(creativeCommonsConfirmed, "strCreativeCommonsConfirmed")
        try container.encodeText(dateModified, "dateModified")
    }

    /// 7 for `strIngredient7`; nil for any other key.
    private static func slotNumber(_ key: String) -> Int? {
        let prefix = "strIngredient"
        guard key.hasPrefix(prefix) else { return nil }
        let digits = key.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

/// One filled ingredient slot of a meal, trimmed; `measure` may be empty.
package struct MealDBIngredient: Sendable, Equatable {
    package var name: String
    package var measure: String

    package init(name: String, measure: String) {
        self.name = name
        self.measure = measure
    }
}
