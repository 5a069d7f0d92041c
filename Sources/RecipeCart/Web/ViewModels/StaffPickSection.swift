import RecipeCartDomain

/// One aisle of an order's pick list on the board, each row with its mark (`data-pick-state`) and the forms that
/// set it. Every form names the mark the board showed (`was…`), so a mark made meanwhile on another board is not
/// overwritten unseen.
struct StaffPickSection {
    struct Row {
        var key: String
        var name: String
        var amounts: String
        var notes: String?
        /// `found`, `short` or `replaced`; nil while unmarked.
        var state: String?
        var markText: String?
        var was: String
        var wasMissing: String?
        var wasReplacement: String?
        var action: String
        var canMark: Bool
    }

    var id: String
    var title: String
    var rows: [Row]

    static func sections(_ groups: [ShoppingListGroup], marks: [String: PickMark], action: String, canMark: Bool)
        -> [StaffPickSection]
    {
        groups.map { group in
            StaffPickSection(
                id: group.id, title: group.title,
                rows: group.items.map { item in
                    let mark = marks[item.key]
                    return Row(
                        key: item.key, name: item.name, amounts: item.amount,
                        notes: item.notes.isEmpty ? nil : item.notes.joined(separator: ", "), state: mark?.state,
                        markText: mark.map(PickMarkText.text), was: mark?.state ?? "none",
                        wasMissing: mark?.missing.map(String.init), wasReplacement: mark?.replacement, action: action,
                        canMark: canMark)
                })
        }
    }
}

/// A pick mark in words, the same on the board and on the shopper's order page.
enum PickMarkText {
    static func text(_ mark: PickMark) -> String {
        switch mark {
        case .found: "Found"
        case .short(let missing): "Short: \(missing) missing"
        case .replaced(let replacement): "Replaced with \(replacement)"
        }
    }
}
