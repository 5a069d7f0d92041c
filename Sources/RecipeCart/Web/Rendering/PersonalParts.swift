/// The values on a page that belong to one shopper: rendered as placeholders into cached pages,
/// then filled in for each request.
struct PersonalParts: Sendable {
    var csrfToken: String
    var cartCount: String
    var badgeClass: String

    /// Control characters never occur in our markup or escaped text, so these cannot clash with content.
    static let placeholders = PersonalParts(csrfToken: "\u{1}csrf\u{1}", cartCount: "\u{1}count\u{1}", badgeClass: "\u{1}badge\u{1}")

    func value(for placeholder: String) -> String? {
        switch placeholder {
        case Self.placeholders.csrfToken: csrfToken
        case Self.placeholders.cartCount: cartCount
        case Self.placeholders.badgeClass: badgeClass
        default: nil
        }
    }
}
