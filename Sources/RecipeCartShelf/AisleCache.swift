import RecipeCartDomain

/// The aisle of each category text a file has shown, since a file of 10,000 products names a few dozen categories.
struct AisleCache {
    private var known: [String: Aisle?] = [:]

    mutating func aisle(for category: String) -> Aisle? {
        guard !category.isEmpty else { return nil }
        if let aisle = known[category] { return aisle }
        let aisle = Aisle(tillCategory: category)
        known[category] = aisle
        return aisle
    }
}
