import RecipeCartStorage

/// Short anonymous names for carts on the staff board, derived from the stored session hash under the
/// server key: stable for a cart, meaningless without the key, never the cookie or the hash itself.
struct CartLabeler: Sendable {
    private static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    let serverKey: ServerKey

    func label(for sessionHash: String) -> String {
        let digest = serverKey.mac("cart-label|\(sessionHash)")
        return String(digest.prefix(6).map { Self.alphabet[Int($0) % Self.alphabet.count] })
    }
}
