import RecipeCartDomain

/// The hidden `copy` field of the edit and revert forms: which copy the form was opened for, so that a form opened
/// as staff never saves a shopper's version after the sign-in ended, nor the other way round.
enum EditCopyField {
    static let name = "copy"
    static let shop = "shop"
    static let personal = "personal"

    /// True when the form was opened for the other copy; a form without the field goes to whoever asks now.
    static func contradicts(_ value: String?, _ copy: EditCopy) -> Bool {
        switch value {
        case shop?: copy != .shop
        case personal?: copy == .shop
        default: false
        }
    }
}
