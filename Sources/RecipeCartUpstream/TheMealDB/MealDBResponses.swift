import Foundation

/// `search.php?s=`, `lookup.php?i=` and `random.php` answer `{"meals": [...]}` with full meals;
/// `filter.php?c=…` the same shape with `{"strMeal", "strMealThumb", "idMeal"}` entries. Both are
/// `{"meals": null}` when nothing matched. An entry that does not decode is left out and listed in
/// `failures`; an answer without a `meals` key is not TheMealDB's and throws.
package struct MealDBMealsAnswer<Meal: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var meals: [Meal]
    package var failures: [String]

    package init(meals: [Meal], failures: [String] = []) {
        self.meals = meals
        self.failures = failures
    }

    package init(from decoder: any Decoder) throws {
        let list = try MealDBList<Meal>.decode("meals", from: decoder)
        self.init(meals: list.elements, failures: list.failures)
    }

    package func encode(to encoder: any Encoder) throws {
        try MealDBList.encode(meals, as: "meals", to: encoder)
    }
}

package typealias MealDBMealsResponse = MealDBMealsAnswer<MealDBMeal>
package typealias MealDBSummariesResponse = MealDBMealsAnswer<MealDBMealSummary>

/// One entry of a `filter.php` answer: just enough for a tile.
package struct MealDBMealSummary: Codable, Sendable, Equatable {
    package var id: String
    package var name: String?
    package var thumbnail: String?

    package init(id: String, name: String?, thumbnail: String?) {
        self.id = id
        self.name = name
        self.thumbnail = thumbnail
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        id = try container.requiredText("idMeal")
        name = container.text("strMeal")
        thumbnail = container.text("strMealThumb")
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MealDBKey.self)
        try container.encodeText(name, "strMeal")
        try container.encodeText(thumbnail, "strMealThumb")
        try container.encodeText(id, "idMeal")
    }
}

package typealias MealDBAreasResponse = MealDBMealsAnswer<MealDBArea>

/// One entry of `list.php?a=list`: `{"strArea": "Italian"}`.
package struct MealDBArea: Codable, Sendable, Equatable {
    package var name: String

    package init(name: String) {
        self.name = name
    }

    package init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: MealDBKey.self).requiredText("strArea")
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MealDBKey.self)
        try container.encodeText(name, "strArea")
    }
}

/// `categories.php`: `{"categories": [...]}`.
package struct MealDBCategoriesResponse: Codable, Sendable, Equatable {
    package var categories: [MealDBCategory]
    package var failures: [String]

    package init(categories: [MealDBCategory], failures: [String] = []) {
        self.categories = categories
        self.failures = failures
    }

    package init(from decoder: any Decoder) throws {
        let list = try MealDBList<MealDBCategory>.decode("categories", from: decoder)
        self.init(categories: list.elements, failures: list.failures)
    }

    package func encode(to encoder: any Encoder) throws {
        try MealDBList.encode(categories, as: "categories", to: encoder)
    }
}

/// One category of `categories.php`; only its name is required.
package struct MealDBCategory: Codable, Sendable, Equatable {
    package var id: String?
    package var name: String
    package var thumbnail: String?
    package var description: String?

    package init(id: String?, name: String, thumbnail: String?, description: String?) {
        self.id = id
        self.name = name
        self.thumbnail = thumbnail
        self.description = description
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        id = container.text("idCategory")
        name = try container.requiredText("strCategory")
        thumbnail = container.text("strCategoryThumb")
        description = container.text("strCategoryDescription")
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MealDBKey.self)
        try container.encodeText(id, "idCategory")
        try container.encodeText(name, "strCategory")
        try container.encodeText(thumbnail, "strCategoryThumb")
        try container.encodeText(description, "strCategoryDescription")
    }
}

/// The one-key wrapper every TheMealDB answer has: the key must be there, its value is an array or null.
package enum MealDBList<Element: Codable> {
    package static func decode(_ name: String, from decoder: any Decoder) throws -> LossyList<Element> {
        let container = try decoder.container(keyedBy: MealDBKey.self)
        let key = MealDBKey(name)
        guard container.contains(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: decoder.codingPath, debugDescription: "\(name) is missing"))
        }
        return try container.decodeIfPresent(LossyList<Element>.self, forKey: key) ?? LossyList(elements: [])
    }

    /// An empty list is written as null, as TheMealDB writes it.
    package static func encode(_ elements: [Element], as name: String, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MealDBKey.self)
        try container.encode(elements.isEmpty ? nil : elements, forKey: MealDBKey(name))
    }
}
