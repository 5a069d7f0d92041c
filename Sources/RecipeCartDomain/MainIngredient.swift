/// What a recipe is mostly made of, for the Browse page's "Main ingredient" filter (`?ingredient=`). Each one is found
/// by the words its ingredient names use, or because the recipe API listed the recipe under it (TheMealDB's
/// `filter.php?i=`, whose tiles name no ingredients); a value not listed here is ignored, like an unknown category or diet.
package enum MainIngredient: String, CaseIterable, Sendable {
    case chicken, beef, pork, lamb, fish, prawns, eggs, tofu, beans, mushrooms, pasta, rice

    package var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// Lower-case words an ingredient name holds when it is this (`chicken thighs`, `penne`, `red lentils`).
    package var words: [String] {
        switch self {
        case .chicken: ["chicken"]
        case .beef: ["beef", "steak", "brisket"]
        case .pork: ["pork", "bacon", "ham", "sausage", "chorizo", "pancetta", "guanciale"]
        case .lamb: ["lamb", "mutton"]
        case .fish: ["fish", "salmon", "cod", "tuna", "haddock", "mackerel", "trout", "sardine", "anchov"]
        case .prawns: ["prawn", "shrimp"]
        case .eggs: ["egg"]
        case .tofu: ["tofu"]
        case .beans: ["bean", "chickpea", "lentil"]
        case .mushrooms: ["mushroom"]
        case .pasta:
            ["pasta", "spaghetti", "penne", "linguine", "fettuccine", "tagliatelle", "macaroni", "lasagne", "noodle"]
        case .rice: ["rice"]
        }
    }

    /// `LIKE` patterns for the words, the same on both databases.
    package var likePatterns: [String] { words.map { "%\($0)%" } }
}
