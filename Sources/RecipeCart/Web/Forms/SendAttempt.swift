/// A "Send to the shop" that was refused for its pickup slot: what the shopper typed and chose, kept for the cart page
/// that says why, so nothing has to be typed again.
struct SendAttempt: Sendable {
    var note: String
    var phone: String
    var substitution: String?
    /// The slot's start as posted; chosen again when it can still be taken.
    var slot: String?
    var problem: String
}
