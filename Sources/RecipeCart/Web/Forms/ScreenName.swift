import Foundation

/// The name staff give a paired screen ("Back room TV"), as the screen list shows it.
struct ScreenName: Sendable, Equatable {
    static let maximumLength = 40
    /// For a screen paired without a name: the list still needs something to say.
    static let unnamed = ScreenName(checked: "Wall screen")

    let text: String

    private init(checked text: String) {
        self.text = text
    }

    /// Trimmed; empty is `unnamed`. Nil for a name too long to list or with control characters in it.
    init?(typed: String?) {
        let trimmed = (typed ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= Self.maximumLength,
            !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        self = trimmed.isEmpty ? Self.unnamed : ScreenName(checked: trimmed)
    }
}
