/// The items of one aisle, or those the shopper already has.
public struct ShoppingListGroup: Sendable, Equatable {
    /// nil for "Already have".
    public var aisle: Aisle?
    /// Sorted by name, ignoring case, accents and plurals.
    public var items: [ShoppingList.Item]

    /// The `data-aisle` value: the aisle's raw value, or `have`.
    public var id: String {
        aisle?.rawValue ?? "have"
    }

    public var title: String {
        aisle?.title ?? "Already have"
    }
}
