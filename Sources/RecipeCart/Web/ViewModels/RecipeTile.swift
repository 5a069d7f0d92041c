import Mustache
import RecipeCartDomain

/// A recipe as a tile or a list row: display strings only.
struct RecipeTile {
    var id: String
    var title: String
    var url: String
    var imageURL: String?
    var servingsText: String
    var timeText: String
    /// On a page ranked by what the shopper has: how many ingredients are missing, and which.
    var missingCount: Int?
    var missingText: String?
    /// What a serving costs at the shop's prices, when anything of it could be priced.
    var cost: ServingPrice?

    init(_ summary: RecipeSummary, missing: [String]? = nil, cost: ServingPrice? = nil) {
        id = summary.id.rawValue
        title = summary.title
        url = SiteURL.recipe(summary.id).path
        imageURL = summary.imagePath.map(ImageURL.make)
        servingsText = DisplayText.servings(summary.servings)
        timeText = DisplayText.minutes(summary.readyInMinutes)
        missingCount = missing?.count
        missingText = missing.map { $0.isEmpty ? "Nothing missing" : "Missing: " + $0.joined(separator: ", ") }
        self.cost = cost
    }
}

extension RecipeTile: StencilItem {
    static let template = PartialTemplate.tile

    /// What tile.mustache may show, by the name it uses there.
    enum Field: String, CaseIterable, Sendable {
        case id, title, url, imageURL, servingsText, timeText, missingCount, missingText, costText, costMinor
    }

    static let optionalFields: [Field] = [.imageURL, .missingCount, .missingText, .costText, .costMinor]

    func value(of field: Field) -> String? {
        switch field {
        case .id: id
        case .title: title
        case .url: url
        case .imageURL: imageURL
        case .servingsText: servingsText
        case .timeText: timeText
        case .missingCount: missingCount.map(String.init)
        case .missingText: missingText
        case .costText: cost?.servingText
        case .costMinor: cost?.servingMinor
        }
    }
}

/// Named rather than reflected: the cart lists a tile's values, and a Browse section without pictures its titles.
extension RecipeTile: MustacheParent {
    func child(named name: String) -> Any? {
        Field(rawValue: name).flatMap(value(of:))
    }
}

enum ImageURL {
    static func make(_ path: String) -> String { "/images/\(path)" }
}

/// Numbers as a shopper reads them; unknown values say so instead of showing 0.
enum DisplayText {
    static func servings(_ servings: Int?) -> String {
        guard let servings else { return "Servings not given" }
        return servings == 1 ? "1 serving" : "\(servings) servings"
    }

    static func minutes(_ minutes: Int?) -> String {
        guard let minutes else { return "Time not given" }
        if minutes < 60 { return "\(minutes) min" }
        let hours = minutes / 60
        let rest = minutes % 60
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }

    static func recipeCount(_ count: Int, orMore: Bool = false) -> String {
        orMore ? "\(count)+ recipes" : count == 1 ? "1 recipe" : "\(count) recipes"
    }

    /// A cart quantity counts batches: the recipe's ingredients, as written, once per batch.
    static func batches(_ count: Int) -> String {
        count == 1 ? "1 batch" : "\(count) batches"
    }

    static func cartBadgeLabel(_ count: Int) -> String {
        count == 0 ? "Your cart is empty" : "\(batches(count)) of recipes in your cart"
    }
}
