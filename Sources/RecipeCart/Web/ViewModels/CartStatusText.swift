import RecipeCartDomain

/// What a stepper post says on the page it lands on.
enum CartStatusText {
    static func afterChange(_ change: CartChange, title: String, quantity: Int) -> String {
        let count = "\(quantity) in your cart"
        switch change {
        case _ where quantity == 0: return "Removed \(title) from your cart."
        case .increment: return "Added \(title) · \(count)"
        case .decrement: return "Took one \(title) out · \(count)"
        case .set: return "\(title) · \(count)"
        case .servings(let servings): return "\(title) · for \(DisplayText.servings(servings))"
        }
    }
}
