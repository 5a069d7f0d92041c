import RecipeCartDomain

/// What shapes a shopping list besides the cart: the shopper's "I have this" marks and the shop's aisle order.
package protocol ShoppingListStore: Sendable {
    /// Each session's marks by ingredient key: true moved a row to "Already have", false kept a staple on the list.
    /// Sessions with none are left out.
    func have(sessions: [SessionKey]) async throws -> [SessionKey: [String: Bool]]
    /// Marks one row; the session's row is made by this write if it has none yet.
    func setHave(_ hasIt: Bool, ingredient key: String, session: SessionKey) async throws
    /// The shop's walking order, as the staff saved it (raw `Aisle` values); empty until they do.
    func aisleOrder() async throws -> [String]
    func setAisleOrder(_ aisles: [String]) async throws
}

extension ShoppingListStore {
    /// One session's marks.
    package func have(session: SessionKey) async throws -> [String: Bool] {
        try await have(sessions: [session])[session] ?? [:]
    }
}
