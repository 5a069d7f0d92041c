extension ShoppingList {
    /// One line of the list: `1.2 kg` `potatoes`; `5 tsp` `salt` (`to taste`); `2` `onions`.
    package struct Item: Sendable, Equatable {
        /// The ingredient's key: lowercased, accents folded, last word singular (`tomato puree`).
        /// The same across renders and recipes, so the web layer records "I have this" under it.
        package var key: String
        /// As the first recipe that needs it wrote it; beside a count of the thing itself, agreeing
        /// with the number (`2 onions`, `1 tomato`), unless it has no plural (`garlic`).
        package var name: String
        /// What to buy, one display string a sum that could not be added to the others:
        /// `["240 g", "¾ cup"]`, `["3 cloves", "1 head"]`; empty when no recipe gave a number.
        /// Mass and volume are already one amount when the ingredient's density is known.
        package var amounts: [String]
        /// Words that are not an amount (`to taste`, `a pinch`, `for frying`), once each.
        package var notes: [String]
        /// Unique, in the order of the entries.
        package var recipes: [String]
        package var aisle: Aisle
        /// Salt, pepper, water, cooking oil: starts under "Already have".
        package var isStaple: Bool

        package init(
            key: String, name: String, amounts: [String], notes: [String], recipes: [String], aisle: Aisle,
            isStaple: Bool
        ) {
            self.key = key
            self.name = name
            self.amounts = amounts
            self.notes = notes
            self.recipes = recipes
            self.aisle = aisle
            self.isStaple = isStaple
        }

        /// The amounts on one line: `240 g + ¾ cup`; empty when there are none.
        package var amount: String {
            amounts.joined(separator: " + ")
        }

        /// Whether it goes under "Already have": the shopper's word (`have`, by key), else whether
        /// it is a staple.
        package func isHad(_ have: [String: Bool]) -> Bool {
            have[key] ?? isStaple
        }
    }
}
