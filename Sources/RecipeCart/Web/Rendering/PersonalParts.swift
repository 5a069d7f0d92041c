/// The values on a page that belong to one shopper: rendered as placeholders into cached pages,
/// then filled in for each request.
struct PersonalParts: Sendable {
    var csrfToken: String
    var cartCount: String
    /// "7 batches of recipes in your cart": the badge's accessible name, which says what it counts.
    var cartCountLabel: String
    var badgeClass: String
    /// Ready-made HTML (`StatusMessage.html`), empty when there is nothing to say.
    var statusHTML: String
    /// A page's own part for this shopper (`RecipeCartBlock` on a detail page), empty elsewhere.
    var blockHTML = ""

    /// Control characters never occur in our markup or escaped text, so these cannot clash with content.
    static let placeholders = PersonalParts(
        csrfToken: "\u{1}csrf\u{1}", cartCount: "\u{1}count\u{1}", cartCountLabel: "\u{1}count-label\u{1}",
        badgeClass: "\u{1}badge\u{1}", statusHTML: "\u{1}status\u{1}", blockHTML: "\u{1}block\u{1}")

    func value(for placeholder: String) -> String? {
        switch placeholder {
        case Self.placeholders.csrfToken: csrfToken
        case Self.placeholders.cartCount: cartCount
        case Self.placeholders.cartCountLabel: cartCountLabel
        case Self.placeholders.badgeClass: badgeClass
        case Self.placeholders.statusHTML: statusHTML
        case Self.placeholders.blockHTML: blockHTML
        default: nil
        }
    }
}
