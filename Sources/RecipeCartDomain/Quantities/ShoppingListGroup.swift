/// The items of one aisle, or those the shopper already has.
package struct ShoppingListGroup: Sendable, Equatable {
    /// nil for "Already have".
    package var aisle: Aisle?
    /// Sorted by name, ignoring case, accents and plurals.
    package var items: [ShoppingList.Item]

    /// The `data-aisle` value: the aisle's raw value, or `have`.
    package var id: String {
        aisle?.rawValue ?? "have"
    }

    package var title: String {
        aisle?.title ?? "Already have"
    }
}
